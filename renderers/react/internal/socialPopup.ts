/**
 * The social login popup, handed from the click that opened it to the ConnectingSocial view that drives it. It must
 * open synchronously in the click (SPEC §4, §9: 600 × 800), or the browser blocks it; the view loads after.
 */

import type { SocialLogin } from "airlock-kit"
import { openSocialPopup as open } from "airlock-kit/embedded"

/** Each social login's name as its buttons and views say it. */
export const socialNames: Readonly<Record<SocialLogin, string>> = {
  google: "Google",
  x: "X",
  farcaster: "Farcaster",
  discord: "Discord",
  apple: "Apple",
  github: "GitHub",
  facebook: "Facebook"
}

const popups = new WeakMap<object, Window>()

/** Opens the popup for `client`'s next social login; `undefined` when the browser refused it. */
export const openSocialPopup = (client: object): Window | undefined => {
  const popup = open()
  if (popup === undefined) popups.delete(client)
  else popups.set(client, popup)
  return popup
}

/** The popup the last click opened for `client`, once: a retry opens a new one. */
export const takeSocialPopup = (client: object): Window | undefined => {
  const popup = popups.get(client)
  popups.delete(client)
  return popup
}
