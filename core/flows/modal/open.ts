import { open as openRouter, type RouterResult } from "../../router/navigation.ts"
import type { OpenParameters } from "../../router/requests.ts"
import { isViewEnabled } from "../../router/views.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { type RouterOptions, routerContext } from "../../state/routerContext.ts"
import type { Store } from "../../state/Store.ts"

/**
 * Opens the modal at once (SPEC §2): the view is in the state when this returns, before any chunk loads. Returns the
 * router's result, whose effects (a namespace switch) and MODAL_OPEN `settleOpen` runs next; `undefined` when the
 * view's feature is off (a console warning says so, and nothing opens).
 */
export const applyOpen = (
  store: Store<AirlockState>,
  router: RouterOptions,
  parameters: OpenParameters
): RouterResult | undefined => {
  const before = store.getSnapshot()
  const { view, namespace, data } = parameters
  if (view !== undefined && !isViewEnabled(view, before.features)) {
    console.warn(`Airlock: the ${view} view is off (its feature is disabled)`)
    return undefined
  }
  const result = openRouter(before.modal, routerContext(before, router, namespace ?? before.activeNamespace), {
    ...(view === undefined ? {} : { view }),
    ...(namespace === undefined ? {} : { namespace }),
    ...(data === undefined ? {} : { params: data as never })
  })
  store.update((state) => ({ ...state, modal: result.state }))
  return result
}
