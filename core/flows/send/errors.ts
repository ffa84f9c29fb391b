import { SendError } from "../../errors/catalogue.ts"
import { sendMessages } from "../../rules/send.ts"

/**
 * Send (SPEC §3 send state, §5, §8): a checked form becomes a preview (the receiver's address resolved from a name,
 * the network fee from the chain, the request that sends it), and a confirmed preview is signed through whichever
 * connection serves the namespace, waited on until final, then the balances and history are fetched again. Loaded
 * on the first preview only.
 */

export const invalid = (message: string) =>
  message === sendMessages.amountAndReceiver
    ? new SendError({ reason: "AmountAndReceiverRequired" })
    : message === sendMessages.token
      ? new SendError({ reason: "TokenRequired" })
      : new SendError({ reason: "Invalid", params: { message } })

export const failed = (message: string) => new SendError({ reason: "Failed", params: { message } })

export const messageOf = (error: unknown): string => {
  const text = error instanceof Error ? error.message : String(error)
  // The first line only: viem and kit append details meant for developers.
  return text.split("\n")[0]?.slice(0, 200) || "The transfer failed"
}
