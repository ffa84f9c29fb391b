import * as Schema from "effect/Schema"

const Hex = Schema.String.check(Schema.isStartingWith("0x", { message: "Expected a value starting with 0x" }))

/**
 * One call of an EIP-5792 `wallet_sendCalls` batch: `to` and, when present, `data` start with `0x` (SPEC §5).
 * @example
 * ```ts
 * const c: SendCall = { to: "0xabc", data: "0x", value: "0x0" }
 * ```
 */
export const SendCall = Schema.Struct({
  to: Hex,
  data: Schema.optionalKey(Hex),
  value: Schema.optionalKey(Schema.String)
})
/** One call of a `wallet_sendCalls` batch. */
export type SendCall = typeof SendCall.Type

/**
 * The parameter object of `wallet_sendCalls`.
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * Schema.decodeUnknownSync(SendCallsParams)({ chainId: "0x1", from: "0xabc", calls: [{ to: "0xdef" }] })
 * ```
 */
export const SendCallsParams = Schema.Struct({
  version: Schema.optionalKey(Schema.String),
  chainId: Schema.optionalKey(Schema.Union([Schema.String, Schema.Number])),
  from: Schema.optionalKey(Schema.String),
  calls: Schema.Array(SendCall),
  capabilities: Schema.optionalKey(Schema.Record(Schema.String, Schema.Unknown))
})
/** The parameter object of `wallet_sendCalls`. */
export type SendCallsParams = typeof SendCallsParams.Type

/**
 * A Solana commitment level for preflight checks (SPEC §5).
 * @example
 * ```ts
 * const c: PreflightCommitment = "confirmed"
 * ```
 */
export const PreflightCommitment = Schema.Literals([
  "processed",
  "confirmed",
  "finalized",
  "recent",
  "single",
  "singleGossip",
  "root",
  "max"
])
/** A Solana commitment level. */
export type PreflightCommitment = typeof PreflightCommitment.Type

/**
 * True when the value is a Solana commitment level.
 * @example
 * ```ts
 * isPreflightCommitment("max") // true
 * ```
 */
export const isPreflightCommitment = Schema.is(PreflightCommitment)

/**
 * Params of `solana_signMessage`: the message and the signer's public key.
 * @example
 * ```ts
 * const p: SolanaSignMessageParams = { message: "aGVsbG8=", pubkey: "11111111111111111111111111111111" }
 * ```
 */
export const SolanaSignMessageParams = Schema.Struct({ message: Schema.String, pubkey: Schema.String })
/** Params of `solana_signMessage`. */
export type SolanaSignMessageParams = typeof SolanaSignMessageParams.Type

/**
 * Send options of `solana_signAndSendTransaction`.
 * @example
 * ```ts
 * const o: SolanaSendOptions = { preflightCommitment: "confirmed", skipPreflight: false }
 * ```
 */
export const SolanaSendOptions = Schema.Struct({
  preflightCommitment: Schema.optionalKey(PreflightCommitment),
  skipPreflight: Schema.optionalKey(Schema.Boolean),
  maxRetries: Schema.optionalKey(Schema.Number),
  minContextSlot: Schema.optionalKey(Schema.Number)
})
/** Send options of `solana_signAndSendTransaction`. */
export type SolanaSendOptions = typeof SolanaSendOptions.Type

/**
 * Params of `solana_signTransaction` and `solana_signAndSendTransaction`: one serialised transaction.
 * @example
 * ```ts
 * const p: SolanaSignTransactionParams = { transaction: "AQAB…" }
 * ```
 */
export const SolanaSignTransactionParams = Schema.Struct({
  transaction: Schema.String,
  options: Schema.optionalKey(SolanaSendOptions)
})
/** Params of a single-transaction Solana signing request. */
export type SolanaSignTransactionParams = typeof SolanaSignTransactionParams.Type

/**
 * Params of `solana_signAllTransactions`: serialised transactions.
 * @example
 * ```ts
 * const p: SolanaSignAllTransactionsParams = { transactions: ["AQAB…", "AQAC…"] }
 * ```
 */
export const SolanaSignAllTransactionsParams = Schema.Struct({ transactions: Schema.Array(Schema.String) })
/** Params of `solana_signAllTransactions`. */
export type SolanaSignAllTransactionsParams = typeof SolanaSignAllTransactionsParams.Type

/**
 * Any Solana signing params (SPEC §5): message and pubkey, or transaction string(s).
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * Schema.is(SolanaSignParams)({ transactions: ["AQAB"] }) // true
 * ```
 */
export const SolanaSignParams = Schema.Union([
  SolanaSignMessageParams,
  SolanaSignTransactionParams,
  SolanaSignAllTransactionsParams
])
/** Any Solana signing params. */
export type SolanaSignParams = typeof SolanaSignParams.Type

/**
 * True when the value is a valid set of Solana signing params.
 * @example
 * ```ts
 * isSolanaSignParams({ message: "hi" }) // false: pubkey missing
 * ```
 */
export const isSolanaSignParams = Schema.is(SolanaSignParams)

/**
 * True when the value is a valid `wallet_sendCalls` parameter object.
 * @example
 * ```ts
 * isSendCallsParams({ calls: [{ to: "abc" }] }) // false: `to` lacks 0x
 * ```
 */
export const isSendCallsParams = Schema.is(SendCallsParams)
