/**
 * Resolving the features in force from local settings, the project's remote configuration (`/appkit/v1/config`),
 * basic mode, the pay feature and Telegram platforms (SPEC §1, §6).
 * @module
 */

import type { SocialLogin } from "../schema/features.ts"
import {
  DEFAULT_FEATURES,
  DEFAULT_SOCIALS,
  type FeaturesOptions,
  REMOTE_FEATURE_KEYS,
  type RemoteFeatureKey,
  type ResolvedFeatures
} from "./features.ts"

/**
 * One entry of the project's remote configuration (`/appkit/v1/config`). `config` is a provider list for socials,
 * swaps and onramp; `null` means "not configured remotely: keep the local setting". AppKit's ids (`social_login`,
 * `swap`, `reown_branding`, `multi_wallet`, `email_capture`) are accepted too.
 *
 * @example
 * ```ts
 * import type { RemoteFeatureEntry } from "./resolveFeatures.ts"
 * const entry: RemoteFeatureEntry = { id: "swaps", isEnabled: true, config: ["1inch"] }
 * ```
 */
export interface RemoteFeatureEntry {
  readonly id: string
  readonly isEnabled?: boolean | null | undefined
  readonly config?: ReadonlyArray<string> | null | undefined
}

/**
 * A Telegram mini-app platform, as Telegram reports it.
 *
 * @example
 * ```ts
 * import type { TelegramPlatform } from "./resolveFeatures.ts"
 * const platform: TelegramPlatform = "ios"
 * ```
 */
export type TelegramPlatform = "ios" | "macos" | "android" | (string & {})

/**
 * Socials Telegram platforms cannot complete (SPEC §6): iOS hides google, Mac hides x, Android hides facebook and x.
 *
 * @example
 * ```ts
 * import { TELEGRAM_HIDDEN_SOCIALS } from "./resolveFeatures.ts"
 * TELEGRAM_HIDDEN_SOCIALS.android // ["facebook", "x"]
 * ```
 */
export const TELEGRAM_HIDDEN_SOCIALS: Readonly<Partial<Record<TelegramPlatform, ReadonlyArray<SocialLogin>>>> = {
  ios: ["google"],
  macos: ["x"],
  android: ["facebook", "x"]
}

/**
 * Resolved features, and the warning to show when local settings were overridden by the remote configuration.
 *
 * @example
 * ```ts
 * import { resolveFeatures } from "./resolveFeatures.ts"
 * const { features, warning } = resolveFeatures({ local: { swaps: false } })
 * ```
 */
export interface FeaturesResolution {
  readonly features: ResolvedFeatures
  /** Set when a remote configuration was applied and the app's own setting for a remote feature was ignored. */
  readonly warning: string | undefined
}

/**
 * The text of the warning shown when remote configuration overrides the given local settings.
 *
 * @example
 * ```ts
 * import { localFeaturesIgnoredWarning } from "./resolveFeatures.ts"
 * localFeaturesIgnoredWarning(["swaps"]).startsWith("Local feature settings") // true
 * ```
 */
export const localFeaturesIgnoredWarning = (keys: ReadonlyArray<string>): string =>
  `Local feature settings ignored (${keys.map((k) => `features.${k}`).join(", ")}): the project's remote ` +
  "configuration was fetched and decides these features. Change them in the project's dashboard."

const ENTRY_ALIASES: Readonly<Record<string, ReadonlyArray<RemoteFeatureKey>>> = {
  social_login: ["email", "socials"],
  swap: ["swaps"],
  reown_branding: ["reownBranding"],
  multi_wallet: ["multiWallet"],
  email_capture: ["emailCapture"]
}

const entryKeys = (id: string): ReadonlyArray<RemoteFeatureKey> =>
  ENTRY_ALIASES[id] ?? ((REMOTE_FEATURE_KEYS as ReadonlyArray<string>).includes(id) ? [id as RemoteFeatureKey] : [])

const providers = <P extends string>(
  value: boolean | ReadonlyArray<P> | undefined,
  fallback: false | ReadonlyArray<P>
): false | ReadonlyArray<P> => {
  if (value === undefined) return fallback
  if (value === true) return fallback === false ? false : fallback
  if (value === false || value.length === 0) return false
  return value
}

const localValue = (local: FeaturesOptions, key: RemoteFeatureKey): ResolvedFeatures[RemoteFeatureKey] => {
  switch (key) {
    case "socials":
      return providers(local.socials, DEFAULT_SOCIALS)
    case "swaps":
      return providers(local.swaps, DEFAULT_FEATURES.swaps)
    case "onramp":
      return providers(local.onramp, DEFAULT_FEATURES.onramp)
    case "reownBranding":
      return DEFAULT_FEATURES.reownBranding
    default:
      return local[key] ?? DEFAULT_FEATURES[key]
  }
}

const remoteValue = (
  entry: RemoteFeatureEntry,
  key: RemoteFeatureKey,
  viaSocialLogin: boolean
): ResolvedFeatures[RemoteFeatureKey] => {
  const enabled = entry.isEnabled === true
  const config = entry.config ?? []
  switch (key) {
    case "email":
      return enabled && (!viaSocialLogin || config.includes("email"))
    case "socials": {
      const list = config.filter((p): p is SocialLogin => (DEFAULT_SOCIALS as ReadonlyArray<string>).includes(p))
      return enabled && list.length > 0 ? list : false
    }
    case "swaps":
    case "onramp":
      return enabled && config.length > 0 ? config : false
    default:
      return enabled
  }
}

