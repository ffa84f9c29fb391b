/**
 * The SPEC §5 checks as plain functions, free of `effect/Schema`: a custom renderer validates input with them without
 * bundling the schema library, and the schemas (address.ts, accountName.ts, login.ts, network.ts) use the same
 * patterns and functions, so both always agree.
 * @module
 */

import type * as Brand from "effect/Brand"
import { chainNamespaces } from "./chainNamespaces.ts"

/** A CAIP-2 network id, as `network.ts`'s schema brands it (named here so the checks need no schema). */
type CaipNetworkId = string & Brand.Brand<"CaipNetworkId">
/** A CAIP-10 account address, as `network.ts`'s schema brands it. */
type CaipAddress = string & Brand.Brand<"CaipAddress">

/** An EVM address: optional `0x` plus 40 hex characters. */
export const evmAddressPattern = /^(0x)?[0-9a-fA-F]{40}$/
/** A Solana address: 32 to 44 base58 characters (no 0, O, I or l). */
export const solanaAddressPattern = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
/** A transaction hash: `0x` plus 64 hex characters. */
export const transactionHashPattern = /^0x[0-9a-fA-F]{64}$/
/** An account name label: letters, digits and hyphens (and at least 4 of them, see {@link isAccountName}). */
export const accountNamePattern = /^[A-Za-z0-9-]+$/
/** An email address as login forms accept it. */
export const emailPattern =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/

const matches =
  (pattern: RegExp) =>
  (value: unknown): value is string =>
    typeof value === "string" && pattern.test(value)

const isKnownNamespace = (value: string | undefined): boolean =>
  value !== undefined && (chainNamespaces as ReadonlyArray<string>).includes(value)

/**
 * True for an EVM address (SPEC §5).
 * @example
 * ```ts
 * isEvmAddress("0x52908400098527886E0F7030069857D2E4169EE7") // true
 * ```
 */
export const isEvmAddress = matches(evmAddressPattern)

/**
 * True for a Solana address (SPEC §5).
 * @example
 * ```ts
 * isSolanaAddress("0x52908400098527886E0F7030069857D2E4169EE7") // false
 * ```
 */
export const isSolanaAddress = matches(solanaAddressPattern)

/**
 * True for a transaction hash (SPEC §5).
 * @example
 * ```ts
 * isTransactionHash(`0x${"ab".repeat(32)}`) // true
 * ```
 */
export const isTransactionHash = matches(transactionHashPattern)

/**
 * True for an account name label: at least 4 characters, letters, digits and hyphens only (SPEC §5).
 * @example
 * ```ts
 * isAccountName("ab_c") // false
 * ```
 */
export const isAccountName = (value: unknown): value is string =>
  typeof value === "string" && value.length >= 4 && accountNamePattern.test(value)

/**
 * True for a valid email address (SPEC §5).
 * @example
 * ```ts
 * isEmail("not-an-email") // false
 * ```
 */
export const isEmail = matches(emailPattern)

/**
 * True for a one-time code: SPEC §5 asks only that it is a string.
 * @example
 * ```ts
 * isOtp("123456") // true
 * ```
 */
export const isOtp = (value: unknown): value is string => typeof value === "string"

/** Why a string is not a CAIP-2 network id, or `true`. */
export const checkCaipNetworkId = (value: string): true | string => {
  const parts = value.split(":")
  if (parts.length !== 2) return "Expected a CAIP network id with 2 parts (namespace:reference)"
  const [namespace, reference] = parts as [string, string]
  if (!isKnownNamespace(namespace)) return `Unknown chain namespace "${namespace}"`
  if (reference.length === 0) return "Expected a non-empty chain reference"
  return true
}

/** Why a string is not a CAIP-10 address ('Invalid CAIP Address'), or `true`. */
export const checkCaipAddress = (value: string): true | string => {
  const parts = value.split(":")
  if (parts.length !== 3 || parts.some((part) => part.length === 0)) return "Invalid CAIP Address"
  if (!isKnownNamespace(parts[0])) return "Invalid CAIP Address"
  return true
}

/**
 * True for a CAIP-2 network id with a known namespace (SPEC §5: 2 parts).
 * @example
 * ```ts
 * isCaipNetworkId("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp") // true
 * ```
 */
export const isCaipNetworkId = (value: unknown): value is CaipNetworkId =>
  typeof value === "string" && checkCaipNetworkId(value) === true

/**
 * True for a CAIP-10 address: 3 non-empty parts and a known namespace (SPEC §5).
 * @example
 * ```ts
 * isCaipAddress("eip155:1") // false: only 2 parts
 * ```
 */
export const isCaipAddress = (value: unknown): value is CaipAddress =>
  typeof value === "string" && checkCaipAddress(value) === true

/**
 * Social providers the embedded wallet accepts for a login (SPEC §5). Farcaster has its own flow.
 * @example
 * ```ts
 * socialProviders.length // 6
 * ```
 */
export const socialProviders = ["google", "github", "apple", "facebook", "x", "discord"] as const

/** A social login provider's id. */
export type SocialProviderId = (typeof socialProviders)[number]

/**
 * True when the value is a supported social provider.
 * @example
 * ```ts
 * isSocialProvider("myspace") // false
 * ```
 */
export const isSocialProvider = (value: unknown): value is SocialProviderId =>
  typeof value === "string" && (socialProviders as ReadonlyArray<string>).includes(value)
