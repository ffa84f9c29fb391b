import * as Schema from "effect/Schema"
import { OptionalSafeImageUrl } from "../url.ts"
import { IntFromString } from "./endpoint.ts"

// Gas amounts have come both as numbers and as decimal strings: accept both.
const Quantity = Schema.Union([Schema.String, Schema.Number])

/**
 * Query of `GET /v1/convert/quotes`: `from` / `to` are CAIP-10 token addresses, amounts are base-unit strings.
 * @example
 * ```ts
 * const q: SwapQuoteQuery = { amount: "1000", userAddress: "eip155:1:0xabc", from: "eip155:1:0xeee…", to: "eip155:1:0xa0b8…", gasPrice: "10" }
 * ```
 */
export const SwapQuoteQuery = Schema.Struct({
  amount: Schema.String,
  userAddress: Schema.String,
  from: Schema.String,
  to: Schema.String,
  gasPrice: Schema.String
})
/** Query of the swap quotes endpoint. */
export type SwapQuoteQuery = typeof SwapQuoteQuery.Type

/**
 * One swap quote.
 * @example
 * ```ts
 * const q: SwapQuote = { id: null, fromAmount: "1000", fromAccount: "0xabc", toAmount: "990", toAccount: "0xabc" }
 * ```
 */
export const SwapQuote = Schema.Struct({
  id: Schema.optionalKey(Schema.NullOr(Schema.String)),
  fromAmount: Schema.String,
  fromAccount: Schema.String,
  toAmount: Schema.String,
  toAccount: Schema.String
})
/** One swap quote. */
export type SwapQuote = typeof SwapQuote.Type

/**
 * `GET /v1/convert/quotes`.
 * @example
 * ```ts
 * const r: SwapQuoteResponse = { quotes: [] }
 * ```
 */
export const SwapQuoteResponse = Schema.Struct({ quotes: Schema.Array(SwapQuote) })
/** Swap quotes. */
export type SwapQuoteResponse = typeof SwapQuoteResponse.Type

/**
 * Query of `GET /v1/convert/tokens`: the CAIP network id to list swappable tokens of.
 * @example
 * ```ts
 * const q: SwapTokensQuery = { chainId: "eip155:1" }
 * ```
 */
export const SwapTokensQuery = Schema.Struct({ chainId: Schema.optional(Schema.String) })
/** Query of the swap tokens endpoint. */
export type SwapTokensQuery = typeof SwapTokensQuery.Type

/**
 * A token that can be swapped; `address` is CAIP-10.
 * @example
 * ```ts
 * const t: SwapToken = { name: "USD Coin", symbol: "USDC", address: "eip155:1:0xa0b8…", decimals: 6, logoUri: "https://…" }
 * ```
 */
export const SwapToken = Schema.Struct({
  name: Schema.String,
  symbol: Schema.String,
  address: Schema.String,
  decimals: Schema.Number,
  logoUri: OptionalSafeImageUrl,
  eip2612: Schema.optionalKey(Schema.Boolean)
})
/** A token that can be swapped. */
export type SwapToken = typeof SwapToken.Type

/**
 * `GET /v1/convert/tokens`.
 * @example
 * ```ts
 * const r: SwapTokensResponse = { tokens: [] }
 * ```
 */
export const SwapTokensResponse = Schema.Struct({ tokens: Schema.Array(SwapToken) })
/** Swappable tokens. */
export type SwapTokensResponse = typeof SwapTokensResponse.Type

/**
 * Query of `GET /v1/convert/allowance`.
 * @example
 * ```ts
 * const q: SwapAllowanceQuery = { tokenAddress: "eip155:1:0xa0b8…", userAddress: "eip155:1:0xabc" }
 * ```
 */
export const SwapAllowanceQuery = Schema.Struct({ tokenAddress: Schema.String, userAddress: Schema.String })
/** Query of the allowance endpoint. */
export type SwapAllowanceQuery = typeof SwapAllowanceQuery.Type

/**
 * `GET /v1/convert/allowance`: the allowance in base units, as a decimal string.
 * @example
 * ```ts
 * const r: SwapAllowanceResponse = { allowance: "0" }
 * ```
 */
