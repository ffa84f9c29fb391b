import * as Schema from "effect/Schema"
import { SendState } from "./send.ts"

import { sendErrorMessages } from "./sendErrorMessages.ts"

export { sendErrorMessages }

/**
 * Says what a send form still lacks (SPEC §5): amount and receiver first, then the token; undefined when complete.
 * @example
 * ```ts
 * validateSend({ sendTokenAmount: 1 }) // "An amount and receiver address are required"
 * ```
 */
export const validateSend = (state: SendState): string | undefined => {
  if (!(state.sendTokenAmount !== undefined && state.sendTokenAmount > 0) || !state.receiverAddress) {
    return sendErrorMessages.amountAndReceiver
  }
  if (state.token === undefined) return sendErrorMessages.token
  return undefined
}

/**
 * A send form ready to submit: a `SendState` that passes `validateSend`, failing with its exact text.
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * Schema.is(SendInput)({ receiverAddress: "0xabc" }) // false
 * ```
 */
export const SendInput = SendState.check(Schema.makeFilter((state) => validateSend(state)))
/** A send form ready to submit. */
export type SendInput = typeof SendInput.Type

/**
 * True when the send form is complete.
 * @example
 * ```ts
 * isSendInput({}) // false
 * ```
 */
export const isSendInput = Schema.is(SendInput)
