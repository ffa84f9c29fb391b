/** An error's text for a person: SPEC §8's short message of Airlock's errors, else the error's own first line. */
export const errorText = (error: unknown, fallback = "Something went wrong"): string => {
  if (typeof error === "object" && error !== null) {
    const { shortMessage, message } = error as { shortMessage?: unknown; message?: unknown }
    if (typeof shortMessage === "string" && shortMessage !== "") return shortMessage
    if (typeof message === "string" && message !== "") return message.split("\n")[0] as string
  }
  return fallback
}
