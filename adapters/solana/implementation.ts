/**
 * The Solana adapter's code, loaded on first need: connecting Wallet Standard wallets (and restoring a connection
 * silently), their account events, and Solana's signing requests in WalletConnect's shapes (so an app signs the same
 * way through a browser wallet or a phone): `solana_signMessage` `{ message: base58, pubkey }` → `{ signature: base58
 * }`, `solana_signTransaction` `{ transaction: base64 }` → `{ signature: base58, transaction: base64 }`,
 * `solana_signAllTransactions` `{ transactions: base64[] }` → `{ transactions: base64[] }` and
 * `solana_signAndSendTransaction` `{ transaction: base64, sendOptions? }` → `{ signature: base58 }`. A wallet that offers
 * Wallet Standard's `solana:signIn` also answers `solana_signIn` `{ ...SIWX message data }` → `{ address, message (the
 * text the wallet wrote and signed), signature: base58 }`; `supportsMethod` tells core which wallet does.
 */
// Bundler hints, no names (see ../kernel.ts): the adapters' kernel, and core's lazy part, which this part runs on.
import "../kernel.ts"
import "../../core/client/lazy.ts"

import {
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder
} from "@solana/kit"
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignInFeature,
  SolanaSignInInput
} from "@solana/wallet-standard-features"
import {
  SolanaSignAndSendTransaction,
  SolanaSignIn,
  SolanaSignMessage,
  type SolanaSignMessageFeature,
  SolanaSignTransaction,
  type SolanaSignTransactionFeature
} from "@solana/wallet-standard-features"
import type { Wallet, WalletAccount } from "@wallet-standard/base"
import {
  StandardConnect,
  type StandardConnectFeature,
  StandardDisconnect,
  type StandardDisconnectFeature,
  StandardEvents,
  type StandardEventsFeature
} from "@wallet-standard/features"
import type { AdapterContext } from "../../core/adapter/AdapterContext.ts"
import type { AdapterConnection, AdapterImplementation } from "../../core/adapter/AdapterImplementation.ts"
import type { CaipNetwork } from "../../core/schema/network.ts"

/** The Wallet Standard's cluster names of the well-known Solana networks, by CAIP-2 reference (genesis hash prefix). */
const clusterNames: Readonly<Record<string, string>> = {
  "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp": "solana:mainnet",
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: "solana:devnet",
  "4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z": "solana:testnet",
  Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5: "solana:localnet"
}

/**
 * The chain id a wallet knows `network` by: wallets name clusters (`solana:mainnet`, `solana:devnet`…), some use the
 * CAIP-2 id; whichever the wallet lists, else the cluster name.
 *
 * @example
 * ```ts
 * import { solana } from "../../core/networks/solana.ts"
 * walletChainOf(solana, ["solana:mainnet"]) // "solana:mainnet"
 * ```
 */
export const walletChainOf = (network: CaipNetwork, chains: ReadonlyArray<string>): `solana:${string}` => {
  const cluster = clusterNames[String(network.id)]
  const candidates = [cluster, network.caipNetworkId].filter((c): c is string => c !== undefined)
  return (candidates.find((c) => chains.includes(c)) ?? candidates[0]) as `solana:${string}`
}

const base58 = { encode: getBase58Encoder(), decode: getBase58Decoder() }
const base64 = { encode: getBase64Encoder(), decode: getBase64Decoder() }

/** Base58 text as bytes; a clear error for anything else (SPEC §5: the params are checked at the boundary). */
const fromBase58 = (text: string, what: string): Uint8Array => {
  if (!/^[1-9A-HJ-NP-Za-km-z]*$/.test(text)) throw new SolanaRequestError(`${what} is not base58`)
  return new Uint8Array(base58.encode.encode(text))
}

const fromBase64 = (text: string, what: string): Uint8Array => {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0)
    throw new SolanaRequestError(`${what} is not base64`)
  return new Uint8Array(base64.encode.encode(text))
}

