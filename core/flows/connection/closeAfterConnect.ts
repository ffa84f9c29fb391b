import * as Effect from "effect/Effect"
import { close } from "../../router/index.ts"
import { Options } from "../../services/Options.ts"
import { routerContext } from "../../state/routerContext.ts"
import { StateStore } from "../../state/StateStore.ts"
import { track } from "../events/track.ts"

/**
 * Connected from the modal (a wallet's view, an embedded login's): it closes, as AppKit's does, or, for a wallet added
 * from ProfileWallets, returns there. An UnsupportedChain the wallet's chain opened stays, and so does a sign-in view.
 */
export const closeAfterConnect = Effect.gen(function* () {
  const store = yield* StateStore
  const options = yield* Options
  const wasOpen = store.getSnapshot().modal.open
  store.update((s) => {
    if (!s.modal.open || !(s.modal.view.startsWith("Connect") || s.modal.view.startsWith("Email"))) return s
    // Multi-wallet: a wallet added from ProfileWallets returns there (SPEC §4), the login's views gone.
    const at = s.modal.history.lastIndexOf("ProfileWallets")
    if (at !== -1) {
      const history = s.modal.history.slice(0, at + 1)
      return { ...s, modal: { ...s.modal, view: "ProfileWallets", history, transition: "next" } }
    }
    return { ...s, modal: close(s.modal, routerContext(s, options)).state }
  })
  // Closed by the connection, as a close button would: MODAL_CLOSE (AppKit reports every close).
  if (wasOpen && !store.getSnapshot().modal.open) yield* track("MODAL_CLOSE", { connected: true })
})
