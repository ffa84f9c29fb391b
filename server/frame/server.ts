/**
 * The embedded wallet's secure site on its own loopback port, so the frame is truly cross-origin to the app: the frame
 * page (`/sdk`) and its JSON routes (`/api/*`, same-origin only), the local mailbox, and the social and Farcaster
 * stand-ins. Keys, codes and session tokens stay between this server and its own frame page.
 *
 * Run with the rest of the sandbox: `startSandbox()` or `npm start` (port `AIRLOCK_FRAME_PORT`, 4410).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { join } from "node:path"
import { Schema } from "effect"
import { type Address, createPublicClient, http, isAddressEqual } from "viem"
import type { ApiDb } from "../api/db.ts"
import { originAllowed, type Projects } from "../api/projects.ts"
import { listenLocal } from "../http/listen.ts"
import { type Kv, KvError } from "../shared/kv.ts"
import { openSql, type Sql } from "../store/sql.ts"
import {
  ConnectEmailBody,
  FarcasterConnectBody,
  FarcasterStartBody,
  type FrameAccount,
  type FrameConfig,
  type FrameLogin,
  OtpBody,
  PreferredBody,
  SmartSessionSyncBody,
  SocialConnectBody,
  SocialStartBody,
  UpdateEmailBody,
  UpdateOtpBody,
  WaitDeviceBody
} from "./api.ts"
import {
  type Auth,
  type FrameBinding,
  type FrameLimits,
  type FrameSocialProvider,
  frameSocialProviders,
  type LoginResult,
  makeAuth
} from "./auth.ts"
import { bundleFrameScripts, type FrameScripts } from "./build.ts"
import { FrameHttpError } from "./codes.ts"
import { accountAbi } from "./contracts.ts"
import { type FrameChain, type FrameFunding, smartAccountAddress } from "./funding.ts"
import { readPci } from "./page/sessions.ts"
import { callbackPage, consentPage, farcasterPage, frameCss, mailboxPage, messagePage, sdkPage } from "./pages.ts"
import { type FrameStore, type FrameUserRow, openFrameStore } from "./store.ts"

/** Options of {@link startFrame}. */
export interface StartFrameOptions {
  /** Port on 127.0.0.1; 0 picks a free one. @default 0 */
  readonly port?: number
  /** Where the site keeps its PGlite database (`${dataDir}/frame-pg`) when no `sql` is given. */
  readonly dataDir: string
  /**
   * The database (users, keys, sessions, mailbox): the one the API uses, so one PGlite folder has one owner. `stop()`
   * leaves it open. Without it the site opens its own PGlite in `${dataDir}/frame-pg` and closes it on stop.
   */
  readonly sql?: Sql | undefined
  /**
   * The 32-byte key users' EOA keys are encrypted with at rest (64 hex characters or base64):
   * `AIRLOCK_KEY_ENCRYPTION_KEY` in a deployment; the sandbox passes `developmentKeyEncryptionKey`.
   */
  readonly keyEncryptionKey: string
  /** The API's projects: which origins may embed the frame. */
  readonly projects: Pick<Projects, "get">
  /** The EVM chains the frame reaches (smart accounts where a chain names its factory). @default [] */
  readonly chains?: ReadonlyArray<FrameChain>
  /**
   * Runs at each login before it answers, with the user's EVM address: the sandbox funds new users on its local
   * chains (`sandbox/chain/funding.ts`). @default none
   */
  readonly funding?: FrameFunding | undefined
  /** The server's clock, unix ms (codes expire by it). @default Date.now */
  readonly now?: () => number
  /** How long a long-poll waits before it answers "pending", in ms. @default 25000 */
  readonly longPollMs?: number
  /** The limits on starting sign-ins and answering codes (per email, per client IP). @default defaultFrameLimits */
  readonly limits?: Partial<FrameLimits>
  /**
   * The secure site's origin as browsers reach it (`https://wallet.example.com` behind a TLS proxy). Its JSON routes
   * answer only calls whose `Origin` is this one, which is what binds sessions to the secure origin; mails and
   * redirects link to it. @default `http://127.0.0.1:<port>`
   */
  readonly publicOrigin?: string | undefined
  /**
   * Where pending logins (codes and their tries, social and Farcaster steps) live and long-polls are woken: give every
   * instance behind a load balancer the same shared store (`createRedisKv`). The caller closes it. @default memory
   */
  readonly kv?: Kv | undefined
  /** Interface to listen on. @default "127.0.0.1" */
  readonly host?: string | undefined
  /**
   * The sandbox's stand-in pages: the mailbox (`/`, `/mailbox`, `/mailbox/messages`), the social consent pages and
   * the Farcaster approval page, where anyone signs in as anyone. The production server turns them off: social and
   * Farcaster starts then answer 404, and codes go out through `mail`. @default true
   */
  readonly sandboxPages?: boolean | undefined
  /** Delivers login codes by email; without it they go to the mailbox (sandbox). */
  readonly mail?:
    | ((mail: { readonly to: string; readonly subject: string; readonly body: string }) => Promise<void>)
    | undefined
  /**
   * The API's smart-session store (`api.db.sessions`): a session the frame grants or revokes on chain is recorded
   * there, so `GET /v1/sessions/{address}` lists it. Without it the frame still grants on chain, and records nothing.
   */
  readonly smartSessions?: Pick<ApiDb["sessions"], "get" | "put" | "revoke"> | undefined
}

