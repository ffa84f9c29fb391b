import * as Schema from "effect/Schema"
import { accountNamePattern } from "./checks.ts"

/**
 * The label of an account name: at least 4 characters, only letters, digits and hyphens (SPEC §5).
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * Schema.is(AccountName)("ada-1") // true
 * ```
 */
export const AccountName = Schema.String.check(
  Schema.isMinLength(4, { message: "Name must have at least 4 characters" }),
  Schema.isPattern(accountNamePattern, { message: "Name may contain only letters, digits and hyphens" })
)
/** The label of an account name. */
export type AccountName = typeof AccountName.Type

/**
 * True when the value is a valid account name label.
 * @example
 * ```ts
 * isAccountName("ab_c") // false
 * ```
 */
export { isAccountName } from "./checks.ts"

/** The exact SPEC §8 text for a chain id that cannot be used for name registration. */
export const invalidChainIdMessage = "Invalid chainId"

/**
 * An EVM chain id usable for name registration: a non-negative integer below 2147483648 (2^31), because the coin
 * type of an EVM chain sets bit 31. Fails with 'Invalid chainId'.
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * Schema.is(NameChainId)(8453) // true
 * ```
 */
export const NameChainId = Schema.Number.check(
  Schema.makeFilter((n: number) => (Number.isInteger(n) && n >= 0 && n < 2147483648) || invalidChainIdMessage, {
    message: invalidChainIdMessage
  })
)
/** An EVM chain id usable for name registration. */
export type NameChainId = typeof NameChainId.Type

/**
 * True when the chain id can be used for name registration.
 * @example
 * ```ts
 * isNameChainId(2147483648) // false
 * ```
 */
export const isNameChainId = Schema.is(NameChainId)
