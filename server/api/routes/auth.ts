/**
 * Sign-in with the wallet (SIWX), verified by the server: a nonce, authenticate with the signed message, the current
 * sessions, sign out (AppKit's ReownAuthentication route names). The checks are `airlock-kit/server`'s; the sessions
 * live in an HttpOnly, SameSite=Lax cookie (`airlock_session`) that holds the signed list of this browser's sessions,
 * one per address and chain, and the addresses it confirmed with a code (email capture, `./authEmail.ts`), so the
 * sandbox keeps no session table. docs/api-extensions.md describes the routes.
 */
import { randomBytes } from "node:crypto"
import { Schema } from "effect"
import { sameAddress } from "../../../core/rules/sameAddress.ts"
import { createNonceStore, type NonceStore, NonceStoreFullError } from "../../nonce.ts"
import type { SharedNonceStore } from "../../nonceRedis.ts"
import { readCookie, readSession, sessionCookie, signSession } from "../../session.ts"
import { type SiwxSession, verifySiwx } from "../../verify.ts"
import type { ApiApp, ApiRoute } from "../app.ts"
import { decodeBody, HttpError, json, type Reply } from "../router.ts"

/** The cookie that holds the browser's sessions. */
export const sessionCookieName = "airlock_session"
/** How long the cookie (and the signed list in it) lives: 7 days; each session also ends at its message's expiry. */
export const sessionCookieTtlMs = 7 * 24 * 60 * 60_000
/**
 * Most bytes of the `name=value` cookie pair: browsers drop a cookie over 4096, so the oldest sessions are left out
 * of the list until it fits (three sessions fit, a counterfactual smart account's being the largest).
 */
export const maxSessionCookieBytes = 4000

/** A session as the routes answer it. */
export const AuthSession = Schema.Struct({
  address: Schema.String,
  chainId: Schema.String,
  domain: Schema.String,
  uri: Schema.String,
  issuedAt: Schema.String,
  expirationTime: Schema.optionalKey(Schema.String),
  message: Schema.String,
  signature: Schema.String,
  /** The address the user confirmed with a code before signing in (email capture), when they did. */
  email: Schema.optionalKey(Schema.String)
})

/** The body of `POST /auth/v1/authenticate`. */
export const AuthenticateBody = Schema.Struct({ message: Schema.String, signature: Schema.String })
/** The body of `POST /auth/v1/sign-out`: which sessions to end (every one without a body). */
export const SignOutBody = Schema.Struct({
  address: Schema.optionalKey(Schema.String),
  chainId: Schema.optionalKey(Schema.String)
})

const NonceAnswer = Schema.Struct({ nonce: Schema.String })
const SessionAnswer = Schema.Struct({ session: AuthSession })
const SessionsAnswer = Schema.Struct({ sessions: Schema.Array(AuthSession) })

/** A session in the cookie: scoped to the project it was made for (one API host serves every project). */
interface StoredSession extends SiwxSession {
  readonly projectId: string
  readonly email?: string
}

/** An email address confirmed with a code for one account (CAIP-10) of one project (email capture). */
export interface CapturedEmail {
  readonly projectId: string
  readonly account: string
  readonly email: string
}

/** What the cookie holds: the browser's sessions and the addresses it confirmed. */
export interface AuthCookie {
  readonly sessions: ReadonlyArray<StoredSession>
  readonly emails: ReadonlyArray<CapturedEmail>
}

/** Confirmed addresses the cookie keeps, newest last. */
export const maxCapturedEmails = 3

interface AuthState {
  /**
   * Signs this server's cookies: the configured `sessionSecret` (every instance the same, so a cookie one issued is
   * good at all), else new at each start, so a restart signs every browser out.
   */
  readonly secret: Uint8Array
  readonly nonces: Map<string, NonceStore>
}