/**
 * The headers every `POST /api/*` call of the frame page carries: the project it was loaded for and the embedding
 * app's origin it established (the origin it accepts messages from, checked against the project's allowed origins).
 * A login is bound to both; a call under another pair finds no session.
 */
export const bindingHeaders = { projectId: "x-airlock-project-id", appOrigin: "x-airlock-app-origin" } as const

/**
 * Refuses a `publicOrigin` that is not a bare origin (scheme, host and port only, as `URL.origin` spells it), or
 * that is plain http anywhere but loopback: browsers would not treat such a site as secure.
 * @example
 * ```ts
 * checkPublicOrigin("https://wallet.example.com") // ok; "https://wallet.example.com/" throws
 * ```
 */
export const checkPublicOrigin = (value: string): void => {
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {}
  if (url === undefined || url.origin !== value)
    throw new Error(`publicOrigin must be a bare origin such as https://wallet.example.com, got ${value.slice(0, 100)}`)
  if (url.protocol !== "https:" && !["127.0.0.1", "localhost", "[::1]"].includes(url.hostname))
    throw new Error(`publicOrigin must use https outside loopback, got ${value.slice(0, 100)}`)
}

/** A running secure site. */
export interface FrameServer {
  /** `http://127.0.0.1:PORT`, no trailing slash: the app's `endpoints.frame`. */
  readonly url: string
  readonly port: number
  /** The store, for tests that look underneath (a user's key, the mailbox). */
  readonly store: FrameStore
  readonly auth: Auth
  /** Closes the server (dropping open connections and long-polls) and the store. Safe to call twice. */
  readonly stop: () => Promise<void>
}

/** Largest JSON or form body accepted, in bytes. */
export const maxFrameBodyBytes = 64 * 1024

// A CSP source expression can say a scheme, a host with a leading `*.` and a port or `:*`; an allowed-origin pattern
// with a `*` elsewhere (`preview-*.example.com`) has no CSP form and is left out of frame-ancestors.
const cspSource =
  /^(?:https?:\/\/)?(?:\*\.)?(?:[a-z0-9-]+\.)*[a-z0-9-]+(?::(?:\d{1,5}|\*))?$|^(?:https?:\/\/)?\[[0-9a-f:.]+\](?::(?:\d{1,5}|\*))?$/i

/**
 * The `frame-ancestors` sources for a project's allowed origins; `'none'` when none can be said in CSP.
 * @example
 * ```ts
 * frameAncestors(["http://localhost:*", "https://preview-*.example.com"]) // "http://localhost:*"
 * ```
 */
export const frameAncestors = (patterns: ReadonlyArray<string>): string => {
  const sources = patterns.map((pattern) => pattern.trim()).filter((pattern) => cspSource.test(pattern))
  return sources.length === 0 ? "'none'" : sources.join(" ")
}

