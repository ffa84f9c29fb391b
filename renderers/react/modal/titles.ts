import type { Messages } from "../../../core/i18n/catalogue.ts"
import { en } from "../../../core/i18n/en/index.ts"
import type { RouterState } from "../../../core/router/state.ts"

/**
 * The header title of the modal's current view in `messages` (`title.<View>`: words a user expects, never the internal
 * view name); a wallet's own connecting view is titled with the wallet's name.
 */
export const viewTitle = (modal: Pick<RouterState, "view" | "data">, messages: Messages = en): string => {
  if (modal.view === "ConnectingExternal") {
    const name = modal.data.ConnectingExternal?.walletName
    if (name !== undefined && name.length > 0) return name
  }
  return messages[`title.${modal.view}`]
}
