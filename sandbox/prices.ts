/**
 * The sandbox's price table: fixed fiat prices per token symbol, so balances, history values, the ramp's quotes and the
 * pools' starting reserves agree, and tests can compute them by hand.
 */
import { type PriceTable, staticPriceSource } from "../server/api/prices.ts"
import type { PriceSource } from "../server/api/sources.ts"

/** USD price of one unit, by token symbol (DAI has none: the API prices it from its USDC pool). */
export const usdPrices: Readonly<Record<string, number>> = { ETH: 2500, SOL: 150, USDC: 1 }

/** Fiat currencies the sandbox API answers in, as a factor applied to the USD price. */
export const fiatRates: Readonly<Record<string, number>> = { usd: 1, eur: 0.9 }

/** The table, as the API's static price source takes it. */
export const sandboxPriceTable: PriceTable = { usd: usdPrices, fiatRates }

/** The sandbox API's price source. */
export const sandboxPrices: PriceSource = staticPriceSource(sandboxPriceTable)
