/**
 * The modal's views (SPEC §2) and which feature gates each of them.
 *
 * SPEC §2 names the core views; the feature views (Send, Receive, Onramp, Activity, Pay) and the few extra connection
 * steps (ConnectingSocial, the email OTP / device steps, Networks) are named here because SPEC §4 describes their flows
 * ("opens the proper login view (social, email or WalletConnect)", VERIFY_OTP / VERIFY_DEVICE, a network list).
 * @module
 */

/**
 * Every view name the modal can show, in one list so renderers and tests can iterate over it.
 *
 * @example
 * ```ts
 * import { VIEWS } from "./views.ts"
 * VIEWS.includes("Connect") // true
 * ```
 */
export const VIEWS = [
  "Connect",
  "Account",
  "AllWallets",
  "ConnectingWalletConnect",
  "ConnectingWalletConnectBasic",
  "ConnectingExternal",
  "ConnectingFarcaster",
  "ConnectingSocial",
  "EmailLogin",
  "EmailVerifyOtp",
  "EmailVerifyDevice",
  "UpdateEmailWallet",
  "UpdateEmailPrimaryOtp",
  "UpdateEmailSecondaryOtp",
  "ProfileWallets",
  "Networks",
  "SwitchNetwork",
  "SwitchActiveChain",
  "UnsupportedChain",
  "RegisterAccountName",
  "RegisterAccountNameSuccess",
  "DataCapture",
  "DataCaptureOtpConfirm",
  "SIWXSignMessage",
  "ApproveTransaction",
  "Swap",
  "Send",
  "Receive",
  "Onramp",
  "OnrampProviders",
  "OnrampBuyInProgress",
  "Activity",
  "Pay",
  "NftDetail",
  "SmartSessions"
] as const

/**
 * One view of the modal's internal stack (there are no URL routes).
 *
 * @example
 * ```ts
 * import type { View } from "./views.ts"
 * const first: View = "Connect"
 * ```
 */
export type View = (typeof VIEWS)[number]

/**
 * Narrows an unknown string (e.g. from `airlock.open({ view })` in plain JavaScript) to a {@link View}.
 *
 * @example
 * ```ts
 * import { isView } from "./views.ts"
 * isView("Account") // true
 * isView("Settings") // false
 * ```
 */
export const isView = (value: unknown): value is View => typeof value === "string" && VIEWS.includes(value as View)

/**
 * The features that gate views (SPEC §2: "Feature views … load only if the feature is enabled").
 *
 * @example
 * ```ts
 * import type { ViewFeature } from "./views.ts"
 * const feature: ViewFeature = "swaps"
 * ```
 */
export type ViewFeature =
  | "email"
  | "socials"
  | "swaps"
  | "send"
  | "receive"
  | "onramp"
  | "activity"
  | "pay"
  | "emailCapture"
  | "smartSessions"

/**
 * Which feature each gated view needs; views not listed are always available.
 *
 * @example
 * ```ts
 * import { VIEW_FEATURE } from "./views.ts"
 * VIEW_FEATURE.Swap // "swaps"
 * ```
 */
export const VIEW_FEATURE: Readonly<Partial<Record<View, ViewFeature>>> = {
  EmailLogin: "email",
  EmailVerifyOtp: "email",
  EmailVerifyDevice: "email",
  UpdateEmailWallet: "email",
  UpdateEmailPrimaryOtp: "email",
  UpdateEmailSecondaryOtp: "email",
  ConnectingSocial: "socials",
  ConnectingFarcaster: "socials",
  Swap: "swaps",
  Send: "send",
  Receive: "receive",
  Onramp: "onramp",
  OnrampProviders: "onramp",
  OnrampBuyInProgress: "onramp",
  Activity: "activity",
  Pay: "pay",
  DataCapture: "emailCapture",
  DataCaptureOtpConfirm: "emailCapture",
  SmartSessions: "smartSessions"
}

/**
 * The feature flags {@link isViewEnabled} reads. A flag is on when it is `true` or a non-empty list (remote features
 * such as socials, swaps and onramp carry a provider list instead of a boolean). A missing flag counts as off.
 *
 * @example
 * ```ts
 * import type { ViewFeatureFlags } from "./views.ts"
 * const flags: ViewFeatureFlags = { swaps: ["1inch"], send: true }
 * ```
 */
export type ViewFeatureFlags = { readonly [K in ViewFeature]?: boolean | ReadonlyArray<string> | undefined }

const isFlagOn = (flag: boolean | ReadonlyArray<string> | undefined): boolean =>
  Array.isArray(flag) ? flag.length > 0 : flag === true

/**
 * Whether a view may be shown with the given features: ungated views always, gated ones only when their feature is on.
 *
 * @example
 * ```ts
 * import { isViewEnabled } from "./views.ts"
 * isViewEnabled("Swap", { swaps: ["1inch"] }) // true
 * isViewEnabled("Swap", { swaps: false }) // false
 * isViewEnabled("Account", {}) // true
 * ```
 */
export const isViewEnabled = (view: View, features: ViewFeatureFlags): boolean => {
  const feature = VIEW_FEATURE[view]
  return feature === undefined || isFlagOn(features[feature])
}
