import type { AccountUser, ConnectedWalletInfo } from "../schema/account.ts"
import type { SocialProvider } from "../schema/login.ts"
import type { ChainNamespace, PreferredAccountType } from "../schema/namespace.ts"
import type { CaipNetwork } from "../schema/network.ts"

/**
 * A connection an adapter made or restored: the connector, its accounts (the first is the active one) and the chain
 * the wallet is on, as the chain reference of its namespace (`8453` for `eip155:8453`; `undefined` when the wallet
 * did not say).
 *
 * @example
 * ```ts
 * import type { AdapterConnection } from "./AdapterImplementation.ts"
 * const connection: AdapterConnection = { connectorId: "io.metamask", accounts: ["0x52908400098527886E0F7030069857D2E4169EE7"], chainId: 1 }
 * ```
 */
export interface AdapterConnection {
  readonly connectorId: string
  readonly accounts: ReadonlyArray<string>
  readonly chainId: string | number | undefined
  /**
   * Other namespaces the same connection serves, with their accounts and chain (one WalletConnect session can carry
   * EVM and Solana accounts): core connects each of them too, with the same connector.
   */
  readonly namespaces?: Readonly<Partial<Record<ChainNamespace, NamespaceConnection>>> | undefined
  /** The login behind an embedded-wallet connection (SPEC §3: user, account type, auth name). */
  readonly auth?: AuthConnection | undefined
  /**
   * The wallet behind the connection when it is not the connector's own (a WalletConnect session's peer: its name and
   * icon, as the wallet announced them, unchecked): the account's `connectedWalletInfo`, and the name ProfileWallets
   * shows.
   */
  readonly wallet?: ConnectedWalletInfo | undefined
}

/**
 * What an embedded wallet tells about its login: the user (email or social name, and accounts by type), which
 * account type is active, whether the smart account is deployed, and the name to show for the login.
 */
export interface AuthConnection {
  readonly user: AccountUser
  readonly preferredAccountType?: PreferredAccountType | undefined
  readonly smartAccountDeployed?: boolean | undefined
  readonly socialProvider?: SocialProvider | undefined
  /** The login as the account shows it: the email, or the social user name. */
  readonly name?: string | undefined
}

/** A namespace's side of a connection that serves several. */
export interface NamespaceConnection {
  readonly accounts: ReadonlyArray<string>
  readonly chainId: string | number | undefined
}

/**
 * What a connected wallet tells core after the connection was made. Core's flows turn each call into state.
 *
 * @example
 * ```ts
 * import type { AdapterEvents } from "./AdapterImplementation.ts"
 * const events: AdapterEvents = { accountsChanged: () => {}, chainChanged: () => {}, disconnected: () => {} }
 * ```
 */
export interface AdapterEvents {
  /** The wallet's accounts changed; an empty list means the app lost access (a disconnect). */
  accountsChanged(accounts: ReadonlyArray<string>): void
  /** The wallet moved to another chain (the chain reference of the namespace). */
  chainChanged(chainId: string | number): void
  /** The wallet ended the connection. */
  disconnected(): void
  /**
   * The login behind the connection changed (an embedded wallet's smart account deployed with a transaction): core
   * writes what is given over the account's login.
   */
  authChanged?(auth: Partial<AuthConnection>): void
}

/** A transfer to build: `amount` base units of the native coin, or of the token at `token.address`. */
export interface TransferArgs {
  readonly from: string
  readonly to: string
  readonly amount: bigint
  /** An ERC-20 contract or SPL mint (CAIP-10 or bare) and its decimals; absent for the native coin. */
  readonly token?: { readonly address: string; readonly decimals: number } | undefined
  readonly network: CaipNetwork
}

/** A built transfer: the wallet request that sends it, and the network fee in the native coin's base units. */
export interface PreparedTransfer {
  readonly method: string
  readonly params: unknown
  readonly fee: bigint
}

/**
 * What an adapter's code provides once loaded: the live half of a wallet family. Providers, sessions and wallet
 * objects stay inside the implementation, keyed by connector id; core only ever holds connector ids and the
 * serialisable data discovery reported. Every member is optional, so an EIP-1193 bridge, WalletConnect, Wallet
 * Standard or an iframe-backed wallet implements what it has. Promises reject with the wallet's own error; core maps
 * it (EIP-1193 code 4001 is a rejection).
 *
 * @example
 * ```ts
 * import type { AdapterImplementation } from "./AdapterImplementation.ts"
 * const implementation: AdapterImplementation = {
 *   name: "example",
 *   connect: async ({ connectorId }) => ({ connectorId, accounts: ["0x52908400098527886E0F7030069857D2E4169EE7"], chainId: 1 })
 * }
 * ```
 */
