/**
 * A wallet's Solana requests, in WalletConnect's Solana JSON-RPC form (shared by the embedded wallet's frame and the
 * sandbox's mobile wallet)
 * (https://docs.walletconnect.network/wallet-sdk/chain-support/solana):
 *
 * - `solana_signMessage` `{ message: base58, pubkey }` → `{ signature: base58 }`
 * - `solana_signTransaction` `{ transaction: base64 }` → `{ signature: base58, transaction: base64 }`
 * - `solana_signAllTransactions` `{ transactions: base64[] }` → `{ transactions: base64[] }`
 * - `solana_signAndSendTransaction` `{ transaction: base64, sendOptions? }` → `{ signature: base58 }`
 *
 * Failures are `ProviderRpcError`s with the EVM requests' codes: 4001 refused, 4100 not this wallet's key, -32602 bad
 * params.
 */
import { getBase58Decoder, getBase58Encoder, getBase64Decoder, getBase64Encoder } from "@solana/kit"
import { invalidParams, unauthorized, unsupportedMethod } from "./errors.ts"
import { decodeSolanaTransaction, type SolanaKey } from "./solanaKey.ts"
import { type SolanaSendOptions, sendSolanaTransaction } from "./solanaSend.ts"

/** The Solana chain a wallet signs and sends on. */
export interface WalletSolanaChain {
  /** JSON-RPC endpoint (HTTP) of the chain. */
  readonly rpcUrl: string
  /** The chain as Wallet Standard names it: `solana:<genesis hash prefix>` (CAIP-2). */
  readonly chain: `solana:${string}`
  /** Ed25519 private key (32-byte seed) as `0x` + 64 hex; the sandbox's wallets default it to their account 0. */
  readonly privateKey?: `0x${string}`
}

/** The methods the wallet offers in a session's `solana` namespace. */
export const solanaMethods = [
  "solana_signMessage",
  "solana_signTransaction",
  "solana_signAllTransactions",
  "solana_signAndSendTransaction"
] as const

/** What a Solana request needs from the wallet. */
export interface SolanaRequestContext {
  readonly key: SolanaKey
  readonly solana: WalletSolanaChain
  /** Resolves when the request may go ahead; throws 4001 otherwise. */
  readonly consent: () => Promise<void>
}

const base58 = { toBytes: getBase58Encoder(), fromBytes: getBase58Decoder() }
const base64 = { toBytes: getBase64Encoder(), fromBytes: getBase64Decoder() }

const field = (params: unknown, name: string): unknown =>
  typeof params === "object" && params !== null ? (params as Record<string, unknown>)[name] : undefined

const decodeString = (value: unknown, name: string, codec: typeof base58, encoding: string): Uint8Array => {
  if (typeof value !== "string" || value === "") throw invalidParams(`${name} must be a ${encoding} string`)
  try {
    return new Uint8Array(codec.toBytes.encode(value))
  } catch {
    throw invalidParams(`${name} is not ${encoding}`)
  }
}

const commitments = new Set(["processed", "confirmed", "finalized"])

/** The send options a dapp may give (`sendOptions`, or `options` as some clients name them), checked. */
const sendOptions = (params: unknown): SolanaSendOptions => {
  const raw = field(params, "sendOptions") ?? field(params, "options") ?? {}
  const option = (name: string, valid: (value: unknown) => boolean) => {
    const value = field(raw, name)
    if (value === undefined) return {}
    if (!valid(value)) throw invalidParams(`sendOptions.${name} is not valid: ${JSON.stringify(value)}`)
    return { [name]: value }
  }
  const count = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0
  return {
    ...option("skipPreflight", (value) => typeof value === "boolean"),
    ...option("preflightCommitment", (value) => commitments.has(value as string)),
    ...option("minContextSlot", count),
    ...option("maxRetries", count)
  }
}

const decodeWire = (value: unknown, name: string) =>
  decodeSolanaTransaction(decodeString(value, name, base64, "base64"))

/**
 * Answers one Solana request of a session.
 *
 * @example
 * ```ts
 * declare const ctx: SolanaRequestContext
 * const answer = await answerSolanaRequest(ctx, "solana_signMessage", { message: "Cn8eVZg", pubkey: ctx.key.address })
 * // answer: { signature } (base58)
 * ```
 */
export const answerSolanaRequest = async (
  ctx: SolanaRequestContext,
  method: string,
  params: unknown
): Promise<unknown> => {
  switch (method) {
    case "solana_signMessage": {
      const message = decodeString(field(params, "message"), "message", base58, "base58")
      const pubkey = field(params, "pubkey")
      if (pubkey !== undefined && pubkey !== ctx.key.address)
        throw unauthorized(`The requested account ${String(pubkey)} is not this wallet's (${ctx.key.address}).`)
      await ctx.consent()
      return { signature: base58.fromBytes.decode(await ctx.key.signMessage(message)) }
    }
    // transactions are decoded before consent, so a bad one is a -32602 whatever the mode
    case "solana_signTransaction": {
      const decoded = decodeWire(field(params, "transaction"), "transaction")
      await ctx.consent()
      const signed = await ctx.key.signTransaction(decoded)
      return {
        signature: base58.fromBytes.decode(signed.signature),
        transaction: base64.fromBytes.decode(signed.bytes)
      }
    }
    case "solana_signAllTransactions": {
      const transactions = field(params, "transactions")
      if (!Array.isArray(transactions) || transactions.length === 0)
        throw invalidParams("transactions must be a non-empty array of base64 strings")
      const decoded = transactions.map((transaction, index) => decodeWire(transaction, `transactions[${index}]`))
      await ctx.consent()
      const signed = await Promise.all(decoded.map((transaction) => ctx.key.signTransaction(transaction)))
      return { transactions: signed.map(({ bytes }) => base64.fromBytes.decode(bytes)) }
    }
    case "solana_signAndSendTransaction": {
      const decoded = decodeWire(field(params, "transaction"), "transaction")
      const options = sendOptions(params)
      await ctx.consent()
      const signed = await ctx.key.signTransaction(decoded)
      return { signature: await sendSolanaTransaction(ctx.solana.rpcUrl, signed.transaction, options) }
    }
    default:
      throw unsupportedMethod(method)
  }
}