/** A request the adapter could not read (bad params), as a JSON-RPC invalid-params error. */
export class SolanaRequestError extends Error {
  readonly code = -32602
  constructor(message: string) {
    super(message)
    this.name = "SolanaRequestError"
  }
}

/** A method this wallet does not offer, as EIP-1193's "unsupported method" (4200). */
export class SolanaUnsupportedMethodError extends Error {
  readonly code = 4200
  constructor(walletName: string, method: string) {
    super(`${walletName} does not support ${method}`)
    this.name = "SolanaUnsupportedMethodError"
  }
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}

const text = (value: unknown, what: string): string => {
  if (typeof value !== "string") throw new SolanaRequestError(`${what} must be a string`)
  return value
}

/** The accounts of a wallet that serve Solana (an account listing no chains is taken to serve the wallet's). */
const solanaAccounts = (accounts: ReadonlyArray<WalletAccount>): ReadonlyArray<WalletAccount> =>
  accounts.filter(
    (account) =>
      typeof account?.address === "string" &&
      /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(account.address) &&
      (!Array.isArray(account.chains) ||
        account.chains.length === 0 ||
        account.chains.some((c) => c.startsWith("solana:")))
  )

type Features = Partial<
  StandardConnectFeature &
    StandardDisconnectFeature &
    StandardEventsFeature &
    SolanaSignMessageFeature &
    SolanaSignTransactionFeature &
    SolanaSignAndSendTransactionFeature &
    SolanaSignInFeature
>

/** The Wallet Standard feature behind each request method. */
const methodFeatures: Readonly<Record<string, keyof Features>> = {
  solana_signMessage: SolanaSignMessage,
  solana_signIn: SolanaSignIn,
  solana_signTransaction: SolanaSignTransaction,
  solana_signAllTransactions: SolanaSignTransaction,
  solana_signAndSendTransaction: SolanaSignAndSendTransaction
}

/** Sign-In With Solana's names of the well-known clusters (what wallets expect in `chainId`), by CAIP-2 reference. */
const signInClusters: Readonly<Record<string, string>> = {
  "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp": "mainnet",
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: "devnet",
  "4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z": "testnet"
}

const optionalText = (value: unknown, what: string): string | undefined =>
  value === undefined ? undefined : text(value, what)

/**
 * `solana_signIn`'s params (SPEC §3's sign-in message data) as Wallet Standard's sign-in input: the account as
 * `address`, the chain as its cluster name (`mainnet`) or else its CAIP-2 reference, the other fields as they are.
 */
const signInInput = (p: Record<string, unknown>): SolanaSignInInput => {
  const chainId = text(p.chainId, "chainId")
  if (!/^solana:[-_a-zA-Z0-9]{1,32}$/.test(chainId)) throw new SolanaRequestError("chainId must be a solana: CAIP-2 id")
  const reference = chainId.slice("solana:".length)
  const resources = p.resources
  if (resources !== undefined && !(Array.isArray(resources) && resources.every((r) => typeof r === "string")))
    throw new SolanaRequestError("resources must be a list of strings")
  const optional = {
    statement: optionalText(p.statement, "statement"),
    issuedAt: optionalText(p.issuedAt, "issuedAt"),
    expirationTime: optionalText(p.expirationTime, "expirationTime"),
    notBefore: optionalText(p.notBefore, "notBefore"),
    requestId: optionalText(p.requestId, "requestId"),
    resources: resources as ReadonlyArray<string> | undefined
  }
  return {
    domain: text(p.domain, "domain"),
    address: text(p.accountAddress, "accountAddress"),
    uri: text(p.uri, "uri"),
    version: text(p.version, "version"),
    chainId: signInClusters[reference] ?? reference,
    nonce: text(p.nonce, "nonce"),
    ...Object.fromEntries(Object.entries(optional).filter(([, value]) => value !== undefined))
  }
}

const utf8 = new TextDecoder("utf-8", { fatal: true })

/** The signature `address` put on a signed wire transaction, as base58. */
const signatureOf = (signed: Uint8Array, address: string): string => {
  const { signatures } = getTransactionDecoder().decode(signed)
  const signature = signatures[address as keyof typeof signatures] ?? Object.values(signatures).find((s) => s !== null)
  if (signature === null || signature === undefined) throw new Error("The wallet returned an unsigned transaction")
  return base58.decode.decode(signature)
}

