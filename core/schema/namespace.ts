import * as Schema from "effect/Schema"
import { chainNamespaces } from "./chainNamespaces.ts"

export { chainNamespaces }

/**
 * A CAIP-2 chain namespace: `eip155` (EVM), `solana`, `polkadot`, `bip122` (Bitcoin), `cosmos`, `sui`, `stacks`.
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * Schema.is(ChainNamespace)("eip155") // true
 * ```
 */
export const ChainNamespace = Schema.Literals(chainNamespaces)
/** A CAIP-2 chain namespace. */
export type ChainNamespace = typeof ChainNamespace.Type

/**
 * True when the value is a known chain namespace.
 * @example
 * ```ts
 * isChainNamespace("cosmos") // true
 * ```
 */
export const isChainNamespace = Schema.is(ChainNamespace)

/**
 * A Bitcoin account kind: `payment` (index 0) or `ordinal` (index 1).
 * @example
 * ```ts
 * const t: BitcoinAccountType = "ordinal"
 * ```
 */
export const BitcoinAccountType = Schema.Literals(["payment", "ordinal"])
/** A Bitcoin account kind. */
export type BitcoinAccountType = typeof BitcoinAccountType.Type

/**
 * An embedded-wallet account kind: a smart contract account or an externally owned account.
 * @example
 * ```ts
 * const t: AccountType = "smartAccount"
 * ```
 */
export const AccountType = Schema.Literals(["smartAccount", "eoa"])
/** An embedded-wallet account kind. */
export type AccountType = typeof AccountType.Type

/**
 * The account kind an account may carry in any namespace (EVM/Solana kinds or Bitcoin kinds).
 * @example
 * ```ts
 * const t: PreferredAccountType = "payment"
 * ```
 */
export const PreferredAccountType = Schema.Union([AccountType, BitcoinAccountType])
/** The account kind an account may carry in any namespace. */
export type PreferredAccountType = typeof PreferredAccountType.Type

/**
 * Default account kind per namespace (SPEC §6): eip155 smartAccount, bip122 payment, polkadot and solana eoa.
 * @example
 * ```ts
 * defaultAccountTypes.bip122 // "payment"
 * ```
 */
export const defaultAccountTypes = {
  eip155: "smartAccount",
  solana: "eoa",
  polkadot: "eoa",
  bip122: "payment"
} as const satisfies Partial<Record<ChainNamespace, PreferredAccountType>>

/**
 * Derivation index of each Bitcoin account kind (SPEC §9).
 * @example
 * ```ts
 * bitcoinAccountIndexes.ordinal // 1
 * ```
 */
export const bitcoinAccountIndexes = { payment: 0, ordinal: 1 } as const satisfies Record<BitcoinAccountType, number>
