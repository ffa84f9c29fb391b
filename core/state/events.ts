import type { AirlockEvent, AirlockState } from "./AirlockState.ts"
import type { Store } from "./Store.ts"

/**
 * Calls `listener` with every product event as it happens, in order (`airlock.subscribeEvents`): each event is a new
 * `lastEvent`, and the store delivers every change, so two events in one tick both arrive. Returns the unsubscribe.
 */
export const subscribeEvents = (store: Store<AirlockState>, listener: (event: AirlockEvent) => void): (() => void) =>
  store.subscribe((state, previous) => {
    if (state.lastEvent !== previous.lastEvent && state.lastEvent !== undefined) listener(state.lastEvent)
  })
