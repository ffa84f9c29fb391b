import { AlertError } from "../errors/alerts.ts"
import { errorTexts } from "../errors/texts.ts"
import type { Message, MessageId } from "./catalogue.ts"

/**
 * The one way from an error to the text a user sees: an Airlock error names its own catalogue text (`<Tag>.<Reason>`
 * with its params, or an alert's title); anything else (a wallet's or the network's error) reads as `fallback`.
 *
 * @example
 * ```ts
 * import { ConnectionError } from "../errors/catalogue.ts"
 * import { describeError } from "./describeError.ts"
 * describeError(new ConnectionError({ reason: "ConnectionRejected" }), "ConnectionError.FailedToConnect")
 * // { id: "ConnectionError.ConnectionRejected", params: undefined }
 * describeError(new Error("boom"), "ConnectionError.FailedToConnect") // { id: "ConnectionError.FailedToConnect" }
 * ```
 */
export const describeError = (error: unknown, fallback: MessageId): Message => {
  if (error instanceof AlertError) return { id: `alert.${error.code}.title` }
  if (typeof error !== "object" || error === null) return { id: fallback }
  const { _tag, reason, params } = error as { _tag?: unknown; reason?: unknown; params?: Message["params"] }
  if (typeof _tag !== "string" || typeof reason !== "string" || !Object.hasOwn(errorTexts, _tag))
    return { id: fallback }
  const table: Readonly<Record<string, string>> = errorTexts[_tag as keyof typeof errorTexts]
  return Object.hasOwn(table, reason) ? { id: `${_tag}.${reason}` as MessageId, params } : { id: fallback }
}
