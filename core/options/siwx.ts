/**
 * Sign in with the wallet (SIWX, SPEC §1 §3 §4): the contract an app's `siwx` option fulfils, in AppKit's shape so a
 * migrating app keeps its config, and the older `siweConfig` shape, which core maps onto it. Types only: the
 * configurations Airlock ships (`localSiwx`, `serverSiwx`) are in `airlock-kit/siwx`.
 * @module
 */
import type { CaipNetworkId } from "../schema/network.ts"
import type { SIWXMessageData } from "../schema/siwx.ts"

/** What core asks a message for: the account that signs and the network it signs on. */
export interface SIWXMessageInput {
  readonly accountAddress: string
  readonly chainId: CaipNetworkId
  readonly notBefore?: string
}

/** A message to sign: its fields (SPEC §3) and `toString()`, the exact text the wallet signs. */
export interface SIWXMessage extends SIWXMessageData {
  toString(): string
}

/** A signed message: what `addSession` keeps and `getSessions` gives back. */
export interface SIWXSession {
  readonly data: SIWXMessageData
  /** The text that was signed. */
  readonly message: string
  /** The wallet's signature: 0x hex for eip155, base58 for solana. */
  readonly signature: string
}

/**
 * The `siwx` option (AppKit's `SIWXConfig`): core calls `createMessage` for the connected account, has the wallet
 * sign it, and hands the result to `addSession` (which must reject an invalid one); `getSessions` says whether an
 * account is signed in on a network. Every method is app code and may reject: core reports 'Error signing message'.
 * @example
 * ```ts
 * import type { SIWXConfig, SIWXSession } from "airlock-kit"
 * const sessions: Array<SIWXSession> = []
 * const siwx: SIWXConfig = {
 *   createMessage: async (input) => {
 *     const data = { ...input, domain: "app.example", uri: "https://app.example", version: "1", nonce: "k2j3h4g5" }
 *     return { ...data, toString: () => `sign in as ${input.accountAddress} (${data.nonce})` }
 *   },
 *   addSession: async (session) => void sessions.push(session),
 *   revokeSession: async () => void sessions.splice(0),
 *   setSessions: async (next) => void sessions.splice(0, sessions.length, ...next),
 *   getSessions: async (chainId, address) =>
 *     sessions.filter((s) => s.data.chainId === chainId && s.data.accountAddress === address)
 * }
 * ```
 */
export interface SIWXConfig {
  createMessage(input: SIWXMessageInput): Promise<SIWXMessage>
  addSession(session: SIWXSession): Promise<void>
  revokeSession(chainId: CaipNetworkId, address: string): Promise<void>
  setSessions(sessions: ReadonlyArray<SIWXSession>): Promise<void>
  getSessions(chainId: CaipNetworkId, address: string): Promise<ReadonlyArray<SIWXSession>>
  /** Whether signing in is required (cancel disconnects, the sign view cannot be closed). @default false */
  getRequired?(): boolean
  /** Sign out when the wallet disconnects. @default true */
  readonly signOutOnDisconnect?: boolean | undefined
  /**
   * Email capture (SPEC §4's DataCapture, shown before the sign view when the `emailCapture` feature is on): mail a
   * one-time code to `email` for `account` (a CAIP-10 address). `uuid` names the pending code; `null` means the address
   * is already confirmed for this account, and the sign view follows without a code. A configuration without it skips
   * the step. `serverSiwx` implements it.
   */
  requestEmailOtp?(args: {
    readonly email: string
    readonly account: string
  }): Promise<{ readonly uuid: string | null }>
  /** Confirms the code of the last {@link SIWXConfig.requestEmailOtp}; rejects on a wrong or expired code. */
  confirmEmailOtp?(args: { readonly code: string }): Promise<void>
}

/** What a legacy SIWE config's `createMessage` gets (AppKit's `SIWECreateMessageArgs`). */
export interface SIWECreateMessageArgs {
  readonly address: string
  readonly chainId: number
  readonly nonce: string
  readonly domain: string
  readonly uri: string
  readonly version: "1"
  readonly statement?: string | undefined
  readonly issuedAt?: string | undefined
  readonly expirationTime?: string | undefined
  readonly notBefore?: string | undefined
  readonly requestId?: string | undefined
  readonly resources?: ReadonlyArray<string> | undefined
}

/** The session a legacy SIWE config reports. */
export interface SIWESession {
  readonly address: string
  readonly chainId: number
}

/**
 * The older `siweConfig` option (AppKit's `SIWEConfig`, EVM only), mapped onto {@link SIWXConfig}: `getNonce` and
 * `getMessageParams` feed `createMessage`, `verifyMessage` decides a session, `getSession` and `signOut` read and end it.
 * @example
 * ```ts
 * import type { SIWEConfig } from "airlock-kit"
 * const siweConfig: SIWEConfig = {
 *   getNonce: async () => "k2j3h4g5",
 *   createMessage: ({ address, nonce }) => `sign in as ${address} (${nonce})`,
 *   verifyMessage: async () => true,
 *   getSession: async () => null,
 *   signOut: async () => true
 * }
 * ```
 */
export interface SIWEConfig {
  getNonce(address?: string): Promise<string>
  createMessage(args: SIWECreateMessageArgs): string
  verifyMessage(args: { readonly message: string; readonly signature: string }): Promise<boolean>
  getSession(): Promise<SIWESession | null | undefined>
  signOut(): Promise<boolean>
  getMessageParams?():
    | Promise<{
        readonly domain?: string
        readonly uri?: string
        readonly statement?: string
        readonly expiry?: number
        readonly resources?: ReadonlyArray<string>
      }>
    | undefined
  onSignIn?(session?: SIWESession): void
  onSignOut?(): void
  readonly required?: boolean | undefined
  /** @default true */
  readonly signOutOnDisconnect?: boolean | undefined
}

/**
 * The networks of the client a configuration serves, handed to a configuration that has this key when sign-in
 * starts (`localSiwx` checks smart-account signatures on their RPC).
 */
export const siwxNetworksKey: unique symbol = Symbol.for("airlock-kit/siwx-networks")

/**
 * A configuration that has this key is asked to load its code when sign-in starts (right after `createAirlock`, off
 * the first load), so the first check of a connected account does not wait for it (`localSiwx`, `serverSiwx`).
 */
export const siwxPreloadKey: unique symbol = Symbol.for("airlock-kit/siwx-preload")

/** A network as a configuration sees it: its CAIP id and RPC URLs. */
export interface SiwxNetwork {
  readonly caipNetworkId: string
  readonly rpcUrls: { readonly default: { readonly http: ReadonlyArray<string> } }
}

/** What starting sign-in reads of a client's options. */
export interface SiwxStartOptions {
  readonly siwx?: SIWXConfig | undefined
  readonly siweConfig?: SIWEConfig | undefined
  readonly networks: ReadonlyArray<SiwxNetwork>
}
