import * as Schema from "effect/Schema"
import { TokenBalance } from "./token.ts"

/**
 * The send form (SPEC §3). Every field is absent until the user fills it; `validateSend` says what is missing.
 * @example
 * ```ts
 * const s: SendState = { sendTokenAmount: 0.5, receiverAddress: "0xabc" }
 * ```
 */
export const SendState = Schema.Struct({
  token: Schema.optionalKey(TokenBalance),
  sendTokenAmount: Schema.optionalKey(Schema.Number),
  receiverAddress: Schema.optionalKey(Schema.String),
  receiverProfileName: Schema.optionalKey(Schema.String),
  receiverProfileImageUrl: Schema.optionalKey(Schema.String),
  networkBalanceInUSD: Schema.optionalKey(Schema.String)
})
/** The send form. */
export type SendState = typeof SendState.Type
