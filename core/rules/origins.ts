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

const escapeRegExp = (text: string): string => text.replace(/[.+?^${}()|[\]\\]/g, "\\$&")

const hostRegExp = (host: string): RegExp => {
  const labels = host.toLowerCase().split(".")
  const parts = labels.map((label, index) => {
    if (label === "*") return index === 0 ? "[a-z0-9-]+(?:\\.[a-z0-9-]+)*" : "[a-z0-9-]+"
    return label.split("*").map(escapeRegExp).join("[a-z0-9-]*")
  })
  return new RegExp(`^${parts.join("\\.")}$`)
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
  return hostRegExp(host ?? "").test(parsed.host)
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
