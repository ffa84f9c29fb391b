/**
 * Session tokens for a site's own server: a value signed with HMAC-SHA256 and an expiry, carried in an HttpOnly
 * cookie, so the server keeps no session table and a visitor cannot forge or extend one.
 */
import { createHmac, timingSafeEqual } from "node:crypto"
import type { SiwxSession } from "./verify.ts"

/** A key for {@link signSession} / {@link readSession}: at least 32 bytes, kept on the server. */
export type SessionSecret = string | Uint8Array

/** The longest token {@link readSession} reads (64 KB); a longer one is refused unread. */
export const maxSessionTokenLength = 65_536

const keyOf = (secret: SessionSecret): Uint8Array => {
  const key = typeof secret === "string" ? new TextEncoder().encode(secret) : secret
  if (key.byteLength < 32) throw new RangeError("A session secret must be at least 32 bytes")
  return key
}

const mac = (key: Uint8Array, payload: string): Buffer => createHmac("sha256", key).update(payload).digest()

/**
 * A token holding `session` for `ttlMs` from `now`: `base64url(JSON).base64url(HMAC-SHA256)`. The JSON is signed,
 * not encrypted: anyone holding the token can read it, so put nothing secret in `session`.
 * @example
 * ```ts
 * const secret = "a server-side secret of at least 32 bytes!"
 * const token = signSession(secret, { userId: 7 }, 24 * 60 * 60_000)
 * readSession<{ userId: number }>(secret, token)?.userId // 7
 * ```
 */
export const signSession = (secret: SessionSecret, session: unknown, ttlMs: number, now: Date = new Date()): string => {
  const key = keyOf(secret)
  const payload = Buffer.from(JSON.stringify({ session, exp: now.getTime() + ttlMs })).toString("base64url")
  return `${payload}.${mac(key, payload).toString("base64url")}`
}

/**
 * The session a {@link signSession} token holds, or undefined when the token is not one signed with `secret`
 * (forged, tampered, truncated, too long, not a string) or has expired at `now`. Compares the MAC in constant time.
 * @example
 * ```ts
 * const secret = "a server-side secret of at least 32 bytes!"
 * const token = signSession(secret, { userId: 7 }, 60_000, new Date("2026-01-01T00:00:00Z"))
 * readSession(secret, token, new Date("2026-01-01T00:00:30Z")) !== undefined // true
 * readSession(secret, token, new Date("2026-01-01T00:01:00Z")) // undefined: expired
 * ```
 */
export const readSession = <A = SiwxSession>(
  secret: SessionSecret,
  token: unknown,
  now: Date = new Date()
): A | undefined => {
  const key = keyOf(secret)
  if (typeof token !== "string" || token.length > maxSessionTokenLength) return undefined
  const dot = token.indexOf(".")
  if (dot <= 0 || token.indexOf(".", dot + 1) !== -1) return undefined
  const payload = token.slice(0, dot)
  const given = Buffer.from(token.slice(dot + 1), "base64url")
  const expected = mac(key, payload)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined
  try {
    const { session, exp } = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as {
      session: A
      exp: unknown
    }
    return typeof exp === "number" && exp > now.getTime() ? session : undefined
  } catch {
    return undefined
  }
}

/** Options of {@link sessionCookie}. */
export interface SessionCookieOptions {
  /** Lifetime in seconds (`Max-Age`); 0 deletes the cookie. */
  readonly maxAge: number
  /** Send only over HTTPS (`Secure`); leave it off only for plain-http development. @default true */
  readonly secure?: boolean
}

const cookieName = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
const cookieValue = /^[!#$%&'()*+\-./0-9:<=>?@A-Z[\]^_`a-z{|}~]*$/

/**
 * A `Set-Cookie` header value carrying `token`: `HttpOnly` (no script reads it), `SameSite=Lax` (not sent on
 * cross-site subrequests), `Path=/`, `Max-Age`, and `Secure` unless turned off. Throws a `TypeError` for a name or
 * value a cookie cannot hold.
 * @example
 * ```ts
 * sessionCookie("session", "abc.def", { maxAge: 3600 }) // "session=abc.def; Max-Age=3600; Path=/; HttpOnly; SameSite=Lax; Secure"
 * ```
 */
export const sessionCookie = (name: string, token: string, options: SessionCookieOptions): string => {
  if (!cookieName.test(name)) throw new TypeError(`Invalid cookie name: ${name}`)
  if (!cookieValue.test(token)) throw new TypeError("Invalid cookie value")
  const maxAge = Math.max(0, Math.floor(options.maxAge))
  return `${name}=${token}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Lax${options.secure === false ? "" : "; Secure"}`
}

/**
 * The value of cookie `name` in a request's `Cookie` header, or undefined when it has none.
 * @example
 * ```ts
 * readCookie("theme=dark; session=abc.def", "session") // "abc.def"
 * ```
 */
export const readCookie = (header: string | undefined, name: string): string | undefined => {
  if (typeof header !== "string" || header.length > maxSessionTokenLength) return undefined
  for (const part of header.split(";")) {
    const eq = part.indexOf("=")
    if (eq !== -1 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}
