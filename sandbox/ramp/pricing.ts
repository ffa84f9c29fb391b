/**
 * The sandbox ramp's prices, limits and quotes: one pure function shared by the API's `/v1/onramp/quote` and the ramp's
 * payout, so the crypto a buyer receives is exactly the amount the quote showed.
 *
 * A quote for `amount` (the fiat the buyer pays, `paymentTotal`): the provider's fee (1.5 %, inside SPEC §9's 1-2 %)
 * and a flat network fee come off first; what is left (`paymentSubtotal`) buys the crypto at the sandbox API's prices
 * (`sandbox/prices.ts`), floored to 6 decimals.
 */
import type { OnrampQuote, PaymentMethodLimit } from "../../core/schema/onramp.ts"
import { fiatRates, usdPrices } from "../prices.ts"

/** The provider's fee in basis points of the amount paid (SPEC §9: 1-2 %). */
export const rampFeeBps = 150

/** The flat network fee, in cents of the payment currency. */
export const rampNetworkFeeCents = 10

/** The fiat currencies the ramp takes (SPEC §9). */
export const rampFiatCurrencies = ["USD", "EUR"] as const

/** SPEC §9's limits per payment method, the same for USD and EUR. */
export const rampLimits: ReadonlyArray<PaymentMethodLimit> = [
  { id: "card", min: "10.00", max: "7500.00" },
  { id: "ach_bank_account", min: "10.00", max: "25000.00" }
]

/** The crypto the ramp sells. */
export const rampAssets = ["USDC", "ETH", "SOL"] as const
/** A crypto the ramp sells. */
export type RampAsset = (typeof rampAssets)[number]

/** Decimals of each asset on chain. */
export const assetDecimals: Readonly<Record<RampAsset, number>> = { USDC: 6, ETH: 18, SOL: 9 }

/** A quote request as the ramp reads it. */
export interface RampQuoteInput {
  readonly asset: string
  readonly fiat: string
  readonly amount: number
}

/** Why a payment is refused: the amount is not a number, outside the method's limits, or the currency unknown. */
export type RampRefusal = "invalidAmount" | "belowMinimum" | "aboveMaximum" | "unknownCurrency" | "unknownMethod"

/** The limit of `method`, or `undefined` for an unknown one. */
export const limitOf = (method: string): PaymentMethodLimit | undefined => rampLimits.find((l) => l.id === method)

/**
 * Checks an amount against SPEC §9's limits for `method` in `fiat`: `undefined` when it may be paid.
 * @example
 * ```ts
 * refusalOf(5, "USD", "card") // "belowMinimum"
 * ```
 */
export const refusalOf = (amount: number, fiat: string, method: string): RampRefusal | undefined => {
  if (!rampFiatCurrencies.includes(fiat as never)) return "unknownCurrency"
  const limit = limitOf(method)
  if (limit === undefined) return "unknownMethod"
  if (!Number.isFinite(amount) || amount <= 0) return "invalidAmount"
  if (amount < Number(limit.min)) return "belowMinimum"
  if (amount > Number(limit.max)) return "aboveMaximum"
  return undefined
}

const cents = (value: number): string => (value / 100).toFixed(2)

/** The price of one unit of `asset` in `fiat` (USD or EUR), 0 when unknown. */
const priceIn = (asset: string, fiat: string): number =>
  (usdPrices[asset] ?? 0) * (fiatRates[fiat.toLowerCase()] ?? Number.NaN)

/**
 * The quote for paying `amount` of `fiat` for `asset`: `undefined` when the asset or currency is unknown or the amount
 * is not a positive number. Amounts are decimal strings; the purchase amount has at most 6 decimals.
 * @example
 * ```ts
 * rampQuote({ asset: "USDC", fiat: "USD", amount: 50 })?.purchaseAmount // { amount: "49.150000", currency: "USDC" }
 * ```
 */
export const rampQuote = ({ asset, fiat, amount }: RampQuoteInput): OnrampQuote | undefined => {
  const price = priceIn(asset, fiat)
  if (!(price > 0) || !Number.isFinite(amount) || amount <= 0 || amount > 1e9) return undefined
  const totalCents = Math.round(amount * 100)
  const feeCents = Math.round((totalCents * rampFeeBps) / 10_000)
  const subtotalCents = Math.max(0, totalCents - feeCents - rampNetworkFeeCents)
  // micro-units of the asset: cents × 10^4 / price, floored
  const micro = Math.floor((subtotalCents * 10_000) / price)
  return {
    networkFee: { amount: cents(rampNetworkFeeCents), currency: fiat },
    paymentSubtotal: { amount: cents(subtotalCents), currency: fiat },
    paymentTotal: { amount: cents(totalCents), currency: fiat },
    purchaseAmount: { amount: (micro / 1e6).toFixed(6), currency: asset },
    quoteId: `ramp-${asset}-${fiat}-${totalCents}`
  }
}

/**
 * A decimal string in an asset's base units (exact: no float math).
 * @example
 * ```ts
 * toBaseUnits("49.150000", 6) // 49150000n
 * ```
 */
export const toBaseUnits = (amount: string, decimals: number): bigint => {
  const [whole = "0", fraction = ""] = amount.split(".")
  return BigInt(whole) * 10n ** BigInt(decimals) + BigInt((fraction + "0".repeat(decimals)).slice(0, decimals) || "0")
}
