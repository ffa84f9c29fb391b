/**
 * The onramp slice as the onramp flows change it: every change re-derives the view (`deriveOnramp`).
 * @module
 */
import type { AirlockState } from "../../state/AirlockState.ts"
import type { OnrampState } from "../../state/onramp.ts"
import type { Store } from "../../state/Store.ts"
import { deriveOnramp } from "./derive.ts"

/** The slice before anything is known (`startOnramp` fills it). */
export const blankOnramp: OnrampState = {
  status: "loading",
  step: "form",
  purchaseCurrencies: [],
  paymentCurrencies: [],
  paymentMethods: [],
  amount: "",
  quoteStatus: "idle",
  canContinue: false,
  providers: [],
  quoteSeq: 0
}

/**
 * Applies `change` to the slice (nothing when there is none, or `change` answers `undefined`) and re-derives its view.
 * Returns the slice as it is afterwards.
 */
export const updateOnramp = (
  store: Store<AirlockState>,
  change: (onramp: OnrampState, state: AirlockState) => OnrampState | undefined
): OnrampState | undefined => {
  store.update((state) => {
    if (state.onramp === undefined) return state
    const next = change(state.onramp, state)
    return next === undefined || next === state.onramp ? state : { ...state, onramp: deriveOnramp(next, state) }
  })
  return store.getSnapshot().onramp
}
