import * as Schema from "effect/Schema"
import { evmAddressPattern, solanaAddressPattern, transactionHashPattern } from "./checks.ts"

/**
 * An EVM address: an optional `0x` and 40 hex digits, any case (SPEC §5).
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * Schema.is(EvmAddress)("0x52908400098527886E0F7030069857D2E4169EE7") // true
 * ```
 */
export const EvmAddress = Schema.String.check(Schema.isPattern(evmAddressPattern, { message: "Invalid EVM address" }))
/** An EVM address. */
export type EvmAddress = typeof EvmAddress.Type

/**
 * True when the value is an EVM address.
 * @example
 * ```ts
 * isEvmAddress("0x123") // false
 * ```
 */
export { isEvmAddress } from "./checks.ts"

/**
 * A Solana address: 32 to 44 base58 characters (no 0, O, I or l) (SPEC §5).
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * Schema.is(SolanaAddress)("11111111111111111111111111111111") // true
 * ```
 */
export const SolanaAddress = Schema.String.check(
  Schema.isPattern(solanaAddressPattern, { message: "Invalid Solana address" })
)
/** A Solana address. */
export type SolanaAddress = typeof SolanaAddress.Type

/**
 * True when the value is a Solana address.
 * @example
 * ```ts
 * isSolanaAddress("0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl") // false
 * ```
 */
export { isSolanaAddress } from "./checks.ts"

/**
 * An EVM transaction hash: `0x` and exactly 64 hex digits (SPEC §5).
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * Schema.is(TransactionHash)(`0x${"ab".repeat(32)}`) // true
 * ```
 */
export const TransactionHash = Schema.String.check(
  Schema.isPattern(transactionHashPattern, { message: "Invalid transaction hash" })
)
/** An EVM transaction hash. */
export type TransactionHash = typeof TransactionHash.Type

/**
 * True when the value is a transaction hash.
 * @example
 * ```ts
 * isTransactionHash("0x1234") // false
 * ```
 */
export { isTransactionHash } from "./checks.ts"

/**
 * A signature as hex: `0x` and 62 or more hex digits (SPEC §5).
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * Schema.is(SignedMessage)(`0x${"1b".repeat(65)}`) // true
 * ```
 */
export const SignedMessage = Schema.String.check(
  Schema.isPattern(/^0x[0-9a-fA-F]{62,}$/, { message: "Invalid signed message" })
)
/** A signature as hex. */
export type SignedMessage = typeof SignedMessage.Type

/**
 * True when the value is a signature as hex.
 * @example
 * ```ts
 * isSignedMessage("0xdead") // false
 * ```
 */
export const isSignedMessage = Schema.is(SignedMessage)
