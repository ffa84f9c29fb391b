/**
 * Restricted regions (SPEC §6: mainland China, Macau, Hong Kong), detected from the browser's time zone.
 *
 * What it gates: in AppKit the check (`CoreHelperUtil.isRestrictedRegion`, the same list in the embedded-wallet
 * `W3mFrameHelpers`) does not hide onramp or swaps. It only picks the hosts: restricted regions talk to the `.org`
 * mirrors of the wallet API, the blockchain API (RPC) and the analytics host instead of the `.com` ones. Later AppKit
 * versions dropped the switch and use one host set. Airlock's hosts are all configurable (`endpoints`), so this rule
 * lets the client choose an alternate endpoint set for these regions; it gates no feature.
 * @module
 */

/**
 * IANA time zones of mainland China, Macau and Hong Kong, including the legacy aliases browsers may still report.
 *
 * @example
 * ```ts
 * import { RESTRICTED_TIMEZONES } from "./region.ts"
 * RESTRICTED_TIMEZONES.includes("Asia/Hong_Kong") // true
 * ```
 */
export const RESTRICTED_TIMEZONES: ReadonlyArray<string> = [
  "Asia/Shanghai",
  "Asia/Urumqi",
  "Asia/Chongqing",
  "Asia/Chungking",
  "Asia/Harbin",
  "Asia/Kashgar",
  "Asia/Macau",
  "Asia/Macao",
  "Asia/Hong_Kong",
  "Hongkong",
  "PRC"
]

const RESTRICTED = new Set(RESTRICTED_TIMEZONES.map((tz) => tz.toUpperCase()))

/**
 * Whether a time zone (e.g. from `Intl.DateTimeFormat().resolvedOptions().timeZone`, read through Platform) lies in a
 * restricted region. Case-insensitive; an unknown or missing zone is not restricted.
 *
 * @example
 * ```ts
 * import { isRestrictedTimezone } from "./region.ts"
 * isRestrictedTimezone("Asia/Shanghai") // true
 * isRestrictedTimezone("Asia/Taipei") // false
 * ```
 */
export const isRestrictedTimezone = (timeZone: string | undefined): boolean =>
  timeZone !== undefined && RESTRICTED.has(timeZone.trim().toUpperCase())