const states = new WeakMap<ApiApp, AuthState>()
const stateOf = (app: ApiApp): AuthState => {
  let state = states.get(app)
  if (state === undefined) {
    const given = app.sessionSecret
    state = {
      secret:
        given === undefined ? randomBytes(32) : typeof given === "string" ? new TextEncoder().encode(given) : given,
      nonces: new Map()
    }
    states.set(app, state)
  }
  return state
}

const noncesOf = (app: ApiApp, projectId: string): NonceStore | SharedNonceStore => {
  if (app.sharedNonces !== undefined) return app.sharedNonces(projectId)
  const { nonces } = stateOf(app)
  let store = nonces.get(projectId)
  if (store === undefined) {
    store = createNonceStore({ now: app.now })
    nonces.set(projectId, store)
  }
  return store
}

/**
 * The chains a sign-in may name: the configured extra ones (the sandbox's chains, running or not), every served EVM
 * chain and the Solana chain.
 */
export const sandboxChains = (app: ApiApp): ReadonlyArray<string> => [
  ...new Set([
    ...(app.signInChains ?? []),
    ...app.chains.all.map((chain) => chain.caipNetworkId),
    ...(app.chains.solana === undefined ? [] : [app.chains.solana.caipNetworkId])
  ])
]

const isStoredSession = (value: unknown): value is StoredSession => {
  if (typeof value !== "object" || value === null) return false
  const entry = value as Record<string, unknown>
  const strings = ["projectId", "address", "chainId", "domain", "uri", "issuedAt", "message", "signature"]
  const optional = ["expirationTime", "email"]
  return (
    strings.every((key) => typeof entry[key] === "string") &&
    optional.every((key) => entry[key] === undefined || typeof entry[key] === "string")
  )
}

const isCapturedEmail = (value: unknown): value is CapturedEmail => {
  const entry = value as Record<string, unknown> | null
  return (
    typeof entry === "object" &&
    entry !== null &&
    typeof entry.projectId === "string" &&
    typeof entry.account === "string" &&
    typeof entry.email === "string"
  )
}

/**
 * What the request's cookie holds: its live sessions (all projects') and confirmed addresses; nothing for a missing,
 * forged or expired cookie.
 */
export const readAuthCookie = (app: ApiApp, headers: { readonly cookie?: string | undefined }): AuthCookie => {
  const now = app.now()
  const content = readSession<unknown>(
    stateOf(app).secret,
    readCookie(headers.cookie, sessionCookieName),
    new Date(now)
  )
  const { sessions, emails } = (typeof content === "object" && content !== null ? content : {}) as Record<
    string,
    unknown
  >
  return {
    sessions: (Array.isArray(sessions) ? sessions : [])
      .filter(isStoredSession)
      .filter((s) => s.expirationTime === undefined || Date.parse(s.expirationTime) > now),
    emails: (Array.isArray(emails) ? emails : []).filter(isCapturedEmail).slice(-maxCapturedEmails)
  }
}

const publicSession = ({ projectId: _projectId, ...session }: StoredSession): SiwxSession & { email?: string } =>
  session

/** Whether a CAIP-10 account names `address` on `chainId`. */
export const isAccountOf = (account: string, chainId: string, address: string): boolean =>
  account.startsWith(`${chainId}:`) && sameAddress(account.slice(chainId.length + 1), address)

/**
 * The `set-cookie` header holding `content`, its oldest sessions left out until the cookie fits a browser's limit
 * (then its oldest addresses).
 */
export const authCookieHeader = (app: ApiApp, content: AuthCookie): Record<string, string> => {
  const { secret } = stateOf(app)
  const now = new Date(app.now())
  let { sessions, emails } = content
  emails = emails.slice(-maxCapturedEmails)
  for (;;) {
    const empty = sessions.length === 0 && emails.length === 0
    const token = signSession(secret, { sessions, emails }, sessionCookieTtlMs, now)
    const maxAge = empty ? 0 : sessionCookieTtlMs / 1000
    const pair = `${sessionCookieName}=${token}`
    if (Buffer.byteLength(pair) <= maxSessionCookieBytes || empty)
      // Plain http: the sandbox serves 127.0.0.1 without TLS.
      return { "set-cookie": sessionCookie(sessionCookieName, token, { maxAge, secure: false }) }
    if (sessions.length > 0) sessions = sessions.slice(1)
    else emails = emails.slice(1)
  }
}

