/**
 * The secure site's session cookie: at each login the site also sets an HttpOnly, Secure, `SameSite=None;
 * Partitioned` cookie whose value is an HMAC of the session token. Once the browser has sent it back, the session is
 * bound to it (`cookie_bound`): the token alone, copied anywhere else, no longer answers. A browser that never sends
 * it (cookies refused in cross-site frames) keeps a token-only session, bound to its project and app origin as before.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto"
import type { IncomingMessage } from "node:http"

/** One cookie per session (a user may be signed in for two projects on one site), named by the token's hash. */
export const sessionCookieName = (token: string): string =>
  `__Host-airlock-${createHash("sha256").update(token).digest("hex").slice(0, 16)}`

const cookieValue = (secret: Uint8Array, token: string): string =>
  createHmac("sha256", secret).update(`frame session cookie\n${token}`).digest("base64url")

/**
 * The `Set-Cookie` value for a new session.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto"
 * setSessionCookie(randomBytes(32), "token", 604_800) // "__Host-airlock-…=…; Path=/; Max-Age=604800; HttpOnly; Secure; SameSite=None; Partitioned"
 * ```
 */
export const setSessionCookie = (secret: Uint8Array, token: string, maxAgeSeconds: number): string =>
  `${sessionCookieName(token)}=${cookieValue(secret, token)}; Path=/; Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}; ` +
  "HttpOnly; Secure; SameSite=None; Partitioned"

/**
 * The `Set-Cookie` value that removes a session's cookie (sign-out).
 * @example
 * ```ts
 * clearSessionCookie("token") // "__Host-airlock-…=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=None; Partitioned"
 * ```
 */
export const clearSessionCookie = (token: string): string =>
  `${sessionCookieName(token)}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=None; Partitioned`

/**
 * Whether the request carries the session's cookie with the right value: `undefined` when it carries none.
 * @example
 * ```ts
 * import { randomBytes } from "node:crypto"
 * import type { IncomingMessage } from "node:http"
 * declare const req: IncomingMessage
 * sessionCookieMatches(req, randomBytes(32), "token") // undefined, true or false
 * ```
 */
export const sessionCookieMatches = (req: IncomingMessage, secret: Uint8Array, token: string): boolean | undefined => {
  const header = req.headers.cookie
  if (header === undefined || header.length > 16_384) return undefined
  const name = sessionCookieName(token)
  const pair = header
    .split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`))
  if (pair === undefined) return undefined
  const sent = Buffer.from(pair.slice(name.length + 1))
  const expected = Buffer.from(cookieValue(secret, token))
  return sent.length === expected.length && timingSafeEqual(sent, expected)
}