const pageCsp = (ancestors: string) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    // the frame reaches the local chains' RPC (the app's rpcUrl) besides its own routes
    "connect-src 'self' http://127.0.0.1:* http://localhost:*",
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${ancestors}`
  ].join("; ")

const baseHeaders = {
  "x-content-type-options": "nosniff",
  "cache-control": "no-store",
  // "same-origin", not "no-referrer": under no-referrer a browser sends `Origin: null` with the pages' own form posts,
  // which the same-origin check must be able to tell apart from a foreign page's
  "referrer-policy": "same-origin"
}

const sendHtml = (res: ServerResponse, status: number, html: string, ancestors = "'none'"): void =>
  void res
    .writeHead(status, {
      ...baseHeaders,
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": pageCsp(ancestors)
    })
    .end(html)

const sendJson = (res: ServerResponse, status: number, body: unknown): void =>
  void res
    .writeHead(status, { ...baseHeaders, "content-type": "application/json; charset=utf-8" })
    .end(JSON.stringify(body))

const sendText = (res: ServerResponse, status: number, type: string, body: string): void =>
  void res.writeHead(status, { ...baseHeaders, "content-type": type }).end(body)

const readRaw = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    let size = 0
    let refused = false
    req.on("data", (chunk: Buffer) => {
      if (refused) return
      size += chunk.length
      if (size > maxFrameBodyBytes) {
        refused = true
        reject(new FrameHttpError(413, `Body too large: at most ${maxFrameBodyBytes} bytes`))
        return
      }
      chunks.push(chunk)
    })
    req.on("error", reject)
    req.on("end", () => {
      if (!refused) resolve(Buffer.concat(chunks).toString("utf8"))
    })
  })

const mediaType = (req: IncomingMessage) => req.headers["content-type"]?.split(";")[0]?.trim().toLowerCase()

const readJson = async <S extends Schema.Top & { readonly DecodingServices: never }>(
  req: IncomingMessage,
  schema: S
): Promise<S["Type"]> => {
  // Only JSON: a text/plain or form POST is one any page may send cross-site without asking first.
  if (mediaType(req) !== "application/json")
    throw new FrameHttpError(415, "Unsupported content type: send the body as application/json")
  const text = await readRaw(req)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new FrameHttpError(400, "Invalid JSON body")
  }
  const decoded = Schema.decodeUnknownResult(schema)(parsed)
  if (decoded._tag === "Failure") throw new FrameHttpError(400, `Invalid body: ${decoded.failure.message}`)
  return decoded.success
}

const readForm = async (req: IncomingMessage): Promise<URLSearchParams> => {
  if (mediaType(req) !== "application/x-www-form-urlencoded") throw new FrameHttpError(415, "Expected a form")
  return new URLSearchParams(await readRaw(req))
}

const bearer = (req: IncomingMessage): string | undefined => {
  const header = req.headers.authorization
  if (header === undefined || !header.startsWith("Bearer ")) return undefined
  return header.slice("Bearer ".length).trim()
}

const account = (user: FrameUserRow): FrameAccount => ({
  email: user.email,
  username: user.username,
  provider: user.provider,
  address: user.address,
  preferredAccountType: user.preferredAccountType
})

const login = (result: LoginResult): FrameLogin => ({ token: result.token, account: account(result.user) })

const isProvider = (value: string): value is FrameSocialProvider =>
  (frameSocialProviders as ReadonlyArray<string>).includes(value)

/**
 * Starts the secure site on 127.0.0.1.
 * @example
 * ```ts
 * const api = await startApi({ dataDir })
 * const frame = await startFrame({ dataDir, projects: api.projects, chains: [{ chainId: 1, rpcUrl }] })
 * console.log(`${frame.url}/sdk?projectId=airlock-demo`)
 * await frame.stop()
 * ```
 */
export const startFrame = async (options: StartFrameOptions): Promise<FrameServer> => {
  if (options.publicOrigin !== undefined) checkPublicOrigin(options.publicOrigin)
  const scripts: FrameScripts = await bundleFrameScripts()
  const sql = options.sql ?? (await openSql({ dataDir: join(options.dataDir, "frame-pg") }))
  const closeSql = options.sql === undefined ? () => sql.close() : async () => {}
  let store: FrameStore
  try {
    store = await openFrameStore(sql, { keyEncryptionKey: options.keyEncryptionKey })
  } catch (error) {
    await closeSql()
    throw error
  }
  const now = options.now ?? Date.now
  const chains = options.chains ?? []
  const funding = options.funding
  let origin = ""
  const auth = makeAuth({
    store,
    now,
    origin: () => origin,
    ...(funding === undefined ? {} : { onLogin: (user: FrameUserRow) => funding(user.address) }),
    ...(options.longPollMs === undefined ? {} : { longPollMs: options.longPollMs }),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    ...(options.kv === undefined ? {} : { kv: options.kv }),
    ...(options.mail === undefined ? {} : { mail: options.mail })
  })
  const sandboxPages = options.sandboxPages ?? true
  const standInsOff = () => new FrameHttpError(404, "This sign-in method is not offered by this server")
  const factories = chains.flatMap((chain) => (chain.accountFactory === undefined ? [] : [chain.accountFactory]))
  const accountFactory: Address | null = factories[0] ?? null

  const allowedOrigins = (projectId: string | null): ReadonlyArray<string> | undefined => {
    if (projectId === null || projectId === "") return undefined
    const project = options.projects.get(projectId)
    return project === undefined || project.mode !== "ok" ? undefined : project.allowedOrigins
  }

  /** Pages and routes of this site answer only their own pages (or callers without an Origin, such as Node). */
  const checkSameOrigin = (req: IncomingMessage) => {
    const from = req.headers.origin
    if (from !== undefined && from !== origin) throw new FrameHttpError(403, "Forbidden: same-origin only")
  }

  /**
   * The JSON routes that log in, sign out or hand out the key answer the frame page only: a browser always sends
   * `Origin` with a POST, so a call without one (or with another) is not the frame's.
   */
  const checkFrameCall = (req: IncomingMessage) => {
    if (req.headers.origin !== origin) throw new FrameHttpError(403, "Forbidden: only the secure site's frame may call")
  }

  const header = (req: IncomingMessage, name: string): string => {
    const value = req.headers[name]
    return typeof value === "string" ? value : ""
  }

  /** The project and app origin a frame call states, refused unless the project allows that origin. */
  const bindingOf = (req: IncomingMessage): FrameBinding => {
    const projectId = header(req, bindingHeaders.projectId)
    const appOrigin = header(req, bindingHeaders.appOrigin)
    const allowed = allowedOrigins(projectId)
    let canonical: string | undefined
    try {
      canonical = new URL(appOrigin).origin
    } catch {}
    if (allowed === undefined || canonical !== appOrigin || !originAllowed(appOrigin, allowed))
      throw new FrameHttpError(403, "Unauthorized: origin not allowed")
    return { projectId, appOrigin }
  }

  /** The caller's IP address: what the per-client limits count (no forwarding header is trusted). */
  const clientOf = (req: IncomingMessage): string => req.socket.remoteAddress ?? "unknown"

  /** Answers a long-poll, letting it go when the caller does. */
  const untilClosed = (req: IncomingMessage, res: ServerResponse) => {
    const controller = new AbortController()
    res.on("close", () => controller.abort())
    req.on("aborted", () => controller.abort())
    return controller.signal
  }

  /**
   * Records what the chain says of a smart session of the signed-in user's smart account: active (stored with the
   * permissions asked for) or gone (revoked in the store). The chain is the truth: a session the account does not
   * hold is never listed as active.
   */
  const syncSmartSession = async (user: FrameUserRow, binding: FrameBinding, req: IncomingMessage) => {
    const body = await readJson(req, SmartSessionSyncBody)
    const ref = readPci(body.pci)
    const chain = ref === undefined ? undefined : chains.find((c) => c.chainId === ref.chainId)
    if (ref === undefined || chain?.accountFactory === undefined)
      throw new FrameHttpError(400, "Invalid pci: not a smart session of a local chain")
    if (!isAddressEqual(smartAccountAddress(chain.accountFactory, chain.accountCode, user.address), ref.account))
      throw new FrameHttpError(403, "Forbidden: the session's account is not this user's")
    const client = createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 0, timeout: 10_000 }) })
    const [expiry] = await client.readContract({
      address: ref.account,
      abi: accountAbi,
      functionName: "sessions",
      args: [ref.key]
    })
    const store = options.smartSessions
    const known = await store?.get(body.pci)
    const active = expiry > 0n
    if (active) {
      await store?.put({
        pci: body.pci,
        projectId: binding.projectId,
        address: ref.account.toLowerCase(),
        chainId: `eip155:${ref.chainId}`,
        createdAt: known?.createdAt ?? now(),
        expiry: Number(expiry),
        permissions: {
          permissions: body.permissions ?? [],
          policies: body.policies ?? [],
          context: body.pci
        },
        revokedAt: null
      })
    } else if (known !== undefined) await store?.revoke(body.pci, now())
    return { active }
  }

  const api = async (req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> => {
    checkSameOrigin(req)
    const token = bearer(req)
    if (req.method === "GET" && path === "/api/config") {
      const allowed = allowedOrigins(url.searchParams.get("projectId"))
      if (allowed === undefined) throw new FrameHttpError(403, "Unknown project")
      const config: FrameConfig = {
        allowedOrigins: allowed,
        chains: chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl })),
        smartAccountChains: chains.flatMap((chain) => (chain.accountFactory === undefined ? [] : [chain.chainId])),
        accountFactory
      }
      return sendJson(res, 200, config)
    }
    if (req.method !== "POST") throw new FrameHttpError(405, `Method ${req.method} not allowed`)
    checkFrameCall(req)
    const binding = bindingOf(req)
    switch (path) {
      case "/api/email/connect": {
        const body = await readJson(req, ConnectEmailBody)
        return sendJson(res, 200, await auth.connectEmail({ ...body, token, binding, client: clientOf(req) }))
      }
      case "/api/email/device": {
        const body = await readJson(req, WaitDeviceBody)
        return sendJson(res, 200, { approved: await auth.waitDevice(body.loginId, binding) })
      }
      case "/api/email/otp":
        return sendJson(
          res,
          200,
          login(await auth.verifyOtp({ ...(await readJson(req, OtpBody)), binding, client: clientOf(req) }))
        )
      case "/api/email/update": {
        const body = await readJson(req, UpdateEmailBody)
        return sendJson(res, 200, await auth.updateEmail(token, binding, body.email))
      }
      case "/api/email/update/primary":
        return sendJson(
          res,
          200,
          await auth.updateEmailPrimary(token, binding, {
            ...(await readJson(req, UpdateOtpBody)),
            client: clientOf(req)
          })
        )
      case "/api/email/update/secondary":
        return sendJson(
          res,
          200,
          await auth.updateEmailSecondary(token, binding, {
            ...(await readJson(req, UpdateOtpBody)),
            client: clientOf(req)
          })
        )
      case "/api/social/start": {
        if (!sandboxPages) throw standInsOff()
        const body = await readJson(req, SocialStartBody)
        if (body.projectId !== binding.projectId || body.appOrigin !== binding.appOrigin)
          throw new FrameHttpError(403, "Unauthorized: origin not allowed")
        const { uri } = await auth.socialStart({
          provider: body.provider,
          binding,
          appName: body.appName ?? body.appOrigin,
          client: clientOf(req)
        })
        return sendJson(res, 200, { uri })
      }
      case "/api/social/connect":
        return sendJson(
          res,
          200,
          login(await auth.socialConnect({ ...(await readJson(req, SocialConnectBody)), binding }))
        )
      case "/api/farcaster/start": {
        if (!sandboxPages) throw standInsOff()
        const body = await readJson(req, FarcasterStartBody)
        return sendJson(
          res,
          200,
          await auth.farcasterStart({ appName: body.appName ?? "the app", binding, client: clientOf(req) })
        )
      }
      case "/api/farcaster/connect": {
        const body = await readJson(req, FarcasterConnectBody)
        const result = await auth.farcasterWait(body.channel, body.deviceId, binding, untilClosed(req, res))
        return sendJson(res, 200, result === undefined ? { pending: true } : login(result))
      }
      case "/api/session":
        return sendJson(res, 200, account(await auth.session(token, binding)))
      case "/api/key":
        // The raw key goes to the frame page only: the secure origin, with a live session made for this binding.
        return sendJson(res, 200, { privateKey: await auth.key(token, binding) })
      case "/api/preferred": {
        const body = await readJson(req, PreferredBody)
        return sendJson(res, 200, account(await auth.setPreferred(token, binding, body.type)))
      }
      case "/api/signout":
        await auth.signOut(token, binding)
        return sendJson(res, 200, {})
      case "/api/smart-sessions":
        return sendJson(res, 200, await syncSmartSession(await auth.session(token, binding), binding, req))
      default:
        throw new FrameHttpError(404, `Not found: POST ${path}`)
    }
  }

  const pages = async (req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void> => {
    const method = req.method ?? "GET"
    if (method === "GET" || method === "HEAD") {
      if (path === "/sdk") {
        const allowed = allowedOrigins(url.searchParams.get("projectId"))
        if (allowed === undefined) return sendHtml(res, 403, messagePage("Unknown project", "Check the projectId."))
        return sendHtml(res, 200, sdkPage(), frameAncestors(allowed))
      }
      if (path === "/sdk.js") return sendText(res, 200, "text/javascript; charset=utf-8", scripts.sdk)
      if (path === "/social-callback.js") return sendText(res, 200, "text/javascript; charset=utf-8", scripts.callback)
      if (path === "/frame.css") return sendText(res, 200, "text/css; charset=utf-8", frameCss)
      if (!sandboxPages && /^\/(mailbox|oauth|farcaster|social\/callback)(\/|$)|^\/$/.test(path))
        throw new FrameHttpError(404, `Not found: ${method} ${path}`)
      if (path === "/" || path === "/mailbox") {
        const to = url.searchParams.get("to") ?? undefined
        return sendHtml(res, 200, mailboxPage(await store.mailbox.list(to), to))
      }
      if (path === "/mailbox/messages") {
        const to = url.searchParams.get("to")
        if (to === null || to === "") throw new FrameHttpError(400, "Missing query parameter 'to'")
        const messages = (await store.mailbox.list(to)).map((mail) => ({
          to: mail.to,
          subject: mail.subject,
          body: mail.body,
          code: mail.code,
          link: mail.link,
          time: new Date(mail.sentAt).toISOString()
        }))
        return sendJson(res, 200, { messages })
      }
      if (path === "/social/callback") {
        const state = await auth.socialState(url.searchParams.get("state") ?? "")
        return sendHtml(res, 200, callbackPage(state.appOrigin))
      }
      const authorize = /^\/oauth\/([a-z]+)\/authorize$/.exec(path)
      if (authorize !== null) {
        const provider = authorize[1] ?? ""
        const state = url.searchParams.get("state") ?? ""
        if (!isProvider(provider)) throw new FrameHttpError(404, `Unknown provider ${provider}`)
        const entry = await auth.socialState(state)
        if (entry.provider !== provider) throw new FrameHttpError(400, "This sign-in is for another provider")
        return sendHtml(res, 200, consentPage({ provider, appName: entry.appName, state }))
      }
      const farcaster = /^\/farcaster\/([A-Za-z0-9_-]{1,64})$/.exec(path)
      if (farcaster !== null) {
        const channel = farcaster[1] ?? ""
        const entry = await auth.farcasterChannel(channel)
        return sendHtml(res, 200, farcasterPage({ channel, appName: entry.appName }))
      }
    }
    if (method === "POST") {
      if (!sandboxPages && /^\/(oauth|farcaster)\//.test(path))
        throw new FrameHttpError(404, `Not found: ${method} ${path}`)
      const decide = /^\/oauth\/([a-z]+)\/decide$/.exec(path)
      if (decide !== null) {
        checkSameOrigin(req)
        const form = await readForm(req)
        const location = await auth.socialDecide({
          provider: decide[1] ?? "",
          state: form.get("state") ?? "",
          username: form.get("username") ?? "",
          allow: form.get("decision") === "allow"
        })
        return void res.writeHead(303, { ...baseHeaders, location }).end()
      }
      const approve = /^\/farcaster\/([A-Za-z0-9_-]{1,64})\/approve$/.exec(path)
      if (approve !== null) {
        checkSameOrigin(req)
        const form = await readForm(req)
        await auth.farcasterApprove(approve[1] ?? "", form.get("username") ?? "")
        return sendHtml(res, 200, messagePage("Signed in with Farcaster", "You can go back to the app."))
      }
    }
    throw new FrameHttpError(404, `Not found: ${method} ${path}`)
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let url: URL
    try {
      url = new URL(`http://127.0.0.1${req.url ?? "/"}`)
    } catch {
      return sendJson(res, 400, { message: "Malformed request URL" })
    }
    const path = url.pathname
    if (path.startsWith("/api/") || path === "/mailbox/messages") {
      try {
        return await (path === "/mailbox/messages" ? pages(req, res, path, url) : api(req, res, path, url))
      } catch (error) {
        if (error instanceof FrameHttpError) return sendJson(res, error.status, { message: error.message })
        // The shared store (Redis) is down or slow: a moment's outage, not the caller's fault.
        if (error instanceof KvError)
          return sendJson(res, 503, { message: "Sign-in is unavailable for a moment: try again" })
        throw error
      }
    }
    try {
      return await pages(req, res, path, url)
    } catch (error) {
      if (error instanceof FrameHttpError) {
        const title = error.status === 404 ? "Not found" : "Something went wrong"
        return sendHtml(res, error.status, messagePage(title, error.message))
      }
      throw error
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error("sandbox frame: unexpected error", error)
      if (!res.headersSent) sendJson(res, 500, { message: "Internal error" })
    })
  })
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n")
  })

  const listening = await listenLocal(server, options.port, options.host)
  origin = options.publicOrigin ?? `http://127.0.0.1:${listening.port}`
  let stopped: Promise<void> | undefined
  return {
    url: origin,
    port: listening.port,
    store,
    auth,
    stop: () => {
      stopped ??= (async () => {
        await auth.stop()
        await listening.stop()
        await closeSql()
      })()
      return stopped
    }
  }
}
