/**
 * The Send form's synchronous actions, on the first load: what the user types applies in the keystroke's own tick (a
 * controlled input reads its value back at once), and the form starts over when the view it belongs to is left.
 * @module
 */
import type { TokenBalance } from "../../schema/token.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import type { Store } from "../../state/Store.ts"
import { editSendForm, initialSend, type SendFormState, sendTokenKey } from "../../state/send.ts"

const edit = (store: Store<AirlockState>, change: Partial<SendFormState>) =>
  store.update((state) => {
    const send = editSendForm(state.send, change)
    return send === state.send ? state : { ...state, send }
  })

/** Chooses the token to send; the form keeps its key, so a refetched balance shows at once. */
export const setSendToken = (store: Store<AirlockState>, token: TokenBalance) =>
  edit(store, { token: sendTokenKey(token) })

/** Sets the amount as typed, a decimal comma (as many keyboards give it) read as a point. */
export const setSendAmount = (store: Store<AirlockState>, amount: string) =>
  edit(store, { amount: amount.replace(",", ".") })

/** Sets the receiver: an address or a name. */
export const setSendReceiver = (store: Store<AirlockState>, receiver: string) => edit(store, { receiver })

/** From the preview back to the form, which keeps what was typed. Nothing on another step. */
export const editSend = (store: Store<AirlockState>) =>
  store.update((state) =>
    state.send.step === "preview"
      ? { ...state, send: { ...state.send, step: "form", preview: undefined, error: undefined } }
      : state
  )

/** Empties the form and goes back to its first step. */
export const resetSend = (store: Store<AirlockState>) =>
  store.update((state) => (state.send === initialSend ? state : { ...state, send: initialSend }))

/** Where the form is in use: the open modal's Send view, for one account on one network; "" anywhere else. */
const sendContext = (state: AirlockState): string => {
  const { modal, activeNamespace: namespace } = state
  if (!modal.open || modal.view !== "Send" || namespace === undefined) return ""
  return `${namespace}|${state.activeNetworks[namespace]?.caipNetworkId}|${state.accounts[namespace].address}`
}

/**
 * Starts the form over when the Send view is left (back, close, another view) and when the account or the network
 * changes under it. A form filled before Send opens is kept (an app may prefill it). Returns the function that stops.
 */
export const watchSendContext = (store: Store<AirlockState>): (() => void) =>
  store.watch(sendContext, (_context, previous) => {
    if (previous !== "") resetSend(store)
  })
