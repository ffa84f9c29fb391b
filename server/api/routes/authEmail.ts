/**
 * Email capture for sign-in with the wallet (SPEC §4, DataCapture): `POST /auth/v1/otp` mails a 6-digit code for an
 * account to an address (through the sandbox's mailbox), `POST /auth/v1/otp/confirm` checks it. A confirmed address
 * goes into the browser's auth cookie, bound to the project and the account (CAIP-10); the next sign-in of that
 * account puts it in the session (`./auth.ts`). docs/api-extensions.md describes the routes.
 */
import { Schema } from "effect"
import { isEmail } from "../../../core/schema/checks.ts"
import { EmailCodeError } from "../../emailCodes.ts"
import { createKvEmailCodeStore, type SharedEmailCodeStore } from "../../shared/emailCodes.ts"
import { createMemoryKv, type Kv, KvError } from "../../shared/kv.ts"
import type { ApiApp, ApiRoute } from "../app.ts"
import { decodeBody, HttpError, json } from "../router.ts"
import { authCookieHeader, isAccountOf, readAuthCookie, sandboxChains, withCookie } from "./auth.ts"

/** The longest address accepted (RFC 5321's path limit). */
const maxEmailLength = 254
/** A CAIP-10 account: `namespace:reference:address`, the address at most 128 characters. */
const accountPattern = /^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/

/** The body of `POST /auth/v1/otp`. */
export const OtpBody = Schema.Struct({ email: Schema.String, account: Schema.String })
/** The body of `POST /auth/v1/otp/confirm`. */
export const OtpConfirmBody = Schema.Struct({ uuid: Schema.String, code: Schema.String })

const OtpAnswer = Schema.Struct({ uuid: Schema.NullOr(Schema.String) })
const ConfirmAnswer = Schema.Struct({ email: Schema.String })

/**
 * Each project's codes (`airlock-kit/server`'s rules: 10 minutes, 5 tries, 20 s between two codes to one address) on
 * the app's shared store, so a code one instance mailed is confirmed at any; a memory store per app without one.
 */
const memoryKvs = new WeakMap<ApiApp, Kv>()
const codesOf = (app: ApiApp, projectId: string): SharedEmailCodeStore => {
  let kv = app.kv ?? memoryKvs.get(app)
  if (kv === undefined) {
    kv = createMemoryKv({ now: app.now })
    memoryKvs.set(app, kv)
  }
  return createKvEmailCodeStore({ kv, prefix: `api:email-codes:${projectId}`, now: app.now })
}

/** Runs `body`, answering the store's refusals: a 429 to wait, a 400 otherwise, in the store's words. */
const answering = async <A>(body: () => Promise<A>): Promise<A> => {
  try {
    return await body()
  } catch (error) {
    if (error instanceof EmailCodeError)
      throw new HttpError(error.reason === "cooldown" || error.reason === "full" ? 429 : 400, error.message)
    if (error instanceof KvError) throw new HttpError(503, "Email codes are unavailable for a moment: try again")
    throw error
  }
}

const sameEmail = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()

/** The email-capture routes. */
export const authEmailRoutes: ReadonlyArray<ApiRoute> = [
  {
    method: "POST",
    path: "/auth/v1/otp",
    credentials: true,
    maxBodyBytes: 4_000,
    handle: async ({ app, project, body, headers }) => {
      const { email: typed, account } = decodeBody(OtpBody, body)
      const email = typed.trim()
      if (email.length > maxEmailLength || !isEmail(email)) throw new HttpError(400, "Invalid email address")
      const match = accountPattern.exec(account)
      if (match === null) throw new HttpError(400, "Invalid account: expected a CAIP-10 address")
      if (!sandboxChains(app).includes(match[1]!)) throw new HttpError(400, `Unsupported chain: ${match[1]}`)
      const mail = app.mail
      if (mail === undefined) throw new HttpError(503, "Email is not available on this server")
      // This browser already confirmed the address for the account: no code needed.
      const confirmed = readAuthCookie(app, headers).emails.some(
        (e) => e.projectId === project.id && isAccountOf(e.account, match[1]!, match[2]!) && sameEmail(e.email, email)
      )
      if (confirmed) return json(OtpAnswer, { uuid: null })
      const site = typeof headers.origin === "string" ? headers.origin : project.id
      const { uuid, code } = await answering(() => codesOf(app, project.id).issue(email, account))
      await mail({
        to: email,
        subject: `${code} is your sign-in code`,
        body: `Your code to confirm this address for ${site} is ${code}. It expires in 10 minutes and works once.`,
        code
      })
      return json(OtpAnswer, { uuid })
    }
  },
  {
    method: "POST",
    path: "/auth/v1/otp/confirm",
    credentials: true,
    maxBodyBytes: 4_000,
    handle: async ({ app, project, body, headers }) => {
      const { uuid, code } = decodeBody(OtpConfirmBody, body)
      const entry = await answering(() => codesOf(app, project.id).confirm(uuid, code))
      const cookie = readAuthCookie(app, headers)
      const emails = [
        ...cookie.emails.filter((e) => !(e.projectId === project.id && e.account === entry.account)),
        { projectId: project.id, account: entry.account, email: entry.email }
      ]
      return withCookie(
        json(ConfirmAnswer, { email: entry.email }),
        authCookieHeader(app, { sessions: cookie.sessions, emails })
      )
    }
  }
]
