import type { ChainNamespace } from "../schema/namespace.ts"
import type { CaipNetworkId } from "../schema/network.ts"

/**
 * Networks on which swaps are offered (SPEC §9), in display order.
 * @example
 * ```ts
 * swapNetworkIds.some((id) => id === "eip155:8453") // true
 * ```
 */
export const swapNetworkIds: ReadonlyArray<CaipNetworkId> = /* @__PURE__ */ [
  1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217,
  1313161554
  // A plain template, not `makeCaipNetworkId`: its schema would come along wherever this module's code goes.
].map((id) => `eip155:${id}` as CaipNetworkId)

/** Arbitrum's block time in milliseconds (SPEC §9). */
export const arbitrumBlockTimeMs = 250
/** Ethereum's block time in milliseconds (SPEC §9). */
export const ethereumBlockTimeMs = 12_000

/**
 * Decimals of native currencies (SPEC §9).
 * @example
 * ```ts
 * nativeDecimals.SOL // 9
 * ```
 */
export const nativeDecimals = { ETH: 18, SOL: 9, BTC: 8 } as const

/**
 * The placeholder address that stands for an EVM chain's native token in token lists and swap APIs.
 * @example
 * ```ts
 * nativeTokenAddress.length // 42
 * ```
 */
export const nativeTokenAddress = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"

/**
 * Namespaces each feature supports (SPEC §9).
 * @example
 * ```ts
 * featureNamespaces.send.includes("solana") // true
 * ```
 */
export const featureNamespaces = {
  names: ["eip155"],
  activity: ["eip155"],
  swaps: ["eip155"],
  balances: ["eip155", "solana"],
  send: ["eip155", "solana"],
  onramp: ["eip155", "solana"]
} as const satisfies Record<string, ReadonlyArray<ChainNamespace>>

/**
 * True when a feature of `featureNamespaces` works in the namespace.
 * @example
 * ```ts
 * supportsFeature("names", "solana") // false
 * ```
 */
export const supportsFeature = (feature: keyof typeof featureNamespaces, namespace: ChainNamespace): boolean =>
  (featureNamespaces[feature] as ReadonlyArray<ChainNamespace>).includes(namespace)
