import { formatUnits } from "viem"
import type { TokenBalance } from "../../core/schema/token.ts"

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

/** What {@link balanceEntry} needs: the chain, the token, the amount held (base units) and how to price and draw it. */
export interface BalanceEntryInput {
  readonly chain: { readonly caipNetworkId: string }
  readonly meta: { readonly name: string; readonly symbol: string; readonly decimals: number }
  readonly amount: bigint
  readonly currency: string
  readonly iconUrl: string
  /** The token's contract or mint address; absent for the native token. */
  readonly token?: string | undefined
}

/**
 * One row of a balance answer (SPEC §3 token balance), on any chain: quantity in the token's decimals, priced from the
 * table.
 * @example
 * ```ts
 * balanceEntry({ chain: { caipNetworkId: "eip155:1" }, meta: { name: "Ether", symbol: "ETH", decimals: 18 }, amount: 10n ** 18n, currency: "usd", iconUrl: "" }).value // 2500
 * ```
 */
export const balanceEntry = ({ chain, meta, amount, currency, iconUrl, token }: BalanceEntryInput): TokenBalance => {
  const numeric = formatUnits(amount, meta.decimals)
  const price = priceOf(meta.symbol, currency)
  return {
    name: meta.name,
    symbol: meta.symbol,
    chainId: chain.caipNetworkId as TokenBalance["chainId"],
    ...(token === undefined ? {} : { address: `${chain.caipNetworkId}:${token}` as TokenBalance["address"] & string }),
    value: Number(numeric) * price,
    price,
    quantity: { decimals: String(meta.decimals), numeric },
    iconUrl
  }
}
