/**
 * Sign-in with the wallet (SIWX), verified by the server: a nonce, authenticate with the signed message, the current
 * sessions, sign out (AppKit's ReownAuthentication route names). The checks are `airlock-kit/server`'s; the sessions
 * live in an HttpOnly, SameSite=Lax cookie (`airlock_session`) that holds the signed list of this browser's sessions,
 * one per address and chain, so the sandbox keeps no session table. docs/api-extensions.md describes the routes.
 */
import { randomBytes } from "node:crypto"
import { Schema } from "effect"
import { solanaLocalnet } from "../../../core/networks/solana.ts"
import { createNonceStore, type NonceStore, NonceStoreFullError } from "../../../server/nonce.ts"
import { readCookie, readSession, sessionCookie, signSession } from "../../../server/session.ts"
import { type SiwxSession, verifySiwx } from "../../../server/verify.ts"
import { defaultChains } from "../../chain/index.ts"
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
  signature: Schema.String
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
}

interface AuthState {
  /** Signs this server's cookies; new at each start, so a restart signs every browser out. */
  readonly secret: Uint8Array
  readonly nonces: Map<string, NonceStore>
}

const states = new WeakMap<ApiApp, AuthState>()
const stateOf = (app: ApiApp): AuthState => {
  let state = states.get(app)
  if (state === undefined) {
    state = { secret: randomBytes(32), nonces: new Map() }
    states.set(app, state)
  }
  return state
}

const noncesOf = (app: ApiApp, projectId: string): NonceStore => {
  const { nonces } = stateOf(app)
  let store = nonces.get(projectId)
  if (store === undefined) {
    store = createNonceStore({ now: app.now })
    nonces.set(projectId, store)
  }
  return store
}

/** The chains a sign-in may name: the sandbox's EVM chains (running or not) and its Solana chain. */
const sandboxChains = (app: ApiApp): ReadonlyArray<string> => [
  ...new Set([
    ...defaultChains.map((chain) => `eip155:${chain.chainId}`),
    ...app.chains.all.map((chain) => chain.caipNetworkId),
    app.chains.solana?.caipNetworkId ?? `solana:${solanaLocalnet.id}`
  ])
]

const isStoredSession = (value: unknown): value is StoredSession => {
  if (typeof value !== "object" || value === null) return false
  const entry = value as Record<string, unknown>
  const strings = ["projectId", "address", "chainId", "domain", "uri", "issuedAt", "message", "signature"]
  return (
    strings.every((key) => typeof entry[key] === "string") &&
    (entry.expirationTime === undefined || typeof entry.expirationTime === "string")
  )
}

/** Every live session the request's cookie holds (all projects'); none for a missing, forged or expired cookie. */
const cookieSessions = (app: ApiApp, headers: { readonly cookie?: string | undefined }): StoredSession[] => {
  const now = app.now()
  const list = readSession<unknown>(stateOf(app).secret, readCookie(headers.cookie, sessionCookieName), new Date(now))
  if (!Array.isArray(list)) return []
  return list
    .filter(isStoredSession)
    .filter((s) => s.expirationTime === undefined || Date.parse(s.expirationTime) > now)
}

const publicSession = ({ projectId: _projectId, ...session }: StoredSession): SiwxSession => session

const sameAddress = (a: string, b: string): boolean =>
  a === b || (a.startsWith("0x") && b.startsWith("0x") && a.toLowerCase() === b.toLowerCase())

/** The `set-cookie` header holding `list`, its oldest sessions left out until the cookie fits a browser's limit. */
const cookieHeader = (app: ApiApp, list: ReadonlyArray<StoredSession>): Record<string, string> => {
  const { secret } = stateOf(app)
  const now = new Date(app.now())
  let kept = list
  for (;;) {
    const token = signSession(secret, kept, sessionCookieTtlMs, now)
    const maxAge = kept.length === 0 ? 0 : sessionCookieTtlMs / 1000
    const pair = `${sessionCookieName}=${token}`
    if (Buffer.byteLength(pair) <= maxSessionCookieBytes || kept.length === 0)
      // Plain http: the sandbox serves 127.0.0.1 without TLS.
      return { "set-cookie": sessionCookie(sessionCookieName, token, { maxAge, secure: false }) }
    kept = kept.slice(1)
  }
}

const withCookie = (reply: Reply, headers: Record<string, string>): Reply => ({ ...reply, headers })

/** The auth routes. */
export const authRoutes: ReadonlyArray<ApiRoute> = [
  {
    method: "GET",
    path: "/auth/v1/nonce",
    credentials: true,
    handle: ({ app, project }) => {
      try {
        return json(NonceAnswer, { nonce: noncesOf(app, project.id).issue() })
      } catch (error) {
        if (error instanceof NonceStoreFullError) throw new HttpError(503, "Too many sign-ins in progress; try again")
        throw error
      }
    }
  },
  {
    method: "POST",
    path: "/auth/v1/authenticate",
    credentials: true,
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
      const { session } = result
      const others = cookieSessions(app, headers).filter(
        (s) => !(s.projectId === project.id && s.chainId === session.chainId && sameAddress(s.address, session.address))
      )
      return withCookie(
        json(SessionAnswer, { session }),
        cookieHeader(app, [...others, { ...session, projectId: project.id }])
      )
    }
  },
  {
    method: "GET",
    path: "/auth/v1/me",
    credentials: true,
    handle: ({ app, project, headers }) =>
      json(SessionsAnswer, {
        sessions: cookieSessions(app, headers)
          .filter((s) => s.projectId === project.id)
          .map(publicSession)
      })
  },
  {
    method: "POST",
    path: "/auth/v1/sign-out",
    credentials: true,
    handle: ({ app, project, body, headers }) => {
      const which = body === undefined ? {} : decodeBody(SignOutBody, body)
      const ends = (s: StoredSession) =>
        s.projectId === project.id &&
        (which.address === undefined || sameAddress(s.address, which.address)) &&
        (which.chainId === undefined || s.chainId === which.chainId)
      const kept = cookieSessions(app, headers).filter((s) => !ends(s))
      const sessions = kept.filter((s) => s.projectId === project.id).map(publicSession)
      return withCookie(json(SessionsAnswer, { sessions }), cookieHeader(app, kept))
    }
  }
]
