/**
 * Every chain namespace Airlock knows, in CAIP-2 spelling (SPEC §3). Kept free of `effect/Schema` so the first load
 * can name namespaces without the schema library.
 * @example
 * ```ts
 * chainNamespaces.includes("solana") // true
 * ```
 */
export const chainNamespaces = ["eip155", "solana", "polkadot", "bip122", "cosmos", "sui", "stacks"] as const
