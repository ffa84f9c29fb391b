/**
 * The operator's gate: `Authorization: Bearer <admin token>`, for the admin routes and `/metrics`. Admin calls come
 * from operators' tools (curl, scripts, a Prometheus scraper), never from a web page, so any request carrying an
 * `Origin` header is refused before the token is even looked at.
 */
import { createHash, timingSafeEqual } from "node:crypto"
import type { IncomingHttpHeaders } from "node:http"

/** Whether a request may use the admin surface, and if not, the answer to give. */
export type AdminVerdict =
  | { readonly ok: true }
  | {
      readonly ok: false
      readonly status: 401 | 403
      readonly message: string
      readonly headers: Readonly<Record<string, string>>
    }

/** Checks a request's headers against the admin token. */
export type AdminAuth = (headers: IncomingHttpHeaders) => AdminVerdict

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest()

const bearer = /^Bearer[ \t]+([^\s]+)[ \t]*$/i

/**
 * The gate for `token`. Comparing SHA-256 digests of both sides with `timingSafeEqual` takes the same time whatever
 * the presented token is (its length included), so timing tells an attacker nothing; a missing and a wrong token get
 * the same 401.
 * @example
 * ```ts
 * import type { IncomingMessage, ServerResponse } from "node:http"
 * declare const req: IncomingMessage
 * declare const res: ServerResponse
 * const auth = makeAdminAuth(process.env.AIRLOCK_ADMIN_TOKEN!)
 * const verdict = auth(req.headers)
 * if (!verdict.ok) res.writeHead(verdict.status, verdict.headers).end()
 * ```
 */
export const makeAdminAuth = (token: string): AdminAuth => {
  if (token.length === 0) throw new Error("The admin token must not be empty")
  const expected = digest(token)
  return (headers) => {
    if (headers.origin !== undefined)
      return {
        ok: false,
        status: 403,
        message: "Forbidden: admin routes do not answer browser pages",
        headers: {}
      }
    const presented = bearer.exec(headers.authorization ?? "")?.[1] ?? ""
    // Both sides hashed: equal lengths for timingSafeEqual, and no early exit on a short or empty token.
    const match = timingSafeEqual(digest(presented), expected)
    if (match && presented !== "") return { ok: true }
    return {
      ok: false,
      status: 401,
      message: "Unauthorized: a valid admin token is required",
      headers: { "www-authenticate": 'Bearer realm="airlock-admin"' }
    }
  }
}
