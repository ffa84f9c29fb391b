/**
 * The sandbox's price table: fixed fiat prices per token symbol, so balances and fungible prices have values that
 * tests can compute by hand.
 */

/** USD price of one unit, by token symbol. */
export const usdPrices: Readonly<Record<string, number>> = {
  ETH: 2500,
  SOL: 150,
  USDC: 1
}

/** Fiat currencies the API answers in, as a factor applied to the USD price. */
export const fiatRates: Readonly<Record<string, number>> = {
  usd: 1,
  eur: 0.9
}

/**
 * The price of `symbol` in `currency` (lower-case ISO code), or 0 for a token with no listed price.
 * @example
 * ```ts
 * priceOf("ETH", "eur") // 2250
 * ```
 */
export const priceOf = (symbol: string, currency: string): number =>
  (usdPrices[symbol] ?? 0) * (fiatRates[currency] ?? 1)
