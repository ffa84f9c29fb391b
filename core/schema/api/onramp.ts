import * as Schema from "effect/Schema"
import { OnrampAmount, OnrampQuote, PaymentCurrency, PurchaseCurrency } from "../onramp.ts"

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
  presetFiatAmount: Schema.optionalKey(Schema.Number),
  /** Airlock's extension (docs/api-extensions.md): the fiat currency of `presetFiatAmount`, e.g. `USD`. */
  presetFiatCurrency: Schema.optionalKey(Schema.String),
  /** Airlock's extension: the payment method chosen (a `payment_method_limits` id, e.g. `card`). */
  paymentMethod: Schema.optionalKey(Schema.String),
  /** Airlock's extension: the onramp provider chosen (a remote `onramp` entry, e.g. `meld`). */
  provider: Schema.optionalKey(Schema.String)
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
export const OnrampUrlResponse = Schema.Struct({
  url: Schema.String,
  /** Airlock's extension: the order the page belongs to, for `GET /v1/onramp/orders/{orderId}`. */
  orderId: Schema.optionalKey(Schema.String)
})
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

/**
 * Where an onramp order stands (Airlock's extension): opened and not paid (`created`), paid and being sent
 * (`processing`), the crypto sent (`success`), the payment or the transfer failed (`failed`), the buyer cancelled
 * (`cancelled`).
 * @example
 * ```ts
 * const s: OnrampOrderStatus = "success"
 * ```
 */
export const OnrampOrderStatus = Schema.Literals(["created", "processing", "success", "failed", "cancelled"])
/** Where an onramp order stands. */
export type OnrampOrderStatus = typeof OnrampOrderStatus.Type

/** Path of `GET /v1/onramp/orders/{orderId}`. */
export const OnrampOrderParams = Schema.Struct({ orderId: Schema.String })
/** Path of the onramp order endpoint. */
export type OnrampOrderParams = typeof OnrampOrderParams.Type

/**
 * `GET /v1/onramp/orders/{orderId}` (Airlock's extension, docs/api-extensions.md): an order's status and, once paid,
 * what was bought and the transfer that sent it.
 * @example
 * ```ts
 * const o: OnrampOrder = { orderId: "o-1", status: "success", purchaseAmount: { amount: "49.15", currency: "USDC" } }
 * ```
 */
export const OnrampOrder = Schema.Struct({
  orderId: Schema.String,
  status: OnrampOrderStatus,
  purchaseAmount: Schema.optionalKey(OnrampAmount),
  paymentTotal: Schema.optionalKey(OnrampAmount),
  /** The CAIP-2 network the crypto was sent on. */
  network: Schema.optionalKey(Schema.String),
  /** The transfer's hash (EVM) or signature (Solana). */
  transactionHash: Schema.optionalKey(Schema.String),
  /** Why it failed, in the provider's words. */
  reason: Schema.optionalKey(Schema.String)
})
/** An onramp order's status. */
export type OnrampOrder = typeof OnrampOrder.Type