export const SwapAllowanceResponse = Schema.Struct({ allowance: Schema.String })
/** The swap router's allowance. */
export type SwapAllowanceResponse = typeof SwapAllowanceResponse.Type

/**
 * Query of `GET /v1/convert/gas-price`.
 * @example
 * ```ts
 * const q: GasPriceQuery = { chainId: "eip155:1" }
 * ```
 */
export const GasPriceQuery = Schema.Struct({ chainId: Schema.String })
/** Query of the gas price endpoint. */
export type GasPriceQuery = typeof GasPriceQuery.Type

/**
 * `GET /v1/convert/gas-price`: gas prices in wei, as decimal strings.
 * @example
 * ```ts
 * const r: GasPriceResponse = { standard: "10", fast: "12", instant: "15" }
 * ```
 */
export const GasPriceResponse = Schema.Struct({ standard: Schema.String, fast: Schema.String, instant: Schema.String })
/** Gas prices. */
export type GasPriceResponse = typeof GasPriceResponse.Type

/**
 * Body of `POST /v1/convert/build-transaction`; `eip155.slippage` is the swap slippage tolerance (SPEC §9: 1).
 * @example
 * ```ts
 * const b: BuildTransactionBody = {
 *   amount: "1000", eip155: { slippage: "1" }, projectId: "p1",
 *   from: "eip155:1:0xeee…", to: "eip155:1:0xa0b8…", userAddress: "eip155:1:0xabc", disableEstimate: true
 * }
 * ```
 */
export const BuildTransactionBody = Schema.Struct({
  amount: Schema.String,
  eip155: Schema.Struct({ slippage: Schema.String, permit: Schema.optionalKey(Schema.String) }),
  projectId: Schema.String,
  from: Schema.String,
  to: Schema.String,
  userAddress: Schema.String,
  disableEstimate: Schema.optionalKey(Schema.Boolean)
})
/** Body of the build-transaction endpoint. */
export type BuildTransactionBody = typeof BuildTransactionBody.Type

/**
 * `POST /v1/convert/build-transaction`: the swap transaction to send.
 * @example
 * ```ts
 * const r: BuildTransactionResponse = {
 *   tx: { from: "eip155:1:0xabc", to: "eip155:1:0x1111…", data: "0x…", amount: "1000", eip155: { gas: "21000", gasPrice: "10" } }
 * }
 * ```
 */
export const BuildTransactionResponse = Schema.Struct({
  tx: Schema.Struct({
    from: Schema.String,
    to: Schema.String,
    data: Schema.String,
    amount: Schema.String,
    eip155: Schema.Struct({ gas: Quantity, gasPrice: Schema.String })
  })
})
/** The swap transaction to send. */
export type BuildTransactionResponse = typeof BuildTransactionResponse.Type

/**
 * Query of `GET /v1/convert/build-approve`; `amount` is optional (unlimited approval when absent).
 * @example
 * ```ts
 * const q: BuildApproveQuery = { userAddress: "eip155:1:0xabc", from: "eip155:1:0xa0b8…", to: "eip155:1:0xeee…" }
 * ```
 */
export const BuildApproveQuery = Schema.Struct({
  userAddress: Schema.String,
  from: Schema.String,
  to: Schema.String,
  amount: Schema.optional(IntFromString)
})
/** Query of the build-approve endpoint. */
export type BuildApproveQuery = typeof BuildApproveQuery.Type

/**
 * `GET /v1/convert/build-approve`: the approval transaction to send before a swap.
 * @example
 * ```ts
 * const r: BuildApproveResponse = {
 *   tx: { from: "eip155:1:0xabc", to: "eip155:1:0xa0b8…", data: "0x095e…", value: "0", eip155: { gas: 50000, gasPrice: "10" } }
 * }
 * ```
 */
export const BuildApproveResponse = Schema.Struct({
  tx: Schema.Struct({
    from: Schema.String,
    to: Schema.String,
    data: Schema.String,
    value: Schema.String,
    eip155: Schema.Struct({ gas: Quantity, gasPrice: Schema.String })
  })
})
/** The approval transaction to send. */
export type BuildApproveResponse = typeof BuildApproveResponse.Type