/** Every remote-controlled feature off: what a missing remote entry means, and all of basic mode (SPEC §6). */
const allRemoteOff = {
  email: false,
  socials: false,
  swaps: false,
  onramp: false,
  activity: false,
  reownBranding: false,
  multiWallet: false,
  emailCapture: false
} as const satisfies Record<RemoteFeatureKey, false>

const applyRemote = (
  local: FeaturesOptions,
  remote: ReadonlyArray<RemoteFeatureEntry>
): { readonly values: Record<RemoteFeatureKey, unknown>; readonly ignored: ReadonlyArray<string> } => {
  const values: Record<RemoteFeatureKey, unknown> = { ...allRemoteOff }
  const keptLocal = new Set<RemoteFeatureKey>()
  for (const entry of remote) {
    for (const key of entryKeys(entry.id)) {
      // An enabled entry without a provider list keeps the app's own choice of providers; a disabled one is off.
      if (entry.config === null && entry.isEnabled === true) {
        values[key] = localValue(local, key)
        keptLocal.add(key)
      } else {
        values[key] = remoteValue(entry, key, entry.id === "social_login")
      }
    }
  }
  // Everything not kept local was decided remotely (a feature missing from the list is off), so a local setting for
  // it was ignored.
  const ignored = REMOTE_FEATURE_KEYS.filter(
    (key) => !keptLocal.has(key) && key !== "reownBranding" && local[key] !== undefined
  )
  return { values, ignored }
}

const hideForTelegram = (
  socials: false | ReadonlyArray<SocialLogin>,
  platform: TelegramPlatform | undefined
): false | ReadonlyArray<SocialLogin> => {
  if (socials === false || platform === undefined) return socials
  const hidden = TELEGRAM_HIDDEN_SOCIALS[platform] ?? []
  const kept = socials.filter((s) => !hidden.includes(s))
  return kept.length > 0 ? kept : false
}

/**
 * Resolves the features in force (SPEC §1, §6):
 * - without a remote configuration (not fetched or failed), the local settings over the defaults;
 * - with one, the remote entries decide the remote features (missing ones are off; an entry with `config: null` keeps
 *   the local setting when enabled, a disabled entry is off), and local settings they override produce a warning;
 * - basic mode turns every remote feature off; pay turns email and socials off;
 * - a Telegram platform hides the socials it cannot complete.
 *
 * @example
 * ```ts
 * import { resolveFeatures } from "./resolveFeatures.ts"
 * const { features, warning } = resolveFeatures({
 *   local: { swaps: false },
 *   remote: [{ id: "swaps", isEnabled: true, config: ["1inch"] }]
 * })
 * features.swaps // ["1inch"]
 * warning !== undefined // true
 * ```
 */
export const resolveFeatures = (input: {
  readonly local?: FeaturesOptions | undefined
  readonly remote?: ReadonlyArray<RemoteFeatureEntry> | undefined
  /** @default false */
  readonly basic?: boolean | undefined
  readonly telegram?: TelegramPlatform | undefined
}): FeaturesResolution => {
  const local = input.local ?? {}
  const base: ResolvedFeatures = {
    receive: local.receive ?? DEFAULT_FEATURES.receive,
    send: local.send ?? DEFAULT_FEATURES.send,
    analytics: local.analytics ?? DEFAULT_FEATURES.analytics,
    allWallets: local.allWallets ?? DEFAULT_FEATURES.allWallets,
    legalCheckbox: local.legalCheckbox ?? DEFAULT_FEATURES.legalCheckbox,
    smartSessions: local.smartSessions ?? DEFAULT_FEATURES.smartSessions,
    collapseWallets: local.collapseWallets ?? DEFAULT_FEATURES.collapseWallets,
    pay: local.pay ?? DEFAULT_FEATURES.pay,
    signOutOnDisconnect: local.signOutOnDisconnect ?? DEFAULT_FEATURES.signOutOnDisconnect,
    walletFeaturesOrder: local.walletFeaturesOrder ?? DEFAULT_FEATURES.walletFeaturesOrder,
    connectMethodsOrder: local.connectMethodsOrder,
    connectorTypeOrder: local.connectorTypeOrder,
    email: localValue(local, "email") as boolean,
    socials: localValue(local, "socials") as false | ReadonlyArray<SocialLogin>,
    swaps: localValue(local, "swaps") as false | ReadonlyArray<string>,
    onramp: localValue(local, "onramp") as false | ReadonlyArray<string>,
    activity: localValue(local, "activity") as boolean,
    reownBranding: DEFAULT_FEATURES.reownBranding,
    multiWallet: localValue(local, "multiWallet") as boolean,
    emailCapture: localValue(local, "emailCapture") as boolean
  }
  let features = base
  let warning: string | undefined
  if (input.remote !== undefined) {
    const { values, ignored } = applyRemote(local, input.remote)
    features = { ...base, ...(values as Pick<ResolvedFeatures, RemoteFeatureKey>) }
    if (ignored.length > 0) warning = localFeaturesIgnoredWarning(ignored)
  }
  if (input.basic === true) {
    features = { ...features, ...allRemoteOff }
  }
  if (features.pay) features = { ...features, email: false, socials: false }
  features = { ...features, socials: hideForTelegram(features.socials, input.telegram) }
  return { features, warning }
}