export const withCookie = (reply: Reply, headers: Record<string, string>): Reply => ({ ...reply, headers })

/** The auth routes. */
export const authRoutes: ReadonlyArray<ApiRoute> = [
  {
    method: "GET",
    path: "/auth/v1/nonce",
    credentials: true,
    handle: async ({ app, project }) => {
      try {
        return json(NonceAnswer, { nonce: await noncesOf(app, project.id).issue() })
      } catch (error) {
        if (error instanceof NonceStoreFullError) throw new HttpError(503, "Too many sign-ins in progress; try again")
        if (app.sharedNonces !== undefined) throw new HttpError(503, "Sign-in is unavailable for a moment; try again")
        throw error
      }
    }
  },
  {
    method: "POST",
    path: "/auth/v1/authenticate",
    credentials: true,
    maxBodyBytes: 32_000,
    handle: async ({ app, project, body, headers }) => {
      const { message, signature } = decodeBody(AuthenticateBody, body)
      // The page's own origin, which the project allows (checked before the route runs): the message must name it.
      const origin = typeof headers.origin === "string" ? headers.origin : undefined
      if (origin === undefined) throw new HttpError(403, "Unauthorized: sign-in needs the page's Origin header")
      const result = await verifySiwx({
        message,
        signature,
        expected: { origins: [origin], chains: sandboxChains(app) },
        consumeNonce: (nonce) => noncesOf(app, project.id).consume(nonce),
        now: new Date(app.now()),
        client: (chainId) => app.chains.all.find((chain) => chain.caipNetworkId === chainId)?.client
      })
      if (!result.ok) return { kind: "json", status: 401, body: { message: result.reason } }
      const cookie = readAuthCookie(app, headers)
      // The address this browser confirmed for the account (email capture) becomes part of the session.
      const captured = cookie.emails.findLast(
        (e) => e.projectId === project.id && isAccountOf(e.account, result.session.chainId, result.session.address)
      )
      const session = { ...result.session, ...(captured === undefined ? {} : { email: captured.email }) }
      const others = cookie.sessions.filter(
        (s) => !(s.projectId === project.id && s.chainId === session.chainId && sameAddress(s.address, session.address))
      )
      return withCookie(
        json(SessionAnswer, { session }),
        authCookieHeader(app, { sessions: [...others, { ...session, projectId: project.id }], emails: cookie.emails })
      )
    }
  },
  {
    method: "GET",
    path: "/auth/v1/me",
    credentials: true,
    handle: ({ app, project, headers }) =>
      json(SessionsAnswer, {
        sessions: readAuthCookie(app, headers)
          .sessions.filter((s) => s.projectId === project.id)
          .map(publicSession)
      })
  },
  {
    method: "POST",
    path: "/auth/v1/sign-out",
    credentials: true,
    maxBodyBytes: 4_000,
    handle: ({ app, project, body, headers }) => {
      const which = body === undefined ? {} : decodeBody(SignOutBody, body)
      const ends = (s: StoredSession) =>
        s.projectId === project.id &&
        (which.address === undefined || sameAddress(s.address, which.address)) &&
        (which.chainId === undefined || s.chainId === which.chainId)
      const cookie = readAuthCookie(app, headers)
      const kept = cookie.sessions.filter((s) => !ends(s))
      const sessions = kept.filter((s) => s.projectId === project.id).map(publicSession)
      return withCookie(
        json(SessionsAnswer, { sessions }),
        authCookieHeader(app, { sessions: kept, emails: cookie.emails })
      )
    }
  }
]
