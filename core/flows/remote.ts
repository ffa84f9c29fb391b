import * as Effect from "effect/Effect"
import { checkOrigin } from "../config/checkOrigin.ts"
import { fetchRemoteConfig } from "../config/remoteConfig.ts"
import { AlertError } from "../errors/alerts.ts"
import {
  FEATURED_WALLETS_DEFAULT_COUNT,
  RECOMMENDED_WALLETS_COUNT,
  selectFeaturedWallets
} from "../rules/connectOrder.ts"
import type { TelegramPlatform } from "../rules/resolveFeatures.ts"
import type { WalletListing } from "../schema/wallet.ts"
import { Analytics } from "../services/Analytics.ts"
import type { ApiCallError } from "../services/http.ts"
import { Options } from "../services/Options.ts"
import { Platform } from "../services/Platform.ts"
import { Storage, StorageKeys } from "../services/Storage.ts"
import { WalletApi, type WalletApiShape, walletsPageSize } from "../services/WalletApi.ts"
import type { AirlockState, WalletsState } from "../state/AirlockState.ts"
import { StateStore } from "../state/StateStore.ts"
import type { Store } from "../state/Store.ts"
import { showAlert } from "../state/showAlert.ts"

const telegramPlatform = (os: string | undefined): TelegramPlatform | undefined =>
  os === undefined ? undefined : os === "mac" ? "macos" : os

/**
 * Project configuration from the wallet API (SPEC §1, §6): remote features replace local ones (with a console
 * warning when local ones were set), a failure shows its alert and keeps the local features.
 */
export const loadRemoteConfig = Effect.gen(function* () {
  const store = yield* StateStore
  const options = yield* Options
  const platform = yield* Platform
  const config = yield* fetchRemoteConfig({
    local: options.features,
    basic: options.basic,
    telegram: platform.isTelegram() ? telegramPlatform(platform.telegramOs()) : undefined
  })
  store.update((state) => ({ ...state, features: config.features }))
  // SPEC §1: the warning is shown whatever the log level, as the browser console's warning.
  if (config.warning !== undefined) yield* Effect.sync(() => console.warn(`Airlock: ${config.warning}`))
  if (config.alert !== undefined) yield* showAlert(config.alert)
}).pipe(Effect.withSpan("loadRemoteConfig"))

/** The page's origin must be one of the project's allowed origins (SPEC §5); otherwise the APKT002 alert shows. */
export const verifyOrigin = Effect.gen(function* () {
  const platform = yield* Platform
  if (platform.origin === undefined) return
  yield* checkOrigin(platform.origin).pipe(Effect.catch((alert) => showAlert(alert)))
}).pipe(Effect.withSpan("verifyOrigin"))

/** The project may switch analytics off (`/getAnalyticsConfig`). */
export const loadAnalyticsConfig = Effect.gen(function* () {
  const api = yield* WalletApi
  const analytics = yield* Analytics
  const config = yield* api.getAnalyticsConfig.pipe(Effect.option)
  if (config._tag === "Some" && !config.value.isAnalyticsEnabled) yield* analytics.setEnabled(false)
}).pipe(Effect.withSpan("loadAnalyticsConfig"))

/**
 * The Connect view's featured wallets (the app's `featuredWalletIds`, in the app's order) and the registry's
 * recommended ones (4, excluding featured and excluded wallets). A failure shows the APKT003 alert.
 */
const walletLoadFailed = (error: ApiCallError) =>
  showAlert(
    error instanceof AlertError ? error : new AlertError({ code: "APKT003", details: error.message, cause: error })
  )

// Listings name their image by id; the renderer needs a URL, built against the configured wallet API host.
const withImages = (api: WalletApiShape, wallets: ReadonlyArray<WalletListing>): ReadonlyArray<WalletListing> =>
  wallets.map((wallet) =>
    wallet.image_url || !wallet.image_id ? wallet : { ...wallet, image_url: api.walletImageUrl(wallet.image_id) }
  )

