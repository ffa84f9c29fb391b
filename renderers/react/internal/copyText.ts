import type { AirlockClient } from "../../../core/client/types.ts"

/** Copies `text` to the clipboard and says so in a snack ("Address copied"), or that it could not. */
export const copyText = async (
  client: Pick<AirlockClient, "showSnack">,
  text: string,
  done = "Address copied"
): Promise<void> => {
  try {
    await navigator.clipboard.writeText(text)
    client.showSnack({ message: done, variant: "success" })
  } catch {
    client.showSnack({ message: "Could not copy the address", variant: "error" })
  }
}
