/**
 * What the blockchain API answers from, as `startApi` takes it: the chains, the Solana chain, the price and history
 * sources, configured identities, extra sign-in chains and the onramp provider. Each has a production default (no
 * chains, a price table with no prices, the transfer indexer, none); the sandbox passes its own
 * (`sandbox/apiOptions.ts`).
 */
import type { ApiApp } from "./app.ts"
import { type ChainSet, defaultUnsupportedChainIds, makeChainSet, type ServerChainConfig } from "./chains.ts"
import { type Identity, makeIdentities } from "./identities.ts"
import { indexerHistory, makeIndexer } from "./indexer.ts"
import type { OnrampProvider } from "./onramp.ts"
import { type PriceTable, staticPriceSource } from "./prices.ts"
import type { ApiSolanaInput } from "./solana.ts"
import type { HistorySource, PriceSource } from "./sources.ts"

/** The data options of `startApi`. */
export interface ApiDataOptions {
  /** The EVM chains served. Without them, account endpoints answer empty results. @default [] */
  readonly chains?: ReadonlyArray<ServerChainConfig> | undefined
  /**
   * The Solana chain: balances and history of `solana:` accounts, and listed among the supported chains. Without it,
   * a Solana account has empty results.
   */
  readonly solana?: ApiSolanaInput | undefined
  /**
   * Chain ids served (the RPC proxy, sign-in) but left out of `/v1/supported-chains` and the account endpoints.
   * @default []
   */
  readonly unsupportedChainIds?: ReadonlyArray<number> | undefined
  /**
   * Token prices: a source, or a static table (USD per symbol, and fiat rates). @default a table with no prices, in USD
   * only (every value 0)
   */
  readonly prices?: PriceSource | PriceTable | undefined
  /** EVM account history. @default the transfer indexer over `chains` */
  readonly history?: HistorySource | undefined
  /** Most blocks the built-in indexer reads per chain per history request. @default 1000 */
  readonly historyBlocksPerSync?: number | undefined
  /** Names of addresses for `/v1/identity` and name lookups (after registered names). @default [] */
  readonly identities?: ReadonlyArray<Identity> | undefined
  /** CAIP-2 ids a sign-in may name besides the served chains. @default [] */
  readonly signInChains?: ReadonlyArray<string> | undefined
  /** The onramp provider; without it the onramp routes answer 404. */
  readonly onramp?: OnrampProvider | undefined
}

/** The parts of the app the data options make, plus `start` (pins the indexer's first blocks). */
export interface ApiData
  extends Pick<ApiApp, "chains" | "history" | "prices" | "identities" | "signInChains" | "onramp"> {
  readonly chains: ChainSet
  /** Best effort: a chain that does not answer is pinned at its first sync instead. */
  readonly start: () => Promise<void>
}

const isSource = (prices: PriceSource | PriceTable): prices is PriceSource => "prices" in prices

/**
 * Builds the data parts of the API from its options.
 * @example
 * ```ts
 * declare const rpcUrl: string
 * const data = makeApiData({ chains: [{ caipNetworkId: "eip155:1", rpcUrl }], prices: { usd: { ETH: 3000 } } })
 * ```
 */
export const makeApiData = (options: ApiDataOptions): ApiData => {
  const chains = makeChainSet(options.chains, options.unsupportedChainIds ?? defaultUnsupportedChainIds, options.solana)
  let history = options.history
  let start = () => Promise.resolve()
  if (history === undefined) {
    const indexer = makeIndexer(chains, { maxBlocksPerSync: options.historyBlocksPerSync ?? 1000 })
    history = indexerHistory(indexer)
    start = indexer.start
  }
  const prices = options.prices ?? { usd: {} }
  return {
    chains,
    history,
    prices: isSource(prices) ? prices : staticPriceSource(prices),
    identities: makeIdentities(options.identities),
    signInChains: options.signInChains,
    onramp: options.onramp,
    start
  }
}
