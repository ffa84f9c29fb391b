import * as Effect from "effect/Effect"
import * as Result from "effect/Result"
import * as Scope from "effect/Scope"
import { swapNetworkIds } from "../../networks/constants.ts"
import { selectTokens } from "../../resources/tokens.ts"
import type { SwapToken } from "../../schema/api/convert.ts"
import { BlockchainApi } from "../../services/BlockchainApi.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { ClientScope } from "../../state/ClientScope.ts"
import { StateStore } from "../../state/StateStore.ts"
import type { Store } from "../../state/Store.ts"
import type { SwapState } from "../../state/swap.ts"
import { refreshBalance } from "../account/balance.ts"
import { deriveSwap, isNativeSwapToken, plainAddress } from "./derive.ts"
import { requestQuote } from "./quote.ts"
import { blankSwap, swapFailure, swapFailureOf, updateSwap } from "./slice.ts"

/** What the Swap view was opened with (its router params): tokens by symbol or address, an amount. */
export interface SwapStartParams {
  readonly fromToken?: string | undefined
  readonly toToken?: string | undefined
  readonly amount?: string | undefined
}

/** Where the swap is in use: the open modal's Swap view or not, the network, the account. */
const swapContext = (state: AirlockState): string => {
  const onSwap = state.modal.open && state.modal.view === "Swap"
  return `${onSwap ? "swap" : ""}|${state.activeNetworks.eip155?.caipNetworkId}|${state.accounts.eip155.address}`
}

let starts = 0
const watched = new WeakSet<Store<AirlockState>>()

/**
 * Once per client: the view is derived again when the balances or the language change; the swap is forgotten when the
 * modal leaves Swap (back, close, another view), or the account or network changes.
 */
const watchSwap = Effect.gen(function* () {
  const store = yield* StateStore
  if (watched.has(store)) return
  watched.add(store)
  const rederive = () => updateSwap(store, (swap) => ({ ...swap }))
  const stops = [
    store.watch((s) => selectTokens(s, "eip155"), rederive),
    store.watch((s) => s.i18n.locale, rederive),
    store.watch(swapContext, (now, previous) => {
      const [was, ...before] = previous.split("|")
      const [, ...after] = now.split("|")
      if (was === "swap" || before.join("|") !== after.join("|")) {
        store.update((state) => (state.swap === undefined ? state : { ...state, swap: undefined }))
      }
    })
  ]
  const scope = yield* ClientScope
  yield* Scope.addFinalizer(
    scope,
    Effect.sync(() => {
      for (const stop of stops) stop()
      watched.delete(store)
    })
  )
})

/** The token a param names: its CAIP-10 or plain address, or its symbol (any case). */
const named = (list: ReadonlyArray<SwapToken>, name: string | undefined): SwapToken | undefined => {
  if (name === undefined || name.trim() === "") return undefined
  const text = name.trim().toLowerCase()
  return (
    list.find((t) => t.address.toLowerCase() === text || plainAddress(t.address) === plainAddress(text)) ??
    list.find((t) => t.symbol.toLowerCase() === text)
  )
}

/**
 * Starts a swap on the active EVM network: the network's swap tokens (SPEC §7 `/v1/convert/tokens`), the account's
 * balances (refreshed) and the tokens' USD prices; the from token is the native coin (or the `fromToken` param), the
 * to token the list's first other one (or `toToken`), the amount `amount`. Off the EVM namespace, off SPEC §9's swap
 * networks, or on a network the API does not serve, the view is `unsupported` with 'Network not supported for Swaps'.
 */
export const startSwap = (params: SwapStartParams = {}) =>
  Effect.gen(function* () {
    yield* watchSwap
    const store = yield* StateStore
    const state = store.getSnapshot()
    const network = state.activeNetworks.eip155
    const account = state.accounts.eip155
    const begin = (swap: SwapState) => store.update((s) => ({ ...s, swap: deriveSwap(swap, s) }))
    starts += 1
    const startId = starts
    const base: SwapState = { ...blankSwap, startId, amount: (params.amount ?? "").replace(",", ".") }
    if (
      state.activeNamespace !== "eip155" ||
      network === undefined ||
      !swapNetworkIds.includes(network.caipNetworkId)
    ) {
      return begin({ ...base, status: "unsupported", error: swapFailure("SwapsNotSupported") })
    }
    if (account.status !== "connected" || account.address === undefined) {
      return begin({ ...base, status: "unsupported", error: swapFailure("NotConnected") })
    }
    begin(base)
    const mine = (s: SwapState) => s.startId === startId && s.status === "loading"
    const api = yield* BlockchainApi
    if (!(yield* api.isNetworkSupported(network.caipNetworkId))) {
      updateSwap(store, (s) =>
        mine(s) ? { ...s, status: "unsupported", error: swapFailure("SwapsNotSupported") } : undefined
      )
      return
    }
    const [listed] = yield* Effect.all(
      [api.getSwapTokens({ chainId: network.caipNetworkId }).pipe(Effect.result), refreshBalance("eip155")],
      { concurrency: "unbounded" }
    )
    if (Result.isFailure(listed)) {
      updateSwap(store, (s) => (mine(s) ? { ...s, status: "ready", error: swapFailureOf(listed.failure) } : undefined))
      return
    }
    const list = listed.success.tokens
    const priced = yield* api
      .getTokenPrice({ addresses: list.map((t) => t.address) })
      .pipe(Effect.orElseSucceed(() => ({ fungibles: [] })))
    const prices = Object.fromEntries(
      priced.fungibles.filter((f) => Number.isFinite(f.price)).map((f) => [f.symbol.toUpperCase(), f.price])
    )
    const from = named(list, params.fromToken) ?? list.find(isNativeSwapToken) ?? list[0]
    const to = named(list, params.toToken) ?? list.find((t) => t !== from)
    const ready = updateSwap(store, (s) =>
      mine(s)
        ? {
            ...s,
            status: "ready",
            list,
            prices,
            fromKey: from?.address,
            toKey: to === from ? undefined : to?.address
          }
        : undefined
    )
    if (ready?.status === "ready") yield* requestQuote
  })
