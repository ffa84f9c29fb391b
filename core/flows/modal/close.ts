import { close as closeRouter, type RouterResult } from "../../router/navigation.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { type RouterOptions, routerContext } from "../../state/routerContext.ts"
import type { Store } from "../../state/Store.ts"

/**
 * Closes the modal at once and resets its stack (to Connect, or the home view in embedded mode); `settleNavigation`
 * runs the rest (MODAL_CLOSE, giving up an offered pairing).
 */
export const applyClose = (store: Store<AirlockState>, router: RouterOptions): RouterResult => {
  const before = store.getSnapshot()
  const result = closeRouter(before.modal, routerContext(before, router))
  store.update((state) => ({ ...state, modal: result.state }))
  return result
}
