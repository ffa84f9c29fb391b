/**
 * Where the blockchain API gets what a chain node does not answer directly: token prices and account history. Each is
 * an interface with a built-in implementation (a static price table, the transfer indexer); a deployment may pass its
 * own (a price feed, a hosted indexer) to `startApi`.
 */
import type { Address } from "viem"
import type { ApiChain } from "./chains.ts"
import type { IndexedTx } from "./indexer.ts"

/** A token to price: its symbol, and its CAIP-10 address when it has one (the native token has none). */
export interface PricedToken {
  readonly symbol: string
  readonly address?: string | undefined
}

/**
 * Prices of tokens in a fiat currency.
 * @example
 * ```ts
 * import { staticPriceSource } from "./prices.ts"
 * const source: PriceSource = staticPriceSource({ usd: { ETH: 3000 } })
 * await source.prices([{ symbol: "ETH" }], "usd") // [3000]
 * ```
 */
export interface PriceSource {
  /** The fiat currencies it answers in, lower-case ISO codes (`usd`); any other is a 400 for the caller. */
  readonly currencies: ReadonlyArray<string>
  /**
   * The price of one whole unit of each token in `currency` (one of {@link currencies}), in the order asked;
   * `undefined` for a token it has no price for. Called per request: an implementation that reads the network
   * should cache and time out.
   */
  prices(tokens: ReadonlyArray<PricedToken>, currency: string): Promise<ReadonlyArray<number | undefined>>
}

/**
 * An EVM account's history: the transactions on `chains` that the account sent or that moved an asset from or to
 * it, newest first (block time, then chain id, block and position).
 */
export interface HistorySource {
  transactions(chains: ReadonlyArray<ApiChain>, address: Address): Promise<ReadonlyArray<IndexedTx>>
}

/**
 * One Solana transaction as the API reads it (the sandbox's litesvm record fits): who paid, what each party gained or
 * lost, whether it failed.
 */
export interface SolanaHistoryRecord {
  readonly signature: string
  /** Unix seconds of its slot. */
  readonly blockTime: number
  /** Null when it succeeded. */
  readonly err: unknown
  /** Static keys, then loaded ones; the fee payer first. */
  readonly accountKeys: ReadonlyArray<string>
  readonly message: { readonly instructions: ReadonlyArray<{ readonly programAddressIndex: number }> }
  /** Lamports each account gained (+) or lost (−), the fee left out. */
  readonly solChanges: ReadonlyArray<{ readonly address: string; readonly delta: bigint }>
  /** Base units of each mint each wallet gained or lost, over all its token accounts. */
  readonly tokenChanges: ReadonlyArray<{
    readonly owner: string
    readonly mint: string
    readonly decimals: number
    readonly delta: bigint
  }>
}

/** A Solana account's history, newest first (the sandbox passes its chain's record). */
export interface SolanaHistorySource {
  involving(address: string): ReadonlyArray<SolanaHistoryRecord> | Promise<ReadonlyArray<SolanaHistoryRecord>>
}
