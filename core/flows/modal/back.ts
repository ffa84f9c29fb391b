import { goBack as goBackRouter, type RouterResult } from "../../router/navigation.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { type RouterOptions, routerContext } from "../../state/routerContext.ts"
import type { Store } from "../../state/Store.ts"

/**
 * Goes back one view at once (SPEC §2 back rules; no history left closes). Returns the router's result and whether
 * anything must follow (`settleNavigation`): the router's effects, or the close the back made.
 */
export const applyBack = (
  store: Store<AirlockState>,
  router: RouterOptions
): { readonly result: RouterResult; readonly settle: boolean } => {
  const before = store.getSnapshot()
  const result = goBackRouter(before.modal, routerContext(before, router))
  store.update((state) => ({ ...state, modal: result.state }))
  return { result, settle: result.effects.length > 0 || (before.modal.open && !result.state.open) }
}
