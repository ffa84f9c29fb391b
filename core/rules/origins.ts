/**
 * Whether the page's origin is one the project allows (SPEC §5; a miss shows APKT002 Invalid App Configuration).
 *
 * Pattern form: `[scheme://]host[:port]`. `*` as the leftmost host label matches one or more labels
 * (`*.example.com` matches `a.example.com` and `a.b.example.com`, not `example.com`); elsewhere `*` matches within one
 * label (`preview-*.example.com`). A pattern without scheme matches http and https; without port, only the default
 * port; `:*` any port. `*` alone matches every origin. Hosts compare case-insensitively, as DNS does.
 * @module
 */

/**
 * Origins always allowed whatever the project lists: localhost and loopback on any port, and common preview hosts.
 * Private-network IP hosts are allowed as well (see {@link isLocalOrigin}).
 *
 * @example
 * ```ts
 * import { DEFAULT_ALLOWED_ORIGINS } from "./origins.ts"
 * DEFAULT_ALLOWED_ORIGINS.includes("https://*.vercel.app") // true
 * ```
 */
export const DEFAULT_ALLOWED_ORIGINS: ReadonlyArray<string> = [
  "http://localhost:*",
  "https://localhost:*",
  "http://*.localhost:*",
  "https://*.localhost:*",
  "http://127.0.0.1:*",
  "https://127.0.0.1:*",
  "http://[::1]:*",
  "https://[::1]:*",
  "https://*.pages.dev",
  "https://*.vercel.app",
  "https://*.netlify.app",
  "https://*.ngrok-free.app"
]

interface ParsedOrigin {
  readonly scheme: string
  readonly host: string
  readonly port: string
}

const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: "80", https: "443" }

const normalizePort = (scheme: string, port: string): string => (DEFAULT_PORTS[scheme] === port ? "" : port)

const parseOrigin = (origin: string): ParsedOrigin | undefined => {
  let url: URL
  // try/catch rather than URL.canParse, which Safari only has since 17.
  try {
    url = new URL(origin)
  } catch {
    return undefined
  }
  const scheme = url.protocol.slice(0, -1)
  if (url.hostname === "") return undefined
  return { scheme, host: url.hostname.toLowerCase(), port: url.port }
}

const PATTERN = /^(?:([a-z][a-z0-9+.-]*|\*):\/\/)?(\[[0-9a-f:.]+\]|[^:/]+)(?::(\d+|\*))?\/?$/i

/**
 * Whether `text` matches `pattern`, where `*` stands for any run of characters (possibly empty). Linear in the input:
 * the fixed pieces between the stars are found in order, each at its leftmost place, which is enough for a glob whose
 * only wildcard is `*` (a regular expression built from the pattern backtracks exponentially on `a*a*a*a*b`).
 * @example
 * ```ts
 * globMatches("preview-42", "preview-*") // true
 * ```
 */
export const globMatches = (text: string, pattern: string): boolean => {
  const pieces = pattern.split("*")
  const head = pieces[0] ?? ""
  if (pieces.length === 1) return text === head
  const tail = pieces[pieces.length - 1] ?? ""
  if (text.length < head.length + tail.length || !text.startsWith(head) || !text.endsWith(tail)) return false
  const end = text.length - tail.length
  let at = head.length
  for (const piece of pieces.slice(1, -1)) {
    if (piece === "") continue
    const found = text.indexOf(piece, at)
    if (found === -1 || found + piece.length > end) return false
    at = found + piece.length
  }
  return true
}

// Host patterns match label by label: a leading `*` label stands for one or more labels (`*.example.com` matches
// `a.b.example.com`, not `example.com`), a `*` inside a label for any run of characters of that one label.
const hostMatches = (host: string, pattern: string): boolean => {
  const wanted = pattern.toLowerCase().split(".")
  const labels = host.split(".")
  const labelsMatch = (have: ReadonlyArray<string>, want: ReadonlyArray<string>) =>
    have.length === want.length && want.every((label, i) => (have[i] ?? "") !== "" && globMatches(have[i] ?? "", label))
  if (wanted[0] === "*") {
    const rest = wanted.slice(1)
    return labels.length > rest.length && labelsMatch(labels.slice(labels.length - rest.length), rest)
  }
  return labelsMatch(labels, wanted)
}

/**
 * Whether one allowed-origin pattern matches an origin.
 *
 * @example
 * ```ts
 * import { matchesOriginPattern } from "./origins.ts"
 * matchesOriginPattern("https://app.example.com", "*.example.com") // true
 * matchesOriginPattern("https://example.com:8443", "https://example.com") // false
 * ```
 */
export const matchesOriginPattern = (origin: string, pattern: string): boolean => {
  const trimmed = pattern.trim()
  if (trimmed === "*") return parseOrigin(origin) !== undefined
  const parsed = parseOrigin(origin)
  const match = PATTERN.exec(trimmed)
  if (parsed === undefined || match === null) return false
  const [, scheme, host, port] = match
  const patternScheme = scheme?.toLowerCase()
  if (
    patternScheme === undefined
      ? !["http", "https"].includes(parsed.scheme)
      : patternScheme !== "*" && patternScheme !== parsed.scheme
  ) {
    return false
  }
  if (port !== "*" && normalizePort(parsed.scheme, port ?? "") !== parsed.port) return false
  return hostMatches(parsed.host, host ?? "")
}

const isPrivateIPv4 = (host: string): boolean => {
  const octets = host.split(".").map(Number)
  if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255)) return false
  const [a = -1, b = -1] = octets
  return a === 127 || a === 10 || (a === 192 && b === 168) || (a === 172 && b >= 16 && b <= 31)
}

/**
 * Whether an origin is a local development one: localhost, loopback, or a private-network IP address (a phone on the
 * LAN testing `http://192.168.1.20:3000`), on any port, over http or https.
 *
 * @example
 * ```ts
 * import { isLocalOrigin } from "./origins.ts"
 * isLocalOrigin("http://192.168.1.20:5173") // true
 * isLocalOrigin("http://8.8.8.8") // false
 * ```
 */
export const isLocalOrigin = (origin: string): boolean => {
  const parsed = parseOrigin(origin)
  if (parsed === undefined || !["http", "https"].includes(parsed.scheme)) return false
  return (
    parsed.host === "localhost" ||
    parsed.host.endsWith(".localhost") ||
    parsed.host === "[::1]" ||
    isPrivateIPv4(parsed.host)
  )
}

/**
 * Whether the page origin may use the project: local origins and {@link DEFAULT_ALLOWED_ORIGINS} always, otherwise it
 * must match one of the project's allowed origins.
 *
 * @example
 * ```ts
 * import { isOriginAllowed } from "./origins.ts"
 * isOriginAllowed("https://shop.example.com", ["https://*.example.com"]) // true
 * isOriginAllowed("https://evil.com", ["https://*.example.com"]) // false
 * isOriginAllowed("http://localhost:3000", []) // true
 * ```
 */
export const isOriginAllowed = (
  origin: string,
  allowedOrigins: ReadonlyArray<string>,
  defaults: ReadonlyArray<string> = DEFAULT_ALLOWED_ORIGINS
): boolean =>
  isLocalOrigin(origin) ||
  defaults.some((pattern) => matchesOriginPattern(origin, pattern)) ||
  allowedOrigins.some((pattern) => matchesOriginPattern(origin, pattern))
