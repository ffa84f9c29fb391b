import * as Effect from "effect/Effect"
import { AlertError } from "../../errors/alerts.ts"
import type { FeaturesOptions, ResolvedFeatures } from "../../rules/features.ts"
import { resolveFeatures, type TelegramPlatform } from "../../rules/resolveFeatures.ts"
import type { ProjectFeature } from "../../schema/api/walletApi.ts"
import { WalletApi } from "../../services/WalletApi.ts"

/** What the app knows before asking for its remote configuration. */
export interface RemoteConfigOptions {
  /** The app's own `features` option. @default {} */
  readonly local?: FeaturesOptions | undefined
  /** Basic mode: every remote feature is off, so nothing is fetched. @default false */
  readonly basic?: boolean | undefined
  /** The Telegram platform the app runs in, if any (hides socials it cannot complete). */
  readonly telegram?: TelegramPlatform | undefined
}

/** The features in force after asking for the remote configuration. */
export interface RemoteConfig {
  /** The remote entries, or `undefined` when none was fetched (basic mode or a failure). */
  readonly remote: ReadonlyArray<ProjectFeature> | undefined
  readonly features: ResolvedFeatures
  /** Set when the remote configuration overrode local settings (SPEC §1: show it as a warning). */
  readonly warning: string | undefined
  /** The alert to show when the configuration could not be fetched (APKT009, or the server's own alert). */
  readonly alert: AlertError | undefined
}

/**
 * Fetches the project's remote feature configuration (`/appkit/v1/config`) and resolves the features in force. A
 * failure never fails the effect: the local settings over the SPEC §9 defaults apply, and `alert` carries APKT009
 * Server Error (or the more precise alert the server gave: APKT010 Rate Limited, APKT002, APKT006, APKT007).
 * @example
 * ```ts
 * const { features, warning, alert } = yield* fetchRemoteConfig({ local: { swaps: false } })
 * ```
 */
export const fetchRemoteConfig = Effect.fn("fetchRemoteConfig")(function* (options: RemoteConfigOptions = {}) {
  const resolve = (remote: ReadonlyArray<ProjectFeature> | undefined, alert: AlertError | undefined): RemoteConfig => {
    const { features, warning } = resolveFeatures({
      local: options.local,
      remote,
      basic: options.basic,
      telegram: options.telegram
    })
    return { remote, features, warning, alert }
  }
  if (options.basic === true) return resolve(undefined, undefined)
  const api = yield* WalletApi
  return yield* api.getProjectConfig.pipe(
    Effect.map((config) => resolve(config.features, undefined)),
    Effect.catch((error) =>
      Effect.succeed(
        resolve(undefined, error instanceof AlertError ? error : new AlertError({ code: "APKT009", cause: error }))
      )
    )
  )
})