/**
 * The implementation over the wallets discovery found (by connector id).
 *
 * @example
 * ```ts
 * const implementation = makeSolanaImplementation(new Map())
 * implementation.getProvider?.("Phantom") // undefined: nothing registered
 * ```
 */
export const makeSolanaImplementation = (
  wallets: ReadonlyMap<string, Wallet>,
  context: AdapterContext = { projectId: undefined, endpoints: { walletApi: "", blockchainApi: "" } }
): AdapterImplementation => {
  let rpc: Promise<typeof import("./rpc.ts")> | undefined
  const walletOf = (connectorId: string): Wallet => {
    const wallet = wallets.get(connectorId)
    if (wallet === undefined) throw new Error(`No Solana wallet "${connectorId}" on this page`)
    return wallet
  }
  const features = (wallet: Wallet) => wallet.features as Features
  /** The wallet's account for `address` (the connected one by default). */
  const accountOf = (wallet: Wallet, address?: string): WalletAccount => {
    const accounts = solanaAccounts(wallet.accounts)
    const account = address === undefined ? accounts[0] : accounts.find((a) => a.address === address)
    if (account === undefined)
      throw new SolanaRequestError(
        address === undefined ? "The wallet is not connected" : `${address} is not an account of this wallet`
      )
    return account
  }
  const connection = (connectorId: string, accounts: ReadonlyArray<WalletAccount>): AdapterConnection => ({
    connectorId,
    accounts: solanaAccounts(accounts).map((a) => a.address),
    // Wallet Standard wallets have no "current chain": the account stays on the app's active Solana network.
    chainId: undefined
  })
  const feature = <K extends keyof Features>(wallet: Wallet, name: K): NonNullable<Features[K]> => {
    const found = features(wallet)[name]
    if (found === undefined) throw new Error(`${wallet.name} does not support ${String(name)}`)
    return found as NonNullable<Features[K]>
  }

  const signTransactions = async (wallet: Wallet, transactions: ReadonlyArray<string>, network?: CaipNetwork) => {
    const account = accountOf(wallet)
    const chain = network === undefined ? undefined : walletChainOf(network, wallet.chains)
    const inputs = transactions.map((t, i) => ({
      account,
      transaction: fromBase64(t, `transactions[${i}]`),
      ...(chain === undefined ? {} : { chain })
    }))
    const outputs = await feature(wallet, SolanaSignTransaction).signTransaction(...inputs)
    return outputs.map((o) => ({
      transaction: base64.decode.decode(o.signedTransaction),
      signature: signatureOf(o.signedTransaction, account.address)
    }))
  }

  const request = async (wallet: Wallet, method: string, params: unknown, network: CaipNetwork | undefined) => {
    const p = record(params)
    switch (method) {
      case "solana_signMessage": {
        const message = fromBase58(text(p.message, "message"), "message")
        const account = accountOf(wallet, text(p.pubkey, "pubkey"))
        const [output] = await feature(wallet, SolanaSignMessage).signMessage({ account, message })
        if (output === undefined) throw new Error("The wallet returned no signature")
        return { signature: base58.decode.decode(output.signature) }
      }
      case "solana_signIn": {
        const signIn = features(wallet)[SolanaSignIn]
        if (signIn === undefined) throw new SolanaUnsupportedMethodError(wallet.name, method)
        const input = signInInput(p)
        accountOf(wallet, input.address)
        const [output] = await signIn.signIn(input)
        if (output === undefined) throw new Error("The wallet returned no signature")
        let message: string
        try {
          message = utf8.decode(output.signedMessage)
        } catch {
          throw new Error("The wallet signed a sign-in that is not text")
        }
        return { address: output.account?.address, message, signature: base58.decode.decode(output.signature) }
      }
      case "solana_signTransaction": {
        const [signed] = await signTransactions(wallet, [text(p.transaction, "transaction")], network)
        return signed
      }
      case "solana_signAllTransactions": {
        if (!Array.isArray(p.transactions)) throw new SolanaRequestError("transactions must be a list")
        const list = p.transactions.map((t, i) => text(t, `transactions[${i}]`))
        return { transactions: (await signTransactions(wallet, list, network)).map((s) => s.transaction) }
      }
      case "solana_signAndSendTransaction": {
        if (network === undefined) throw new SolanaRequestError("No Solana network to send on")
        const account = accountOf(wallet)
        // Core checked the send options (SPEC §5: the preflight commitment is one of the eight levels).
        const options = record(p.sendOptions ?? p.options)
        const preflight = options.preflightCommitment
        const [output] = await feature(wallet, SolanaSignAndSendTransaction).signAndSendTransaction({
          account,
          chain: walletChainOf(network, wallet.chains),
          transaction: fromBase64(text(p.transaction, "transaction"), "transaction"),
          options: {
            ...(typeof preflight === "string" ? { preflightCommitment: preflight as "confirmed" } : {}),
            ...(typeof options.skipPreflight === "boolean" ? { skipPreflight: options.skipPreflight } : {}),
            ...(typeof options.maxRetries === "number" ? { maxRetries: options.maxRetries } : {}),
            ...(typeof options.minContextSlot === "number" ? { minContextSlot: options.minContextSlot } : {})
          }
        })
        if (output === undefined) throw new Error("The wallet returned no signature")
        return { signature: base58.decode.decode(output.signature) }
      }
      default:
        throw new SolanaUnsupportedMethodError(wallet.name, method)
    }
  }

  return {
    name: "Wallet Standard",
    connect: async ({ connectorId }) => {
      const wallet = walletOf(connectorId)
      const { accounts } = await feature(wallet, StandardConnect).connect()
      const made = connection(connectorId, accounts.length > 0 ? accounts : wallet.accounts)
      if (made.accounts.length === 0) throw new Error("The wallet granted no Solana account")
      return made
    },
    reconnect: async ({ connectorId }) => {
      const wallet = wallets.get(connectorId)
      if (wallet === undefined) return undefined
      // A silent connect restores a site the user approved before, without a prompt; a wallet that would have to ask
      // grants nothing (then the app shows disconnected).
      const { accounts } = await feature(wallet, StandardConnect).connect({ silent: true })
      const restored = connection(connectorId, accounts.length > 0 ? accounts : wallet.accounts)
      return restored.accounts.length === 0 ? undefined : restored
    },
    disconnect: async ({ connectorId }) => {
      const wallet = wallets.get(connectorId)
      await (wallet === undefined ? undefined : features(wallet)[StandardDisconnect]?.disconnect())
    },
    // A Solana wallet signs for any cluster; the app's active network decides where a transaction is sent.
    switchNetwork: async () => {},
    request: ({ connectorId, method, params, network }) => request(walletOf(connectorId), method, params, network),
    supportsMethod: ({ connectorId, method }) => {
      const wallet = wallets.get(connectorId)
      const needed = Object.hasOwn(methodFeatures, method) ? methodFeatures[method] : undefined
      return wallet !== undefined && needed !== undefined && features(wallet)[needed] !== undefined
    },
    watchEvents: (connectorId, events) => {
      const wallet = walletOf(connectorId)
      const on = features(wallet)[StandardEvents]?.on
      if (on === undefined) return () => {}
      return on("change", (properties) => {
        if (properties.accounts !== undefined) {
          events.accountsChanged(solanaAccounts(properties.accounts).map((a) => a.address))
        }
      })
    },
    getBalance: async ({ address, network }) => {
      rpc ??= import("./rpc.ts")
      return (await rpc).balanceOf(network, address, context)
    },
    prepareTransfer: async (args) => (await import("./transfer.ts")).prepareSolanaTransfer(args, context),
    confirmTransfer: async ({ result, network }) =>
      (await import("./transfer.ts")).confirmSolanaTransfer(result, network, context),
    getProvider: (connectorId) => wallets.get(connectorId)
  }
}
