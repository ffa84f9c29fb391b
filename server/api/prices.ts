/**
 * The built-in price source, a static table from configuration (no network), and the balance rows priced with a
 * source. The sandbox passes its own fixed table (`sandbox/prices.ts`); a deployment configures its table, or passes
 * a {@link PriceSource} of its own to `startApi`.
 */
import { formatUnits } from "viem"
import type { TokenBalance } from "../../core/schema/token.ts"
import type { PricedToken, PriceSource } from "./sources.ts"

/** A price table: USD per whole unit by token symbol, and the fiat currencies answered in as a factor of USD. */
export interface PriceTable {
  /** USD price of one unit, by token symbol (`ETH`, `USDC`). A symbol not listed has no price (0 in answers). */
  readonly usd: Readonly<Record<string, number>>
  /** Fiat currencies by lower-case ISO code, as the factor applied to the USD price. @default { usd: 1 } */
  readonly fiatRates?: Readonly<Record<string, number>>
}

/**
 * A price source answering from a fixed table.
 * @example
 * ```ts
 * const source = staticPriceSource({ usd: { ETH: 2500 }, fiatRates: { usd: 1, eur: 0.9 } })
 * await source.prices([{ symbol: "ETH" }, { symbol: "DOGE" }], "eur") // [2250, undefined]
 * ```
 */
export const staticPriceSource = (table: PriceTable): PriceSource => {
  const rates = table.fiatRates ?? { usd: 1 }
  return {
    currencies: Object.keys(rates),
    prices: (tokens: ReadonlyArray<PricedToken>, currency: string) => {
      const rate = rates[currency.toLowerCase()]
      return Promise.resolve(
        tokens.map((token) => {
          const usd = table.usd[token.symbol]
          return usd === undefined || rate === undefined ? undefined : usd * rate
        })
      )
    }
  }
}

/** The price of one token from `source`, 0 when it has none. */
export type PriceOf = (token: PricedToken) => Promise<number>

/**
 * The one-token lookup of a source in `currency` (0 for a token without a price).
 * @example
 * ```ts
 * const source = staticPriceSource({ usd: { ETH: 2500 } })
 * await priceIn(source, "usd")({ symbol: "ETH" }) // 2500
 * ```
 */
export const priceIn =
  (source: PriceSource, currency: string): PriceOf =>
  async (token) =>
    (await source.prices([token], currency))[0] ?? 0

/** What {@link balanceEntry} needs: the chain, the token, the amount held (base units), its price and icon. */
export interface BalanceEntryInput {
  readonly chain: { readonly caipNetworkId: string }
  readonly meta: { readonly name: string; readonly symbol: string; readonly decimals: number }
  readonly amount: bigint
  /** Price of one whole unit in the answer's currency. */
  readonly price: number
  readonly iconUrl: string
  /** The token's contract or mint address; absent for the native token. */
  readonly token?: string | undefined
}

/**
 * One row of a balance answer (SPEC §3 token balance), on any chain: quantity in the token's decimals and its value.
 * @example
 * ```ts
 * balanceEntry({ chain: { caipNetworkId: "eip155:1" }, meta: { name: "Ether", symbol: "ETH", decimals: 18 }, amount: 10n ** 18n, price: 2500, iconUrl: "" }).value // 2500
 * ```
 */
export const balanceEntry = ({ chain, meta, amount, price, iconUrl, token }: BalanceEntryInput): TokenBalance => {
  const numeric = formatUnits(amount, meta.decimals)
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

/**
 * Prices rows made without one: one source call for all of them.
 * @example
 * ```ts
 * const source = staticPriceSource({ usd: { ETH: 2500 } })
 * declare const row: Omit<BalanceEntryInput, "price">
 * const rows = await priced(source, "usd", [row])
 * ```
 */
export const priced = async (
  source: PriceSource,
  currency: string,
  rows: ReadonlyArray<Omit<BalanceEntryInput, "price">>
): Promise<ReadonlyArray<TokenBalance>> => {
  const prices = await source.prices(
    rows.map((row) => ({
      symbol: row.meta.symbol,
      ...(row.token === undefined ? {} : { address: `${row.chain.caipNetworkId}:${row.token}` })
    })),
    currency
  )
  return rows.map((row, index) => balanceEntry({ ...row, price: prices[index] ?? 0 }))
}
