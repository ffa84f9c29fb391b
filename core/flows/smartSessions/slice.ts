/**
 * The smart-sessions slice as the flows change it.
 * @module
 */
import type { AirlockState } from "../../state/AirlockState.ts"
import type { Store } from "../../state/Store.ts"
import type { SmartSessionsState } from "../../state/smartSessions.ts"

/**
 * Applies `change` to the slice of `address` (nothing when the slice is of another address, or absent and `change`
 * needs one); returns the slice as it is afterwards.
 */
export const updateSmartSessions = (
  store: Store<AirlockState>,
  address: string,
  change: (slice: SmartSessionsState | undefined) => SmartSessionsState | undefined
): SmartSessionsState | undefined => {
  store.update((state) => {
    const current = state.smartSessions?.address === address ? state.smartSessions : undefined
    if (state.smartSessions !== undefined && current === undefined && change(undefined) === undefined) return state
    const next = change(current)
    return next === undefined || next === state.smartSessions ? state : { ...state, smartSessions: next }
  })
  return store.getSnapshot().smartSessions
}
