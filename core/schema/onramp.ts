import * as Schema from "effect/Schema"

// Limits and amounts arrive as strings from the onramp API and as numbers from some fallbacks: accept both.
const Amount = Schema.Union([Schema.String, Schema.Number])

/**
 * A network a purchase currency can be bought on.
 * @example
 * ```ts
 * const n: OnrampNetwork = { name: "base", display_name: "Base", chain_id: "8453", contract_address: "0x8335…" }
 * ```
 */
export const OnrampNetwork = Schema.Struct({
  name: Schema.String,
  display_name: Schema.String,
  chain_id: Schema.String,
  contract_address: Schema.String
})
/** A network a purchase currency can be bought on. */
export type OnrampNetwork = typeof OnrampNetwork.Type

/**
 * A crypto currency the onramp sells (SPEC §3).
 * @example
 * ```ts
 * const usdc: PurchaseCurrency = { id: "USDC", name: "USD Coin", symbol: "USDC", networks: [] }
 * ```
 */
export const PurchaseCurrency = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  symbol: Schema.String,
  networks: Schema.Array(OnrampNetwork)
})
/** A crypto currency the onramp sells. */
export type PurchaseCurrency = typeof PurchaseCurrency.Type

/**
 * The amount range of one payment method (e.g. card 10 to 7500).
 * @example
 * ```ts
 * const card: PaymentMethodLimit = { id: "card", min: "10.00", max: "7500.00" }
 * ```
 */
export const PaymentMethodLimit = Schema.Struct({
  id: Schema.String,
  min: Amount,
  max: Amount
})
/** The amount range of one payment method. */
export type PaymentMethodLimit = typeof PaymentMethodLimit.Type

/**
 * A fiat currency the buyer pays with (SPEC §3).
 * @example
 * ```ts
 * const usd: PaymentCurrency = { id: "USD", payment_method_limits: [{ id: "card", min: "10.00", max: "7500.00" }] }
 * ```
 */
export const PaymentCurrency = Schema.Struct({
  id: Schema.String,
  payment_method_limits: Schema.Array(PaymentMethodLimit)
})
/** A fiat currency the buyer pays with. */
export type PaymentCurrency = typeof PaymentCurrency.Type

/**
 * An amount in a currency, as quotes carry them.
 * @example
 * ```ts
 * const fee: OnrampAmount = { amount: "1.25", currency: "USD" }
 * ```
 */
export const OnrampAmount = Schema.Struct({
  amount: Amount,
  currency: Schema.String
})
/** An amount in a currency. */
export type OnrampAmount = typeof OnrampAmount.Type

/**
 * An onramp price quote (SPEC §3).
 * @example
 * ```ts
 * const q: OnrampQuote = {
 *   networkFee: { amount: "0.1", currency: "USD" }, paymentSubtotal: { amount: "100", currency: "USD" },
 *   paymentTotal: { amount: "101.6", currency: "USD" }, purchaseAmount: { amount: "99.9", currency: "USDC" },
 *   quoteId: "q-1"
 * }
 * ```
 */
export const OnrampQuote = Schema.Struct({
  networkFee: OnrampAmount,
  paymentSubtotal: OnrampAmount,
  paymentTotal: OnrampAmount,
  purchaseAmount: OnrampAmount,
  quoteId: Schema.String
})
/** An onramp price quote. */
export type OnrampQuote = typeof OnrampQuote.Type
