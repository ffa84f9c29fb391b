/**
 * The exact SPEC §8 texts of an incomplete send form (a module of its own: the send rules use them without the
 * schema library).
 * @example
 * ```ts
 * sendErrorMessages.token // "A token is required"
 * ```
 */
export const sendErrorMessages = {
  amountAndReceiver: "An amount and receiver address are required",
  token: "A token is required"
} as const
