import { isSafeConnectorIcon, isSafeImageUrl } from "airlock-kit"

const loopbackHosts = new Set(["localhost", "127.0.0.1", "[::1]"])

/**
 * True when the page itself is served from a loopback host: development and the sandbox, where the wallet API's
 * images are plain `http://127.0.0.1/…` (DESIGN: loopback `http:` only in development).
 */
const isDevelopmentPage = (): boolean =>
  typeof location !== "undefined" && location.protocol === "http:" && loopbackHosts.has(location.hostname)

/**
 * The URL to put into an `<img src>`, or `undefined` when an image URL from an API or a wallet is not safe to render
 * (`javascript:`, other schemes, remote plain `http:`; see `isSafeImageUrl`). `announced`: the icon a wallet announced
 * for itself, which may also be an inline SVG (`isSafeConnectorIcon`; drawn only as an `<img>`).
 */
export const safeImageSrc = (
  url: string | null | undefined,
  options: { readonly announced?: boolean | undefined } = {}
): string | undefined =>
  url !== undefined &&
  url !== null &&
  url !== "" &&
  (isSafeImageUrl(url, { allowLoopback: isDevelopmentPage() }) ||
    (options.announced === true && isSafeConnectorIcon(url)))
    ? url
    : undefined
