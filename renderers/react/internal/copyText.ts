import type { AirlockClient, Message } from "airlock-kit"

/** Copies `text` to the clipboard and says so in a snack ('Address copied' by default), or that it could not. */
export const copyText = async (
  client: Pick<AirlockClient, "showSnack">,
  text: string,
  done: Message = { id: "common.addressCopied" }
): Promise<void> => {
  try {
    await navigator.clipboard.writeText(text)
    client.showSnack({ message: done, variant: "success" })
  } catch {
    client.showSnack({ message: { id: "common.addressCopyFailed" }, variant: "error" })
  }
}
