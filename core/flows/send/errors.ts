import { SendError } from "../../errors/catalogue.ts"
import { sendFormReason } from "../../resources/send.ts"
import type { SendFailure } from "../../state/send.ts"

/**
 * Send (SPEC §3 send state, §5, §8): a checked form becomes a preview (the receiver's address resolved from a name,
 * the network fee from the chain, the request that sends it), and a confirmed preview is signed through whichever
 * connection serves the namespace, waited on until final, then the balances and history are fetched again. Loaded
 * on the first preview only.
 */

export const invalid = (message: string) => {
  const reason = sendFormReason(message)
  return reason === "Invalid" ? new SendError({ reason, params: { message } }) : new SendError({ reason })
}

export const failed = (message: string) => new SendError({ reason: "Failed", params: { message } })

export const messageOf = (error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error)
  // The first line only: viem and kit append details meant for developers.
  return text.split("\n")[0]?.slice(0, 200) || "The transfer failed"
}

/**
 * A failed preparation, Max or send as the send slice keeps it: the error's tag and reason, and its text for the user
 * (an Airlock error's SPEC text, another error's message).
 */
export const failureOf = (error: unknown): SendFailure => {
  const { _tag, name, reason, shortMessage } = (typeof error === "object" && error !== null ? error : {}) as {
    readonly _tag?: unknown
    readonly name?: unknown
    readonly reason?: unknown
    readonly shortMessage?: unknown
  }
  return {
    name: String(_tag ?? name ?? "Error"),
    ...(typeof reason === "string" ? { reason } : {}),
    message:
      typeof shortMessage === "string" ? shortMessage : error instanceof Error ? error.message : "Something went wrong"
  }
}
