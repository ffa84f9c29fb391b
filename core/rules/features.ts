/**
 * The features and their defaults (SPEC §1, §9): what an app may set, and the resolved shape every part of Airlock
 * reads. `resolveFeatures` (in `./resolveFeatures.ts`) computes the {@link ResolvedFeatures} in force.
 * @module
 */
import { walletFeatures } from "../schema/featureNames.ts"
import type { ConnectMethod, FeaturesOption, SocialLogin, WalletFeature, WalletSection } from "../schema/features.ts"

/**
 * The default social providers, in display order.
 *
 * @example
 * ```ts
 * import { DEFAULT_SOCIALS } from "./features.ts"
 * DEFAULT_SOCIALS[0] // "google"
 * ```
 */
export const DEFAULT_SOCIALS: ReadonlyArray<SocialLogin> = [
  "google",
  "x",
  "farcaster",
  "discord",
  "apple",
  "github",
  "facebook"
]

/**
 * The default order of the account view's feature row.
 */
export const DEFAULT_WALLET_FEATURES_ORDER: ReadonlyArray<WalletFeature> = walletFeatures

/**
 * Feature settings an app passes as `features` (all optional): the type of the options schema's `features`
 * (`core/schema/features.ts`), where each one's default is documented.
 *
 * @example
 * ```ts
 * import type { FeaturesOptions } from "./features.ts"
 * const features: FeaturesOptions = { swaps: false, socials: ["google", "github"], legalCheckbox: true }
 * ```
 */
export type FeaturesOptions = typeof FeaturesOption.Type

/**
 * The features in force. Remote-controlled ones hold `false` or their provider list.
 *
 * @example
 * ```ts
 * import { DEFAULT_FEATURES, type ResolvedFeatures } from "./features.ts"
 * const features: ResolvedFeatures = { ...DEFAULT_FEATURES, swaps: false }
 * ```
 */
export interface ResolvedFeatures {
  readonly receive: boolean
  readonly send: boolean
  readonly analytics: boolean
  readonly allWallets: boolean
  readonly legalCheckbox: boolean
  readonly smartSessions: boolean
  readonly collapseWallets: boolean
  readonly pay: boolean
  readonly signOutOnDisconnect: boolean
  readonly walletFeaturesOrder: ReadonlyArray<WalletFeature>
  readonly connectMethodsOrder: ReadonlyArray<ConnectMethod> | undefined
  readonly connectorTypeOrder: ReadonlyArray<WalletSection> | undefined
  readonly email: boolean
  readonly socials: false | ReadonlyArray<SocialLogin>
  readonly swaps: false | ReadonlyArray<string>
  readonly onramp: false | ReadonlyArray<string>
  readonly activity: boolean
  readonly reownBranding: boolean
  readonly multiWallet: boolean
  readonly emailCapture: boolean
}

/**
 * The features remote configuration controls (SPEC §6).
 *
 * @example
 * ```ts
 * import { REMOTE_FEATURE_KEYS } from "./features.ts"
 * REMOTE_FEATURE_KEYS.length // 8
 * ```
 */
export const REMOTE_FEATURE_KEYS = [
  "email",
  "socials",
  "swaps",
  "onramp",
  "activity",
  "reownBranding",
  "multiWallet",
  "emailCapture"
] as const

/**
 * One of {@link REMOTE_FEATURE_KEYS}.
 *
 * @example
 * ```ts
 * import type { RemoteFeatureKey } from "./features.ts"
 * const key: RemoteFeatureKey = "multiWallet"
 * ```
 */
export type RemoteFeatureKey = (typeof REMOTE_FEATURE_KEYS)[number]

/**
 * Every feature with its default value (SPEC §9). Remote defaults: swaps via 1inch, onramp via meld, email on,
 * multiWallet and emailCapture off.
 *
 * @example
 * ```ts
 * import { DEFAULT_FEATURES } from "./features.ts"
 * DEFAULT_FEATURES.swaps // ["1inch"]
 * ```
 */
export const DEFAULT_FEATURES: ResolvedFeatures = {
  receive: true,
  send: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  pay: false,
  signOutOnDisconnect: true,
  walletFeaturesOrder: DEFAULT_WALLET_FEATURES_ORDER,
  connectMethodsOrder: undefined,
  connectorTypeOrder: undefined,
  email: true,
  socials: DEFAULT_SOCIALS,
  swaps: ["1inch"],
  onramp: ["meld"],
  activity: true,
  reownBranding: true,
  multiWallet: false,
  emailCapture: false
}
