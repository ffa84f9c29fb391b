import * as Effect from "effect/Effect"
import type { TelegramPlatform } from "../../rules/resolveFeatures.ts"
import { Analytics } from "../../services/Analytics.ts"
import { Options } from "../../services/Options.ts"
import { Platform } from "../../services/Platform.ts"
import { WalletApi } from "../../services/WalletApi.ts"
import { StateStore } from "../../state/StateStore.ts"
import { showAlert } from "../../state/showAlert.ts"
import { checkOrigin } from "./checkOrigin.ts"
import { fetchRemoteConfig } from "./remoteConfig.ts"
import { loadWallets } from "./wallets.ts"

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

/** Everything fetched from the project at start, in parallel; each part handles its own failure. */
export const loadProject = Effect.all([loadRemoteConfig, verifyOrigin, loadAnalyticsConfig, loadWallets], {
  concurrency: "unbounded",
  discard: true
})
