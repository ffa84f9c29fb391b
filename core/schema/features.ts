/**
 * The `features` option as a schema (SPEC §1, §9): what an app may set. `FeaturesOptions` (core/rules/features.ts)
 * is this schema's type, so the option's shape is written once. Only the options decode (in the services chunk)
 * imports it at run time; the rules import its types.
 * @module
 */
import * as Schema from "effect/Schema"
import { connectMethods, walletFeatures, walletSections } from "./featureNames.ts"
import type { SocialProvider } from "./login.ts"

/**
 * A way to connect on the Connect screen.
 *
 * @example
 * ```ts
 * import type { ConnectMethod } from "./features.ts"
 * const method: ConnectMethod = "wallet"
 * ```
 */
export const ConnectMethod = Schema.Literals(connectMethods)
export type ConnectMethod = typeof ConnectMethod.Type

/**
 * A group of wallets in the Connect screen's wallet list.
 *
 * @example
 * ```ts
 * import type { WalletSection } from "./features.ts"
 * const section: WalletSection = "recent"
 * ```
 */
export const WalletSection = Schema.Literals(walletSections)
export type WalletSection = typeof WalletSection.Type

/**
 * An entry of the account view's feature row.
 *
 * @example
 * ```ts
 * import type { WalletFeature } from "./features.ts"
 * const feature: WalletFeature = "onramp"
 * ```
 */
export const WalletFeature = Schema.Literals(walletFeatures)
export type WalletFeature = typeof WalletFeature.Type

/**
 * A social login the Connect view can offer (SPEC §1, §9 default socials): the six OAuth providers the embedded
 * wallet validates ({@link SocialProvider}) plus Farcaster, which logs in through its own QR flow. Named apart from
 * `SocialProvider` because the two lists differ on purpose.
 *
 * @example
 * ```ts
 * import type { SocialLogin } from "./features.ts"
 * const login: SocialLogin = "farcaster"
 * ```
 */
export type SocialLogin = SocialProvider | "farcaster"

/**
 * A list of names typed as `A` that takes any string when decoded: an untyped app may name a provider Airlock does
 * not know, and the feature rules ignore it rather than refuse the options.
 */
const names = <A extends string>() => Schema.Array(Schema.declare((u: unknown): u is A => typeof u === "string"))
const toggle = Schema.optionalKey(Schema.UndefinedOr(Schema.Boolean))
const toggleOrNames = <A extends string>() =>
  Schema.optionalKey(Schema.UndefinedOr(Schema.Union([Schema.Boolean, names<A>()])))
const listOf = <S extends Schema.Top>(schema: S) => Schema.optionalKey(Schema.UndefinedOr(Schema.Array(schema)))

/**
 * Local feature settings. When the remote project config is fetched these are ignored with a warning (SPEC §1).
 * `socials`, `swaps` and `onramp` take `true` for the default providers, `false` for off, or a provider list.
 *
 * @example
 * ```ts
 * import type { FeaturesOptions } from "../rules/features.ts"
 * const features: FeaturesOptions = { swaps: false, socials: ["google", "github"], legalCheckbox: true }
 * ```
 */
export const FeaturesOption = Schema.Struct({
  /** @default true */
  receive: toggle,
  /** @default true */
  send: toggle,
  /** @default true */
  analytics: toggle,
  /** @default true */
  allWallets: toggle,
  /** @default false */
  legalCheckbox: toggle,
  /** @default false */
  smartSessions: toggle,
  /** @default false */
  collapseWallets: toggle,
  /** @default false */
  pay: toggle,
  /** @default true */
  signOutOnDisconnect: toggle,
  /** @default ["onramp", "swaps", "receive", "send"] */
  walletFeaturesOrder: listOf(WalletFeature),
  /** @default email, social, wallet (wallet first when a browser wallet is installed) */
  connectMethodsOrder: listOf(ConnectMethod),
  /** @default walletConnect, recent, injected, featured, custom, external, recommended */
  connectorTypeOrder: listOf(WalletSection),
  /** @default true */
  email: toggle,
  /** @default google, x, farcaster, discord, apple, github, facebook */
  socials: toggleOrNames<SocialLogin>(),
  /** @default ["1inch"] */
  swaps: toggleOrNames<string>(),
  /** @default ["meld"] */
  onramp: toggleOrNames<string>(),
  /** @default true */
  activity: toggle,
  /** @default false */
  multiWallet: toggle,
  /** @default false */
  emailCapture: toggle
})