export const loadWallets = Effect.gen(function* () {
  const store = yield* StateStore
  const options = yield* Options
  const api = yield* WalletApi
  const storage = yield* Storage
  // Draw the last visit's lists at once; the fetch below replaces them (a corrupt stored value reads as absent).
  const stored = yield* storage.get(StorageKeys.walletLists)
  if (stored !== undefined) {
    store.update((state) =>
      state.wallets.featured.length > 0 || state.wallets.recommended.length > 0
        ? state
        : { ...state, wallets: { ...state.wallets, featured: stored.featured, recommended: stored.recommended } }
    )
  }
  const withImage = (wallets: ReadonlyArray<WalletListing>) => withImages(api, wallets)
  // SPEC §9: featured wallets show 4 by default.
  const featuredIds = options.featuredWalletIds.slice(0, FEATURED_WALLETS_DEFAULT_COUNT)
  const excluded = store.getSnapshot().excludedWallets
  const result = yield* Effect.all(
    {
      featured:
        featuredIds.length === 0
          ? Effect.succeed([])
          : api
              .getWallets({ page: 1, entries: featuredIds.length, include: featuredIds })
              .pipe(Effect.map((page) => withImage(selectFeaturedWallets(page.data, featuredIds)))),
      recommended: api.getWallets({
        page: 1,
        entries: RECOMMENDED_WALLETS_COUNT,
        exclude: [...featuredIds, ...excluded],
        ...(options.includeWalletIds === undefined ? {} : { include: options.includeWalletIds })
      })
    },
    { concurrency: 2 }
  ).pipe(Effect.result)
  if (result._tag === "Failure") return yield* walletLoadFailed(result.failure)
  const featured = result.success.featured
  const recommended = withImage(result.success.recommended.data)
  // The All Wallets entry shows the registry's size before its first page is loaded: the recommended query counts
  // every wallet but the featured and excluded ones, and the featured ones are part of All Wallets too.
  const registryCount = result.success.recommended.count + featured.length
  store.update((state) => ({
    ...state,
    wallets: {
      ...state.wallets,
      featured,
      recommended,
      count: state.wallets.all.length > 0 ? state.wallets.count : registryCount
    }
  }))
  yield* storage.set(StorageKeys.walletLists, {
    featured: featured.slice(0, FEATURED_WALLETS_DEFAULT_COUNT),
    recommended: recommended.slice(0, RECOMMENDED_WALLETS_COUNT)
  })
}).pipe(Effect.withSpan("loadWallets"))

/** Everything fetched from the project at start, in parallel; each part handles its own failure. */
export const loadProject = Effect.all([loadRemoteConfig, verifyOrigin, loadAnalyticsConfig, loadWallets], {
  concurrency: "unbounded",
  discard: true
})

const setListStatus = (store: Store<AirlockState>, status: WalletsState["status"]) =>
  store.update((state) =>
    state.wallets.status === status ? state : { ...state, wallets: { ...state.wallets, status } }
  )

/** The minimum time a wallet search shows as searching (SPEC §9), so results do not flicker in while typing. */
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
 * Searches the registry (the first 100 matches, SPEC §9) and shows the results in `wallets.all`, no sooner than
 * 300 ms after the search started. A newer search wins over an older one still in flight; an empty text goes back
 * to the paged list.
 */
export const searchWallets = Effect.fn("searchWallets")(function* (text: string) {
  const store = yield* StateStore
  const api = yield* WalletApi
  const search = text.trim()
  // Already showing what was asked for (the paged list, or these results): nothing to reset or fetch again. Typing a
  // letter and deleting it within the debounce sends "" while the pages are shown.
  const shown = store.getSnapshot().wallets
  if (search === (shown.search ?? "") && shown.status !== "failed" && (search !== "" || shown.all.length > 0)) return
  store.update((state) =>
    search === ""
      ? { ...state, wallets: { ...state.wallets, search: "", all: [], count: 0, status: "idle" } }
      : { ...state, wallets: { ...state.wallets, search, status: "loading" } }
  )
  if (search === "") return yield* loadMoreWallets
  const [result] = yield* Effect.all(
    [api.searchWallets({ search, ...(yield* registryFilters) }).pipe(Effect.result), Effect.sleep(minimumSearchDelay)],
    { concurrency: 2 }
  )
  if (store.getSnapshot().wallets.search !== search) return
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
