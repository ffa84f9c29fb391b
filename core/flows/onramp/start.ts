import * as Effect from "effect/Effect"
import * as Scope from "effect/Scope"
import { supportsFeature } from "../../networks/constants.ts"
import type { View } from "../../router/views.ts"
import { BlockchainApi } from "../../services/BlockchainApi.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { ClientScope } from "../../state/ClientScope.ts"
import type { OnrampState } from "../../state/onramp.ts"
import { StateStore } from "../../state/StateStore.ts"
import type { Store } from "../../state/Store.ts"
import { isSmartAccount, track } from "../events/track.ts"
import { deriveOnramp } from "./derive.ts"
import { requestOnrampQuote } from "./quote.ts"
import { blankOnramp, updateOnramp } from "./slice.ts"

/** The views of a purchase; leaving them all forgets it (SPEC §4: the state resets to USDC and USD). */
export const onrampViews: ReadonlyArray<View> = ["Onramp", "OnrampProviders", "OnrampBuyInProgress"]

/** What `startOnramp` takes: the amount to start with, the currencies by id (defaults USDC and USD). */
export interface OnrampStartParams {
  readonly amount?: string | undefined
  readonly purchaseCurrency?: string | undefined
  readonly paymentCurrency?: string | undefined
}

/** The active network and account, when SPEC §9's onramp serves the namespace and an account is connected. */
export const onrampTarget = (state: AirlockState) => {
  const namespace = state.activeNamespace
  if (namespace === undefined || !supportsFeature("onramp", namespace)) return undefined
  const network = state.activeNetworks[namespace]
  const account = state.accounts[namespace]
  if (network === undefined || account?.status !== "connected" || account.address === undefined) return undefined
  return { namespace, network, address: account.address }
}

const onOnramp = (state: AirlockState) => state.modal.open && onrampViews.includes(state.modal.view)
const targetKey = (state: AirlockState) => {
  const target = onrampTarget(state)
  return target === undefined ? "" : `${target.network.caipNetworkId}|${target.address}`
}

let starts = 0
const watched = new WeakSet<Store<AirlockState>>()

/**
 * Once per client: the view is derived again when the features or the language change; the network or account
 * changing under the form moves the form to it (a quote again); leaving the onramp views forgets the purchase.
 */
const watchOnramp = Effect.gen(function* () {
  const store = yield* StateStore
  if (watched.has(store)) return
  watched.add(store)
  const scope = yield* ClientScope
  const context = yield* Effect.context<StateStore | BlockchainApi | ClientScope>()
  const requote = () => Effect.runForkWith(context)(requestOnrampQuote)
  const stops = [
    store.watch(
      (s) => s.features.onramp,
      () => updateOnramp(store, (o) => ({ ...o }))
    ),
    store.watch(onOnramp, (on) => {
      if (!on) store.update((state) => (state.onramp === undefined ? state : { ...state, onramp: undefined }))
    }),
    store.watch(targetKey, (key) => {
      const moved = updateOnramp(store, (o) =>
        o.step === "form" || o.step === "providers"
          ? key === ""
            ? { ...o, status: "unsupported", step: "form" }
            : { ...o, status: "ready", step: "form", caipNetworkId: key.split("|")[0] }
          : undefined
      )
      if (moved?.status === "ready") requote()
    })
  ]
  yield* Scope.addFinalizer(
    scope,
    Effect.sync(() => {
      for (const stop of stops) stop()
      watched.delete(store)
    })
  )
})

/**
 * Starts a purchase on the active network: the API's currencies (SPEC §7's options, or its USD, EUR, USDC and ETH
 * defaults when the call fails), USDC and USD chosen (SPEC §4) unless `params` name others, then the quote of
 * `params.amount`. Off eip155 and solana, or with no account connected, the view is `unsupported`.
 */
export const startOnramp = (params: OnrampStartParams = {}) =>
  Effect.gen(function* () {
    yield* watchOnramp
    const store = yield* StateStore
    const state = store.getSnapshot()
    const target = onrampTarget(state)
    yield* track("SELECT_BUY_CRYPTO", {
      isSmartAccount: target !== undefined && isSmartAccount(state, target.namespace)
    })
    starts += 1
    const startId = starts
    const begin = (onramp: OnrampState) => store.update((s) => ({ ...s, onramp: deriveOnramp(onramp, s) }))
    const base: OnrampState = {
      ...blankOnramp,
      startId,
      amount: (params.amount ?? "").replace(",", "."),
      caipNetworkId: target?.network.caipNetworkId,
      purchaseCurrency:
        params.purchaseCurrency === undefined
          ? undefined
          : { id: params.purchaseCurrency, name: "", symbol: "", networks: [] },
      paymentCurrency:
        params.paymentCurrency === undefined ? undefined : { id: params.paymentCurrency, payment_method_limits: [] }
    }
    if (target === undefined) return begin({ ...base, status: "unsupported" })
    begin(base)
    const options = yield* (yield* BlockchainApi).getOnrampOptions
    const ready = updateOnramp(store, (s) =>
      s.startId === startId
        ? {
            ...s,
            status: "ready",
            allPurchaseCurrencies: options.purchaseCurrencies,
            paymentCurrencies: options.paymentCurrencies
          }
        : undefined
    )
    if (ready?.status === "ready") yield* requestOnrampQuote
  })
