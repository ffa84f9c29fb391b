import * as Schema from "effect/Schema"
import { OnrampQuote, PaymentCurrency, PurchaseCurrency } from "../onramp.ts"

/**
 * Where bought crypto goes: an address and the networks (and optionally assets) it may receive on.
 * @example
 * ```ts
 * const w: DestinationWallet = { address: "0xabc", blockchains: ["ethereum", "base"], assets: ["USDC"] }
 * ```
 */
export const DestinationWallet = Schema.Struct({
  address: Schema.String,
  blockchains: Schema.Array(Schema.String),
  assets: Schema.optionalKey(Schema.Array(Schema.String))
})
/** Where bought crypto goes. */
export type DestinationWallet = typeof DestinationWallet.Type

/**
 * Body of `POST /v1/generators/onrampurl` (`projectId` travels in the query).
 * @example
 * ```ts
 * const b: OnrampUrlBody = {
 *   destinationWallets: [{ address: "0xabc", blockchains: ["base"] }], partnerUserId: "0xabc", defaultExperience: "buy"
 * }
 * ```
 */
export const OnrampUrlBody = Schema.Struct({
  destinationWallets: Schema.Array(DestinationWallet),
  defaultNetwork: Schema.optionalKey(Schema.String),
  partnerUserId: Schema.String,
  defaultExperience: Schema.Literal("buy"),
  presetCryptoAmount: Schema.optionalKey(Schema.Number),
  presetFiatAmount: Schema.optionalKey(Schema.Number)
})
/** Body of the onramp URL endpoint. */
export type OnrampUrlBody = typeof OnrampUrlBody.Type

/**
 * `POST /v1/generators/onrampurl`: the provider page to open.
 * @example
 * ```ts
 * const r: OnrampUrlResponse = { url: "https://pay.example/buy?…" }
 * ```
 */
export const OnrampUrlResponse = Schema.Struct({ url: Schema.String })
/** The provider page to open. */
export type OnrampUrlResponse = typeof OnrampUrlResponse.Type

/**
 * `GET /v1/onramp/options`: what can be bought and what can be paid with.
 * @example
 * ```ts
 * const r: OnrampOptions = { paymentCurrencies: [], purchaseCurrencies: [] }
 * ```
 */
export const OnrampOptions = Schema.Struct({
  paymentCurrencies: Schema.Array(PaymentCurrency),
  purchaseCurrencies: Schema.Array(PurchaseCurrency)
})
/** What can be bought and what can be paid with. */
export type OnrampOptions = typeof OnrampOptions.Type

/**
 * Body of `POST /v1/onramp/quote`.
 * @example
 * ```ts
 * const b: OnrampQuoteBody = {
 *   purchaseCurrency: { id: "USDC", name: "USD Coin", symbol: "USDC", networks: [] },
 *   paymentCurrency: { id: "USD", payment_method_limits: [] }, amount: 100, network: "base"
 * }
 * ```
 */
export const OnrampQuoteBody = Schema.Struct({
  purchaseCurrency: PurchaseCurrency,
  paymentCurrency: PaymentCurrency,
  amount: Schema.Union([Schema.Number, Schema.String]),
  network: Schema.optionalKey(Schema.String)
})
/** Body of the onramp quote endpoint. */
export type OnrampQuoteBody = typeof OnrampQuoteBody.Type

/** `POST /v1/onramp/quote`: fees, totals and the amount bought. */
export const OnrampQuoteResponse = OnrampQuote
/** An onramp quote. */
export type OnrampQuoteResponse = typeof OnrampQuoteResponse.Type
