import * as Schema from "effect/Schema"
import { emailPattern, socialProviders } from "./checks.ts"

// Dot-atom local part and dot-separated domain labels with a top-level label: the usual "looks like an address" test.
/**
 * An email address in a valid format (SPEC §5: connect email, new email on update, user payload).
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * Schema.is(Email)("ada@example.com") // true
 * ```
 */
export const Email = Schema.String.check(
  Schema.isMaxLength(254),
  Schema.isPattern(emailPattern, { message: "Invalid email address" })
)
/** An email address. */
export type Email = typeof Email.Type

/**
 * True when the value is a valid email address.
 * @example
 * ```ts
 * isEmail("not-an-email") // false
 * ```
 */
export { isEmail } from "./checks.ts"

/**
 * A one-time code sent by email (SPEC §5: a string).
 * @example
 * ```ts
 * const otp: Otp = "123456"
 * ```
 */
export const Otp = Schema.String
/** A one-time code sent by email. */
export type Otp = typeof Otp.Type

/**
 * True when the value is an OTP (a string).
 * @example
 * ```ts
 * isOtp("123456") // true
 * ```
 */
export { isOtp } from "./checks.ts"

export { socialProviders }

/**
 * A social login provider.
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * Schema.is(SocialProvider)("github") // true
 * ```
 */
export const SocialProvider = Schema.Literals(socialProviders)
/** A social login provider. */
export type SocialProvider = typeof SocialProvider.Type

export { isSocialProvider } from "./checks.ts"
