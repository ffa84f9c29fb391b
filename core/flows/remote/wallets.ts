import * as Effect from "effect/Effect"
import { AlertError } from "../../errors/alerts.ts"
import {
  FEATURED_WALLETS_DEFAULT_COUNT,
  RECOMMENDED_WALLETS_COUNT,
  selectFeaturedWallets
} from "../../rules/connectOrder.ts"
import type { WalletListing } from "../../schema/wallet.ts"
import type { ApiCallError } from "../../services/http.ts"
import { Options } from "../../services/Options.ts"
import { Storage, StorageKeys } from "../../services/Storage.ts"
import { WalletApi, type WalletApiShape } from "../../services/WalletApi.ts"
import { StateStore } from "../../state/StateStore.ts"
import { hasWalletConnect } from "../../state/selectors.ts"
import { showAlert } from "../../state/showAlert.ts"
import { imageUrlOf } from "./networkImages.ts"

/**
 * The Connect view's featured wallets (the app's `featuredWalletIds`, in the app's order) and the registry's
 * recommended ones (4, excluding featured and excluded wallets). A failure shows the APKT003 alert.
 */
export const walletLoadFailed = (error: ApiCallError) =>
  showAlert(
    error instanceof AlertError ? error : new AlertError({ code: "APKT003", details: error.message, cause: error })
  )

// Listings name their image by id; the renderer needs a URL, built against the configured wallet API host.
// An id unfit to send (a dot segment, a 2 MB string) leaves the wallet without an image: its letter shows.
export const withImages = (api: WalletApiShape, wallets: ReadonlyArray<WalletListing>): ReadonlyArray<WalletListing> =>
  wallets.map((wallet) => {
    if (wallet.image_url) return wallet
    const url = imageUrlOf(api.walletImageUrl, wallet.image_id)
    return url === undefined ? wallet : { ...wallet, image_url: url }
  })

/** The developer's console line when the Connect view leaves the registry's wallets out for want of WalletConnect. */
export const walletConnectMissingWarning =
  'Airlock: the wallet registry\'s wallets (featured, recommended, recent, All Wallets) are hidden: they connect through WalletConnect, and this client has no WalletConnect connector. Add walletConnect() from "airlock-kit/walletconnect" to `adapters`, with your relay in `endpoints.relay`.'

/** The clients (by their state store) whose developer was told. */
const warned = new WeakSet<object>()

/**
 * Tells the developer once per client, when the Connect view shows, that the registry's wallets are left out for want
 * of a WalletConnect connector. Only where a Connect view is shown: a server that renders the page never says it.
 */
export const warnWithoutWalletConnect = Effect.gen(function* () {
  const store = yield* StateStore
  if (hasWalletConnect(store.getSnapshot()) || warned.has(store)) return
  warned.add(store)
  console.warn(walletConnectMissingWarning)
})

export const loadWallets = Effect.gen(function* () {
  const store = yield* StateStore
  // Without a WalletConnect connector (listed at discovery, before this runs) no registry wallet can be reached: the
  // lists are not fetched (the Connect view would hide them).
  if (!hasWalletConnect(store.getSnapshot())) return
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
