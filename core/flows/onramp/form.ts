import * as Effect from "effect/Effect"
import { StateStore } from "../../state/StateStore.ts"
import { applyPush } from "../modal/push.ts"
import { requestOnrampQuote } from "./quote.ts"
import { updateOnramp } from "./slice.ts"

/** A change of the form: any of the amount (as typed), the crypto, the fiat currency, the payment method, by id. */
export interface OnrampFormChange {
  readonly amount?: string | undefined
  readonly purchaseCurrency?: string | undefined
  readonly paymentCurrency?: string | undefined
  readonly paymentMethod?: string | undefined
}

/**
 * Changes the form: the amount as typed ("0,5" is "0.5"), the crypto and the fiat currency by id (one of those
 * offered), the payment method by id (its limits apply). An id not offered is ignored. A new quote follows (after the
 * debounce) when the amount or a currency changed.
 */
export const setOnrampForm = (change: OnrampFormChange) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const before = store.getSnapshot().onramp
    const after = updateOnramp(store, (o) => ({
      ...o,
      amount: change.amount === undefined ? o.amount : change.amount.replace(",", "."),
      purchaseCurrency: o.purchaseCurrencies.find((c) => c.id === change.purchaseCurrency) ?? o.purchaseCurrency,
      paymentCurrency: o.paymentCurrencies.find((c) => c.id === change.paymentCurrency) ?? o.paymentCurrency,
      paymentMethod: o.paymentMethods.some((m) => m.id === change.paymentMethod)
        ? change.paymentMethod
        : o.paymentMethod,
      error: undefined
    }))
    if (
      after !== undefined &&
      (after.amount !== before?.amount ||
        after.purchaseCurrency?.id !== before?.purchaseCurrency?.id ||
        after.paymentCurrency?.id !== before?.paymentCurrency?.id)
    ) {
      yield* requestOnrampQuote
    }
  })

/**
 * The form's Continue: with a quote and the amount within the payment method's limits (SPEC §9), the provider list
 * (OnrampProviders); otherwise nothing (the form says why).
 */
export const continueOnramp = Effect.gen(function* () {
  const store = yield* StateStore
  const next = updateOnramp(store, (o) =>
    o.canContinue && o.step === "form" ? { ...o, step: "providers" } : undefined
  )
  if (next?.step === "providers") applyPush(store, "OnrampProviders")
})

/** Forgets the purchase's form and order: USDC and USD again (SPEC §4), no amount; the options stay. */
export const resetOnramp = Effect.gen(function* () {
  const store = yield* StateStore
  updateOnramp(store, (o) => ({
    ...o,
    step: "form",
    amount: "",
    purchaseCurrency: undefined,
    paymentCurrency: undefined,
    paymentMethod: undefined,
    quote: undefined,
    quoteStatus: "idle",
    quoteSeq: o.quoteSeq + 1,
    order: undefined,
    error: undefined
  }))
})

/**
 * Buy in progress's Try again (after a failed or cancelled purchase): the form is forgotten (as {@link resetOnramp})
 * and the modal goes back to Buy Crypto, the views after it (the provider list, the progress) leaving the stack.
 */
export const retryOnramp = Effect.gen(function* () {
  yield* resetOnramp
  const store = yield* StateStore
  store.update((state) => {
    const at = state.modal.history.lastIndexOf("Onramp")
    if (at === -1) return state
    const history = state.modal.history.slice(0, at + 1)
    return { ...state, modal: { ...state.modal, view: "Onramp", history, transition: "prev" } }
  })
})
