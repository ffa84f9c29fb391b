import * as Effect from "effect/Effect"
import { Options } from "../../services/Options.ts"
import { WalletApi, walletsPageSize } from "../../services/WalletApi.ts"
import type { AirlockState, WalletsState } from "../../state/AirlockState.ts"
import { StateStore } from "../../state/StateStore.ts"
import type { Store } from "../../state/Store.ts"
import { walletLoadFailed, withImages } from "./wallets.ts"

const setListStatus = (store: Store<AirlockState>, status: WalletsState["status"]) =>
  store.update((state) =>
    state.wallets.status === status ? state : { ...state, wallets: { ...state.wallets, status } }
  )

/** SPEC §9's minimum search delay: a search waits this long for a newer one before it asks the registry. */
export const minimumSearchDelay = "300 millis"

const registryFilters = Effect.gen(function* () {
  const options = yield* Options
  return {
    exclude: (yield* StateStore).getSnapshot().excludedWallets,
    ...(options.includeWalletIds === undefined ? {} : { include: options.includeWalletIds })
  }
})

/**
 * Loads the next page (40 wallets, SPEC §9) of the registry into `wallets.all`: the All Wallets view calls it when
 * it opens and when its list is scrolled to the end. Does nothing while a search is shown or once every wallet is
 * loaded; a failure shows APKT003.
 */
export const loadMoreWallets = Effect.gen(function* () {
  const store = yield* StateStore
  const api = yield* WalletApi
  const { all, count, search, status } = store.getSnapshot().wallets
  if (search || status === "loading" || (all.length > 0 && all.length >= count)) return
  const page = Math.floor(all.length / walletsPageSize) + 1
  setListStatus(store, "loading")
  const result = yield* api.getWallets({ page, ...(yield* registryFilters) }).pipe(
    Effect.onInterrupt(() => Effect.sync(() => setListStatus(store, "idle"))),
    Effect.result
  )
  if (result._tag === "Failure") {
    if (!store.getSnapshot().wallets.search) setListStatus(store, "failed")
    return yield* walletLoadFailed(result.failure)
  }
  const loaded = withImages(api, result.success.data)
  store.update((state) => {
    if (state.wallets.search) return state
    // Two scroll ends in a row may load the same page: keep each wallet once.
    const known = new Set(state.wallets.all.map((wallet) => wallet.id))
    const fresh = loaded.filter((wallet) => !known.has(wallet.id))
    return {
      ...state,
      wallets: {
        ...state.wallets,
        all: [...state.wallets.all, ...fresh],
        count: result.success.count,
        status: "idle"
      }
    }
  })
}).pipe(Effect.withSpan("loadMoreWallets"))

/**
 * Searches the registry (the first 100 matches, SPEC §9) and shows the results in `wallets.all`. SPEC §9's minimum
 * search delay (300 ms) is the one debounce: the search waits it out and asks the registry only if no newer search
 * came meanwhile (renderers call this on every keystroke). An empty text goes back to the paged list at once.
 */
export const searchWallets = Effect.fn("searchWallets")(function* (text: string) {
  const store = yield* StateStore
  const api = yield* WalletApi
  const search = text.trim()
  const shown = store.getSnapshot().wallets
  // The text asked for last: a search still waiting out the delay gives way to it.
  store.update((state) => ({ ...state, wallets: { ...state.wallets, query: search } }))
  const showing = search === (shown.search ?? "") && shown.status !== "failed"
  // Already showing what was asked for: the paged list (a letter typed and deleted before its search ran), or these
  // results. Nothing to reset or fetch again.
  if (showing && (search !== "" || shown.all.length > 0)) return
  if (search === "") {
    store.update((state) => ({
      ...state,
      wallets: { ...state.wallets, search: "", all: [], count: 0, status: "idle" }
    }))
    return yield* loadMoreWallets
  }
  yield* Effect.sleep(minimumSearchDelay)
  if (store.getSnapshot().wallets.query !== search) return
  store.update((state) => ({ ...state, wallets: { ...state.wallets, search, status: "loading" } }))
  const result = yield* api.searchWallets({ search, ...(yield* registryFilters) }).pipe(Effect.result)
  if (store.getSnapshot().wallets.query !== search) return
  if (result._tag === "Failure") {
    setListStatus(store, "failed")
    return yield* walletLoadFailed(result.failure)
  }
  const found = withImages(api, result.success.data)
  store.update((state) =>
    state.wallets.search === search
      ? { ...state, wallets: { ...state.wallets, all: found, count: result.success.count, status: "idle" } }
      : state
  )
})
