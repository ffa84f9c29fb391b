/**
 * The Send view's machine as the state holds it (SPEC §3 send state): what the user typed, where the transfer
 * stands, the prepared transfer and what went wrong. Plain data only; what follows from it (the chosen token's
 * balance, the form's check, the USD value, the fee as shown) is derived by `selectSend`.
 * @module
 */
import type { Message } from "../i18n/catalogue.ts"
import type { SendPreview } from "../rules/send.ts"
import type { TokenBalance } from "../schema/token.ts"

/**
 * Where a send stands: the form is filled (`form`), the transfer is being prepared (`preparing`), the prepared
 * transfer waits for the user's confirmation (`preview`), the wallet was asked to send it (`sending`).
 */
export type SendStep = "form" | "preparing" | "preview" | "sending"

/** The send form as the user filled it. */
export interface SendFormState {
  /**
   * The chosen token by its key ({@link sendTokenKey}); `undefined` until a choice, which means the most valuable token.
   * Its balance is read from the latest token list, never kept here.
   */
  readonly token: string | undefined
  /** The amount as typed, with a decimal comma read as a point. */
  readonly amount: string
  /** An address or a name, as typed. */
  readonly receiver: string
}

/**
 * A failure as the send slice keeps it: the error's tag, its reason when it has one, and its text for the user as
 * catalogue data (a renderer shows `messageText(state.i18n.messages, failure.message)`).
 */
export interface SendFailure {
  readonly name: string
  readonly reason?: string | undefined
  readonly message: Message
}

/** The `send` slice of the state. */
export interface SendState {
  readonly form: SendFormState
  readonly step: SendStep
  /** The prepared transfer, on the `preview` and `sending` steps. */
  readonly preview: SendPreview | undefined
  /**
   * The last failure: a failed preparation or Max on the form, a failed send on the preview. An edit, Edit and a new
   * preview clear it.
   */
  readonly error: SendFailure | undefined
}

/**
 * A token's key in a list and in the send form: its contract (or mint) address, or the native coin's symbol. Stable
 * across refetches, so a choice survives a new balance.
 * @example
 * ```ts
 * import { sendTokenKey } from "airlock-kit"
 * sendTokenKey({ name: "Ether", symbol: "ETH", chainId: "eip155:1", price: 2000, quantity: { decimals: "18", numeric: "1" } }) // "native:ETH"
 * ```
 */
export const sendTokenKey = (token: TokenBalance): string => token.address ?? `native:${token.symbol}`

/** The form before anything is typed: the most valuable token, no amount, no receiver. */
export const initialSend: SendState = {
  form: { token: undefined, amount: "", receiver: "" },
  step: "form",
  preview: undefined,
  error: undefined
}

/**
 * The slice with the form changed: back on the form step with no error (a preparation under way or a preview was for
 * the old form, so it is dropped). Ignored while sending: the wallet has the transfer. A change to the same value
 * only clears the form's error.
 */
export const editSendForm = (send: SendState, change: Partial<SendFormState>): SendState => {
  if (send.step === "sending") return send
  const same = (Object.keys(change) as Array<keyof SendFormState>).every((key) => send.form[key] === change[key])
  if (same) return send.step === "form" && send.error !== undefined ? { ...send, error: undefined } : send
  return { form: { ...send.form, ...change }, step: "form", preview: undefined, error: undefined }
}
