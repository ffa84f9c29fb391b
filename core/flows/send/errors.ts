/**
 * Send's failures (SPEC §3 send state, §5, §8): each a `SendError` with its own reason, so the catalogue names its
 * text; a wallet's or a library's own words go in as the `Invalid` or `Failed` text's value.
 * @module
 */
import { SendError } from "../../errors/catalogue.ts"
import type { MessageId } from "../../i18n/catalogue.ts"
import { describeError } from "../../i18n/describeError.ts"
import type { SendFormProblem } from "../../rules/send.ts"
import type { SendFailure } from "../../state/send.ts"

/** The error of a form that fails its check. */
export const invalid = (problem: SendFormProblem) => new SendError(problem)

/** The wallet or the chain failed the transfer, in its own words. */
export const failed = (message: string) => new SendError({ reason: "Failed", params: { message } })

/** An error's first line (viem and kit append details meant for developers), at most 200 characters. */
export const messageOf = (error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error)
  return text.split("\n")[0]?.slice(0, 200) || "The transfer failed"
}

/**
 * A failed preparation, Max or send as the send slice keeps it: the error's tag and reason, and its text as catalogue
 * data (an Airlock error's own; another error's first line as `SendError.Failed`'s value).
 */
export const failureOf = (error: unknown): SendFailure => {
  const { _tag, name, reason } = (typeof error === "object" && error !== null ? error : {}) as {
    readonly _tag?: unknown
    readonly name?: unknown
    readonly reason?: unknown
  }
  const fallback: MessageId = "SendError.Failed"
  const message = describeError(error, fallback)
  return {
    name: String(_tag ?? name ?? "Error"),
    ...(typeof reason === "string" ? { reason } : {}),
    message:
      message.id === fallback && message.params === undefined
        ? { id: fallback, params: { message: messageOf(error) } }
        : message
  }
}
