const loopbackHosts = new Set(["127.0.0.1", "localhost", "[::1]"])

const parseUrl = (value: string): URL | undefined => {
  try {
    return new URL(value)
  } catch {
    return undefined
  }
}

/**
 * True when an image URL from an API may be rendered: `https:`, `data:image/…`, or plain `http:` on a loopback host
 * when `allowLoopback` is set (development and the sandbox). Anything else, `javascript:` included, is refused.
 * @example
 * ```ts
 * isSafeImageUrl("https://cdn.example/w.png") // true
 * isSafeImageUrl("http://127.0.0.1:4000/w.png", { allowLoopback: true }) // true
 * ```
 */
export const isSafeImageUrl = (value: string, options: { readonly allowLoopback?: boolean } = {}): boolean => {
  if (/^data:image\/[a-z0-9.+-]+[;,]/i.test(value)) return true
  const url = parseUrl(value)
  if (!url) return false
  if (url.protocol === "https:") return true
  return url.protocol === "http:" && options.allowLoopback === true && loopbackHosts.has(url.hostname)
}

const blockedLinkSchemes = new Set(["javascript:", "data:", "vbscript:", "file:", "blob:"])

/**
 * True when a wallet link from an API may be opened: `https:`, a wallet's own app scheme (`metamask://`), or loopback
 * `http:` when `allowLoopback` is set; scripts, data, files and blobs are refused.
 * @example
 * ```ts
 * isSafeLinkUrl("metamask://wc?uri=…") // true
 * isSafeLinkUrl("javascript:alert(1)") // false
 * ```
 */
export const isSafeLinkUrl = (value: string, options: { readonly allowLoopback?: boolean } = {}): boolean => {
  const url = parseUrl(value)
  if (!url || blockedLinkSchemes.has(url.protocol)) return false
  if (url.protocol === "http:") return options.allowLoopback === true && loopbackHosts.has(url.hostname)
  return true
}