export interface AdapterImplementation {
  /** A name for logs and errors, e.g. "EIP-1193". */
  readonly name?: string | undefined
  /**
   * The wallet shows no prompt of its own (the embedded wallet): core asks the user in the modal's ApproveTransaction
   * before each unsafe request (SPEC §4, §5), shows 'Action not allowed' for a method in neither of SPEC §5's lists,
   * and hands apps a provider whose requests take the same path. @default false
   */
  readonly approveInModal?: boolean | undefined
  /**
   * Asks the wallet for access and its accounts, on `network` where the wallet can start there. A wallet reached by a
   * pairing (WalletConnect) hands its `wc:` URI to `onUri` as soon as it has one, for the QR code and the links, with
   * the pairing's `age` in ms when it was made before this call (a {@link preparePairing}'s), so core counts its 4
   * minutes from when it was made.
   */
  readonly connect?:
    | ((args: {
        readonly connectorId: string
        readonly network: CaipNetwork
        readonly onUri?: ((uri: string, age?: number) => void) | undefined
      }) => Promise<AdapterConnection>)
    | undefined
  /**
   * Restores a connection without prompting (after a reload). Resolves `undefined` when the wallet no longer grants
   * access; core bounds the wait (SPEC: a wallet that does not answer falls back to disconnected).
   */
  readonly reconnect?:
    | ((args: {
        readonly connectorId: string
        /** The namespace being restored (a connector serving several restores each on its own). */
        readonly namespace?: ChainNamespace | undefined
        /** The namespace's active network (the last one used), where the wallet can restore on it. */
        readonly network?: CaipNetwork | undefined
      }) => Promise<AdapterConnection | undefined>)
    | undefined
  /**
   * Ends the connection (revoking the permission where the wallet supports it). `namespace` is the one being ended;
   * a connection that still serves another namespace may stay open for it.
   */
  readonly disconnect?:
    | ((args: { readonly connectorId: string; readonly namespace?: ChainNamespace | undefined }) => Promise<void>)
    | undefined
  /** Moves the wallet to `network`, adding the chain to the wallet first when it does not know it. */
  readonly switchNetwork?:
    | ((args: { readonly connectorId: string; readonly network: CaipNetwork }) => Promise<void>)
    | undefined
  /**
   * Sends a request to the wallet (core has checked the method and its params against SPEC §5's rules). `network` is
   * the namespace's active network (a Solana wallet sends to it; an EVM wallet knows its own chain).
   */
  readonly request?:
    | ((args: {
        readonly connectorId: string
        readonly method: string
        readonly params?: unknown
        readonly network?: CaipNetwork | undefined
      }) => Promise<unknown>)
    | undefined
  /**
   * Whether the connector's wallet answers `method` (a Solana wallet's `solana_signIn` where it offers Wallet
   * Standard's `solana:signIn`). Core asks before it uses a method not every wallet of the namespace has, and takes
   * its usual way when this is absent or false. @default absent (core assumes only the namespace's usual methods)
   */
  readonly supportsMethod?: ((args: { readonly connectorId: string; readonly method: string }) => boolean) | undefined
  /**
   * Listens to the connected wallet's events for `namespace` (core listens once per namespace a connection serves);
   * returns the function that stops listening.
   */
  readonly watchEvents?:
    | ((connectorId: string, events: AdapterEvents, namespace?: ChainNamespace | undefined) => () => void)
    | undefined
  /**
   * Replaces the pairing a `connect` is waiting on with a fresh one (a new URI through the same `onUri`); core calls
   * it when the pairing has less than 10 s of its 4 minutes left (SPEC §5). The pending `connect` keeps waiting.
   */
  readonly renewPairing?: ((connectorId: string) => Promise<void> | void) | undefined
  /**
   * Gives up the pairing a `connect` is waiting on (the user closed the modal): the pending `connect` then rejects.
   * Core resets the WalletConnect state (SPEC §4: disconnected, no URI, no expiry). A pairing made in advance
   * ({@link preparePairing}) is given up too, and the relay stops carrying either.
   */
  readonly cancelConnect?: ((connectorId: string) => void) | undefined
  /**
   * Makes a pairing in advance, before anyone asks for it (the modal opened where WalletConnect can be chosen): the
   * provider starts, reaches its relay and makes a pairing it keeps to itself, so that a `connect` for `network` that
   * follows offers its URI at once. Nobody waits on it: it is not renewed, the adapter drops it once stale, and
   * `cancelConnect` gives it up. Does nothing while a connection or a connect exists.
   */
  readonly preparePairing?:
    | ((args: { readonly connectorId: string; readonly network: CaipNetwork }) => void)
    | undefined
  /** Reloads a connector's session (the embedded wallet's frame after the Farcaster view is left, SPEC §2). */
  readonly reloadConnector?: ((connectorId: string) => Promise<void> | void) | undefined
  /**
   * Reads an account's native balance from the chain itself (decimal string in the native unit, e.g. "1.5"); core
   * uses it when the blockchain API cannot answer (SPEC §7: balance from the API, falling back to RPC).
   */
  readonly getBalance?:
    | ((args: { readonly address: string; readonly network: CaipNetwork }) => Promise<string>)
    | undefined
  /**
   * Builds a transfer of `amount` base units from `from` to `to` on `network`: the native coin, or the token at
   * `token.address` (an ERC-20 contract, an SPL mint). Answers the wallet request that sends it (core sends it
   * through whichever connection serves the namespace: an extension, WalletConnect, the embedded wallet) and the
   * network fee in the native coin's base units. Rejects with a readable message (an address with a bad checksum).
   */
  readonly prepareTransfer?: ((args: TransferArgs) => Promise<PreparedTransfer>) | undefined
  /**
   * Waits until the transfer a wallet answered `result` for (a hash, a `{ signature }`) is final on `network`;
   * resolves its hash or signature, rejects when it failed on chain.
   */
  readonly confirmTransfer?:
    | ((args: { readonly result: unknown; readonly network: CaipNetwork }) => Promise<string>)
    | undefined
  /**
   * The live object of a connector, for libraries that speak to it directly: an EIP-1193 provider for EVM (viem's
   * `custom()` transport takes it), a Wallet Standard wallet for Solana.
   */
  readonly getProvider?: ((connectorId: string) => unknown) | undefined
}
