// The plain URL checks, apart from their schemas (url.ts), so a renderer can check an image URL without pulling
// `effect/Schema` into its chunk.
// Allowlists, not blocklists: a URL from an API or a wallet passes only in a shape known to be safe, so a scheme
// nobody thought of (or `JaVa\tScRiPt:`) is refused by default.

const loopbackHosts = new Set(["127.0.0.1", "localhost", "[::1]"])

/** Options of the URL checks. */
export interface SafeUrlOptions {
  /**
   * Accept plain `http:` on 127.0.0.1, localhost and [::1] (development and the sandbox); never on another host.
   * @default true
   */
  readonly allowLoopback?: boolean | undefined
}

/** Longest image URL accepted (a data URL of a wallet icon is a few KB; a megabyte is never an icon). */
export const maxImageUrlLength = 262_144

/** Longest link accepted. */
export const maxLinkUrlLength = 4096

// Control characters, whitespace and the invisible ones browsers strip or ignore while parsing a URL.
const hiddenCharacters =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  /[\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u3000\ufeff]/

const schemeOf = (value: string): string | undefined => /^([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase()

const parseUrl = (value: string): URL | undefined => {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

const isWebUrl = (value: string, scheme: string, options: SafeUrlOptions): boolean => {
  const url = parseUrl(value)
  if (!url || url.hostname === "" || url.username !== "" || url.password !== "") return false
  if (scheme === "https") return true
  return scheme === "http" && (options.allowLoopback ?? true) && loopbackHosts.has(url.hostname)
}

/** Raster image types a `data:` URL may carry; `svg+xml` is refused because an SVG can carry script. */
export const safeImageDataTypes = ["png", "jpeg", "gif", "webp", "avif"] as const

const imageDataPattern = new RegExp(`^data:image/(?:${safeImageDataTypes.join("|")})(?:;[a-z0-9=.+-]+)*,`, "i")

/**
 * True when an image URL from an API or a wallet may be rendered: `https:`, plain `http:` only on a loopback host,
 * or a `data:image/…` URL of a raster type (png, jpeg, gif, webp, avif; never svg+xml). Control characters,
 * whitespace and credentials in the URL are refused.
 * @example
 * ```ts
 * isSafeImageUrl("https://cdn.example/w.png") // true
 * isSafeImageUrl("data:image/svg+xml,<svg/>") // false
 * ```
 */
export const isSafeImageUrl = (value: string, options: SafeUrlOptions = {}): boolean => {
  if (value.length === 0 || value.length > maxImageUrlLength || hiddenCharacters.test(value)) return false
  const scheme = schemeOf(value)
  if (scheme === "data") return imageDataPattern.test(value)
  return scheme !== undefined && isWebUrl(value, scheme, options)
}

const svgDataPattern = /^data:image\/svg\+xml(?:;[a-z0-9=.+-]+)*,/i

/**
 * True when a wallet's own announced icon may be drawn: what {@link isSafeImageUrl} accepts, and also an inline SVG
 * (`data:image/svg+xml`). EIP-6963 and Wallet Standard define the icon as a data URI and most wallets send SVG. An
 * SVG loaded as an `<img>` never runs script or loads anything, and renderers draw icons only that way; an SVG from
 * an API stays refused (its URL could be opened as a document).
 * @example
 * ```ts
 * isSafeConnectorIcon("data:image/svg+xml;base64,PHN2Zy8+") // true
 * isSafeConnectorIcon("javascript:alert(1)") // false
 * ```
 */
export const isSafeConnectorIcon = (value: string): boolean =>
  isSafeImageUrl(value) ||
  (value.length <= maxImageUrlLength && !hiddenCharacters.test(value) && svgDataPattern.test(value))

/**
 * Schemes a wallet's own app scheme can never be: they run script, read local data, or hand the URL to another
 * handler of the browser or the OS.
 */
const reservedSchemes = new Set([
  "javascript",
  "vbscript",
  "livescript",
  "data",
  "file",
  "filesystem",
  "blob",
  "intent",
  "about",
  "chrome",
  "chrome-extension",
  "moz-extension",
  "view-source",
  "jar",
  "ws",
  "wss",
  "ftp",
  "http",
  "https"
])

// A wallet's app scheme as registries list them: `metamask:`, `rainbow:`, `trust:`, `safe-wallet:`.
const appSchemePattern = /^[a-z][a-z0-9-]{1,31}$/

/**
 * True when a wallet link from an API may be opened: `https:`, plain `http:` only on a loopback host, or a wallet's
 * own app scheme (`metamask://…`, lowercase letters, digits and hyphens). `javascript:`, `data:`, `vbscript:`,
 * `file:`, `blob:`, `intent:`, `about:` and other browser schemes are refused whatever their case, and so is any
 * link with whitespace or control characters.
 * @example
 * ```ts
 * isSafeLinkUrl("metamask://wc?uri=…") // true
 * isSafeLinkUrl("javascript:alert(1)") // false
 * ```
 */
export const isSafeLinkUrl = (value: string, options: SafeUrlOptions = {}): boolean => {
  if (value.length === 0 || value.length > maxLinkUrlLength || hiddenCharacters.test(value)) return false
  const scheme = schemeOf(value)
  if (scheme === undefined) return false
  if (scheme === "https" || scheme === "http") return isWebUrl(value, scheme, options)
  return appSchemePattern.test(scheme) && !reservedSchemes.has(scheme)
}
