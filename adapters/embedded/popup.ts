/**
 * The social login popup: opened synchronously in the click (a popup opened after an `await` is blocked), empty, at
 * SPEC §9's size; the login then points it at the provider's consent page. Its own module, so the Connect view (on
 * the first load) opens it without the login's code.
 * @module
 */
import { SOCIAL_POPUP_SIZE } from "../../core/router/constants.ts"

/**
 * Opens the social login popup (600 × 800). Call it synchronously in the click handler, before anything awaits, and
 * pass the window to `connectSocial`. `undefined` where there is no window or the browser refused it.
 * @example
 * ```ts
 * const popup = openSocialPopup() // in the click handler
 * ```
 */
export const openSocialPopup = (): Window | undefined =>
  typeof window === "undefined"
    ? undefined
    : (window.open(
        "",
        "airlock-social",
        `width=${SOCIAL_POPUP_SIZE.width},height=${SOCIAL_POPUP_SIZE.height},popup=yes`
      ) ?? undefined)
