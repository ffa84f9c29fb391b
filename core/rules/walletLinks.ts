/**
 * Links that open a WalletConnect wallet with a pairing (SPEC §3 wallet listing: `mobile_link`, `desktop_link`,
 * `webapp_link`): a native app scheme (`rainbow://`) or a universal / web link (`https://…`), each given the pairing
 * URI as `wc?uri=<encoded>`, the form wallets register for.
 * @module
 */
import { isSafeLinkUrl } from "../schema/urlCheck.ts"

/** Which of a wallet's links: its phone app, its desktop app, or its web app. */
export type WalletLinkKind = "mobile" | "desktop" | "web"

/** The link fields of a registry listing the rules read. */
export interface WalletLinks {
  readonly name: string
  readonly mobile_link?: string | null | undefined
  readonly desktop_link?: string | null | undefined
  readonly webapp_link?: string | null | undefined
}

/**
 * A wallet to bring forward later (SPEC §4 "linking"): its name and the link that opens it, without a pairing URI.
 * Kept after a mobile connection so a signing request can open the wallet that must approve it.
 */
export interface WalletLinking {
  readonly name: string
  readonly href: string
}

const linkField = { mobile: "mobile_link", desktop: "desktop_link", web: "webapp_link" } as const

const isWebLink = (link: string) => /^https?:\/\//i.test(link)

/** The app link as a base that `wc?uri=` can follow: a trailing `/`, and `://` after a bare scheme. */
const baseOf = (link: string): string => {
  if (isWebLink(link)) return link.endsWith("/") ? link : `${link}/`
  const scheme = link.includes("://") ? link : `${link.replace(/[:/]+$/, "")}://`
  return scheme.endsWith("/") ? scheme : `${scheme}/`
}

/**
 * The wallet's link of `kind` opened with a pairing URI, or without one (bringing the app forward); `undefined` when
 * the wallet has no such link or the result is not a safe link (see `isSafeLinkUrl`: never `javascript:` and the like).
 *
 * @example
 * ```ts
 * import { walletLink } from "./walletLinks.ts"
 * walletLink({ name: "Rainbow", mobile_link: "rainbow://" }, "mobile", "wc:abc@2")?.href // "rainbow://wc?uri=wc%3Aabc%402"
 * walletLink({ name: "Web", webapp_link: "https://app.example" }, "web", "wc:abc@2")?.href // "https://app.example/wc?uri=wc%3Aabc%402"
 * walletLink({ name: "Rainbow", mobile_link: "rainbow://" }, "mobile")?.href // "rainbow://"
 * walletLink({ name: "Bad", mobile_link: "javascript:alert(1)" }, "mobile", "wc:abc@2") // undefined
 * ```
 */
export const walletLink = (wallet: WalletLinks, kind: WalletLinkKind, uri?: string): WalletLinking | undefined => {
  const link = wallet[linkField[kind]]?.trim()
  if (!link) return undefined
  const base = baseOf(link)
  const href = uri === undefined ? base : `${base}wc?uri=${encodeURIComponent(uri)}`
  return isSafeLinkUrl(href) ? { name: wallet.name, href } : undefined
}

/**
 * The ways a WalletConnect wallet can be opened here, in the order a view offers them: on a phone its app; on a
 * desktop its desktop app, then its web app (the QR code is always there on a desktop).
 *
 * @example
 * ```ts
 * import { walletLinkKinds } from "./walletLinks.ts"
 * walletLinkKinds({ name: "W", mobile_link: "wallet://", webapp_link: "https://w.example" }, { isMobile: false }) // ["web"]
 * walletLinkKinds({ name: "W", mobile_link: "wallet://", webapp_link: "https://w.example" }, { isMobile: true }) // ["mobile", "web"]
 * walletLinkKinds({ name: "W", mobile_link: "https://w.example", webapp_link: "https://w.example/" }, { isMobile: true }) // ["mobile"]
 * ```
 */
export const walletLinkKinds = (
  wallet: WalletLinks,
  env: { readonly isMobile: boolean }
): ReadonlyArray<WalletLinkKind> => {
  const kinds: ReadonlyArray<WalletLinkKind> = env.isMobile ? ["mobile", "web"] : ["desktop", "web"]
  // A web app at the same address as the phone link is one way, not two.
  const seen = new Set<string>()
  return kinds.filter((kind) => {
    const href = walletLink(wallet, kind)?.href
    if (href === undefined || seen.has(href)) return false
    seen.add(href)
    return true
  })
}

/**
 * Where a wallet link opens: an app scheme in this tab (the OS hands it to the app, the page stays), a web or
 * universal link in a new tab, so the app's page is never navigated away when no app claims the link.
 *
 * @example
 * ```ts
 * import { walletLinkTarget } from "./walletLinks.ts"
 * walletLinkTarget("rainbow://wc?uri=x") // "_self"
 * walletLinkTarget("https://rnbwapp.com/wc?uri=x") // "_blank"
 * ```
 */
export const walletLinkTarget = (href: string): "_self" | "_blank" => (isWebLink(href) ? "_blank" : "_self")
