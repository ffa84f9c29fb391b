import * as Schema from "effect/Schema"
import { Identity } from "./identity.ts"
import { NameRecord } from "./names.ts"
import { TokenBalance } from "./token.ts"
import { Transaction } from "./transaction.ts"

/**
 * A stored cache entry: a value and the epoch milliseconds at which it was written (SPEC §3).
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * const PriceEntry = CacheEntry(Schema.Number)
 * Schema.decodeUnknownSync(PriceEntry)({ value: 3100.5, timestamp: 1714557600000 })
 * ```
 */
export const CacheEntry = <S extends Schema.Top>(value: S) =>
  Schema.Struct({
    value,
    timestamp: Schema.Number.check(Schema.isFinite())
  })
/** A stored cache entry holding a value of type `A`. */
export interface CacheEntry<A> {
  readonly value: A
  readonly timestamp: number
}

/**
 * True when the entry was written less than `ttlMs` before `now` (both epoch milliseconds).
 * @example
 * ```ts
 * isCacheEntryFresh({ value: 1, timestamp: 0 }, 29_999, 30_000) // true
 * ```
 */
export const isCacheEntryFresh = (entry: { readonly timestamp: number }, now: number, ttlMs: number): boolean =>
  now - entry.timestamp < ttlMs

/**
 * A cached native balance.
 * @example
 * ```ts
 * const e: BalanceCacheEntry = { value: { balance: "1.5", symbol: "ETH" }, timestamp: 0 }
 * ```
 */
export const BalanceCacheEntry = CacheEntry(Schema.Struct({ balance: Schema.String, symbol: Schema.String }))
/** A cached native balance. */
export type BalanceCacheEntry = typeof BalanceCacheEntry.Type

/**
 * A cached token portfolio.
 * @example
 * ```ts
 * const e: PortfolioCacheEntry = { value: [], timestamp: 0 }
 * ```
 */
export const PortfolioCacheEntry = CacheEntry(Schema.Array(TokenBalance))
/** A cached token portfolio. */
export type PortfolioCacheEntry = typeof PortfolioCacheEntry.Type

/**
 * A cached account-name lookup.
 * @example
 * ```ts
 * const e: NamesCacheEntry = { value: [], timestamp: 0 }
 * ```
 */
export const NamesCacheEntry = CacheEntry(Schema.Array(NameRecord))
/** A cached account-name lookup. */
export type NamesCacheEntry = typeof NamesCacheEntry.Type

/**
 * A cached identity lookup.
 * @example
 * ```ts
 * const e: IdentityCacheEntry = { value: { name: null, avatar: null }, timestamp: 0 }
 * ```
 */
export const IdentityCacheEntry = CacheEntry(Identity)
/** A cached identity lookup. */
export type IdentityCacheEntry = typeof IdentityCacheEntry.Type

/**
 * A cached page of transaction history.
 * @example
 * ```ts
 * const e: TransactionsCacheEntry = { value: [], timestamp: 0 }
 * ```
 */
export const TransactionsCacheEntry = CacheEntry(Schema.Array(Transaction))
/** A cached page of transaction history. */
export type TransactionsCacheEntry = typeof TransactionsCacheEntry.Type

/**
 * A cached token price in the display currency.
 * @example
 * ```ts
 * const e: TokenPriceCacheEntry = { value: 3100.5, timestamp: 0 }
 * ```
 */
export const TokenPriceCacheEntry = CacheEntry(Schema.Number)
/** A cached token price. */
export type TokenPriceCacheEntry = typeof TokenPriceCacheEntry.Type
