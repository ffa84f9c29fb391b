import * as Effect from "effect/Effect"
import { Options } from "../client/Options.ts"
import { checkOrigin } from "../config/checkOrigin.ts"
import { fetchRemoteConfig } from "../config/remoteConfig.ts"
import { AlertError } from "../errors/alerts.ts"
import { FEATURED_WALLETS_DEFAULT_COUNT, RECOMMENDED_WALLETS_COUNT } from "../rules/connectOrder.ts"
import type { TelegramPlatform } from "../rules/resolveFeatures.ts"
import type { WalletListing } from "../schema/wallet.ts"
import { Analytics } from "../services/Analytics.ts"
import { Platform } from "../services/Platform.ts"
import { WalletApi } from "../services/WalletApi.ts"
import { StateStore } from "../state/StateStore.ts"
import { showAlert } from "./alerts.ts"

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
    local: options.raw.features,
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
export const loadWallets = Effect.gen(function* () {
  const store = yield* StateStore
  const options = yield* Options
  const api = yield* WalletApi
  // Listings name their image by id; the renderer needs a URL, built against the configured wallet API host.
  const withImage = (wallets: ReadonlyArray<WalletListing>) =>
    wallets.map((wallet) =>
      wallet.image_url || !wallet.image_id ? wallet : { ...wallet, image_url: api.walletImageUrl(wallet.image_id) }
    )
  // SPEC §9: featured wallets show 4 by default.
  const featuredIds = (options.raw.featuredWalletIds ?? []).slice(0, FEATURED_WALLETS_DEFAULT_COUNT)
  const excluded = options.raw.excludeWalletIds ?? []
  const result = yield* Effect.all(
    {
      featured:
        featuredIds.length === 0
          ? Effect.succeed([])
          : api
              .getWallets({ page: 1, entries: featuredIds.length, include: featuredIds })
              .pipe(
                Effect.map((page) =>
                  withImage(featuredIds.flatMap((id) => page.data.filter((wallet) => wallet.id === id).slice(0, 1)))
                )
              ),
      recommended: api
        .getWallets({
          page: 1,
          entries: RECOMMENDED_WALLETS_COUNT,
          exclude: [...featuredIds, ...excluded],
          ...(options.raw.includeWalletIds === undefined ? {} : { include: options.raw.includeWalletIds })
        })
        .pipe(Effect.map((page) => withImage(page.data)))
    },
    { concurrency: 2 }
  ).pipe(Effect.result)
  if (result._tag === "Failure") {
    const error = result.failure
    return yield* showAlert(
      error instanceof AlertError ? error : new AlertError({ code: "APKT003", details: error.message, cause: error })
    )
  }
  store.update((state) => ({ ...state, wallets: { ...state.wallets, ...result.success } }))
}).pipe(Effect.withSpan("loadWallets"))

/** Everything fetched from the project at start, in parallel; each part handles its own failure. */
export const loadProject = Effect.all([loadRemoteConfig, verifyOrigin, loadAnalyticsConfig, loadWallets], {
  concurrency: "unbounded",
  discard: true
})
