import type { PushData } from "../../router/requests.ts"
import { push as pushRouter } from "../../router/state.ts"
import { isViewEnabled, type View } from "../../router/views.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import type { Store } from "../../state/Store.ts"

/** Pushes a view onto the modal's stack; a feature view whose feature is off is not pushed (SPEC §2). */
export const applyPush = <V extends View>(store: Store<AirlockState>, view: V, ...[data]: PushData<V>): void =>
  store.update((state) =>
    isViewEnabled(view, state.features) ? { ...state, modal: pushRouter(state.modal, view, data as never) } : state
  )
