import * as Effect from "effect/Effect"
import { close } from "../../router/index.ts"
import { Options } from "../../services/Options.ts"
import { routerContext } from "../../state/routerContext.ts"
import { StateStore } from "../../state/StateStore.ts"

/**
 * Connected from the modal (a wallet's view, an embedded login's): it closes, as AppKit's does. An UnsupportedChain
 * the wallet's chain opened stays, and so does a sign-in view.
 */
export const closeAfterConnect = Effect.gen(function* () {
  const store = yield* StateStore
  const options = yield* Options
  store.update((s) =>
    s.modal.open && (s.modal.view.startsWith("Connect") || s.modal.view.startsWith("Email"))
      ? { ...s, modal: close(s.modal, routerContext(s, options)).state }
      : s
  )
})
