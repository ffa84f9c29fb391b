import * as Context from "effect/Context"
import type * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"
import type { ActiveNetwork } from "./ActiveNetwork.ts"
import { makeBlockchainApiLive } from "./blockchainApiLive.ts"
import { type BlockchainApiSeed, makeBlockchainApiMemory } from "./blockchainApiMemory.ts"
import type { BlockchainApiShape } from "./blockchainApiShape.ts"
import type { ClientConfig } from "./ClientConfig.ts"

/**
 * The blockchain API: balances, history, identity, names, prices, swaps, onramp and smart sessions.
 * @example
 * ```ts
 * const { balances } = yield* BlockchainApi.use((api) => api.getBalance({ address: "0xabc", chainId: "eip155:1" }))
 * ```
 */
export class BlockchainApi extends Context.Service<BlockchainApi, BlockchainApiShape>()("airlock/BlockchainApi") {
  /** Talks to `ClientConfig.endpoints.blockchainApi`; caches on the `Clock`. */
  static readonly layer: Layer.Layer<BlockchainApi, never, HttpClient.HttpClient | ClientConfig | ActiveNetwork> =
    Layer.effect(BlockchainApi, makeBlockchainApiLive)

  /**
   * Answers from memory (no caches), for tests and `airlock-kit/testing`; still guards on the active network.
   * @example
   * ```ts
   * BlockchainApi.layerMemory({ supportedChains: ["eip155:1"], identities: { "0xabc": { name: "ada", avatar: null } } })
   * ```
   */
  static readonly layerMemory = (seed: BlockchainApiSeed = {}): Layer.Layer<BlockchainApi, never, ActiveNetwork> =>
    Layer.effect(BlockchainApi, makeBlockchainApiMemory(seed))
}

export type { BlockchainApiSeed } from "./blockchainApiMemory.ts"
export * from "./blockchainApiShape.ts"
