/**
 * The chain namespaces the router needs to name (SPEC §3). Kept local so the router typechecks without `core/schema`;
 * it is the same string union, so the schema's type is assignable to it.
 * @module
 */

/**
 * A chain namespace (SPEC §3: eip155, solana, polkadot, bip122, cosmos, sui, stacks).
 *
 * @example
 * ```ts
 * import type { ChainNamespace } from "./namespace.ts"
 * const namespace: ChainNamespace = "solana"
 * ```
 */
export type ChainNamespace = "eip155" | "solana" | "polkadot" | "bip122" | "cosmos" | "sui" | "stacks"
