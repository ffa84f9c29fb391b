/**
 * The sandbox API server: the wallet API, blockchain API and analytics sink of SPEC §7 on 127.0.0.1, answered from the
 * local chains and a SQLite file, so Airlock runs and is tested with no hosted service.
 *
 * Run alone with fresh local chains: `npx node sandbox/api.ts [--port N]` (Ctrl-C stops).
 */

import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { join } from "node:path"
import type { Redis } from "ioredis"
import { listenLocal } from "../http/listen.ts"
import { entrySink } from "../http/log.ts"
import type { MetricsRegistry } from "../http/metrics.ts"
import { createRedisNonceStore } from "../nonceRedis.ts"
import type { SessionSecret } from "../session.ts"
import type { Kv } from "../shared/kv.ts"
import { openSql, type Sql } from "../store/sql.ts"
import type { ApiApp, ApiRoute, SandboxMail } from "./app.ts"
import { projectCors } from "./cors.ts"
import { type ApiDataOptions, makeApiData } from "./data.ts"
import { type ApiDb, openApiDb } from "./db.ts"
import { type ApiLimits, clientIp, makeApiLimits, RateLimitedError, type RateLimitOptions } from "./limits.ts"
import { type ApiOpsOptions, makeApiOps } from "./ops.ts"
import { connectRedis, corsHeaders, failure, readBody, send, timeLimited } from "./pipeline.ts"
import {
  isLoopbackOrigin,
  makeProjects,
  modeFailure,
  originAllowed,
  type ProjectSettings,
  type Projects
} from "./projects.ts"
import type { Registry } from "./registry.ts"
import { HttpError, makeRouter } from "./router.ts"
import { makeSandboxRegistry } from "./sandboxRegistry.ts"

export { maxBodyBytes } from "./pipeline.ts"

/** Options of {@link startApi}. */
export interface StartApiOptions extends ApiOpsOptions, ApiDataOptions {
  /** Port on 127.0.0.1; 0 picks a free one. @default 0 */
  readonly port?: number
  /** Interface to listen on. @default "127.0.0.1" (the production CLI takes `HOST`) */
  readonly host?: string | undefined
  /** The URL the outside world reaches the API at (links to its own images use it). @default http://127.0.0.1:PORT */
  readonly publicUrl?: string | undefined
  /** Projects created at start when missing. @default the sandbox's seeded projects */
  readonly seedProjects?: ReadonlyArray<ProjectSettings> | undefined
  /** Where the API keeps its PGlite database (`${dataDir}/pg`) when no `sql` is given; created if missing. */
  readonly dataDir: string
  /**
   * The database to use (a shared PGlite, or Postgres); `stop()` leaves it open. Without it the API opens PGlite in
   * `${dataDir}/pg` and closes it on stop.
   */
  readonly sql?: Sql | undefined
  /** Entries per history page. @default 20 */
  readonly historyPageSize?: number
  /** The server's clock, unix ms. @default Date.now */
  readonly now?: () => number
  /**
   * The wallet registry: the production server passes `makeRegistry()` (the shipped snapshot, docs/registry.md).
   * @default the sandbox's generated registry (`makeSandboxRegistry()`)
   */
  readonly registry?: Registry | undefined
  /** Routes added after the built-in ones (a later endpoint group, or a test's probe). @default [] */
  readonly extraRoutes?: ReadonlyArray<ApiRoute>
  /** Delivers the emails the API sends (sign-in's email-capture codes); without it those routes answer 503. */
  readonly mail?: ((mail: SandboxMail) => unknown) | undefined
  /**
   * Signs the SIWX session cookie (at least 32 bytes): give every instance behind a load balancer the same one, so a
   * cookie one issued is good at all. @default random per start (a restart signs every browser out)
   */
  readonly sessionSecret?: SessionSecret | undefined
  /** What instances share besides Redis counters: email-capture codes (`createRedisKv`). Not closed. @default memory */
  readonly kv?: Kv | undefined
  /**
   * Rate limits per client IP and per project (429 with `retry-after` past them); `false` turns them off.
   * @default defaultRateLimits (1200 per minute per IP, 60,000 per minute per project)
   */
  readonly rateLimits?: RateLimitOptions | false
  /** A Redis shared by every instance: rate-limit counters and sign-in nonces live there. Closed by `stop()`. */
  readonly redisUrl?: string | undefined
  /** The same as `redisUrl` with a client the caller owns (not closed by `stop()`). */
  readonly redis?: Redis | undefined
  /**
   * The client IP is the socket's peer; behind proxies, their number (`true` = 1): the IP is then read from the right
   * of `x-forwarded-for`. Trust it only when every request comes through them. @default false
   */
  readonly trustProxy?: boolean | number
  /** Longest a request may take before it is answered 503 "Request timed out" (its work abandoned). @default 15_000 */
  readonly requestTimeoutMs?: number
  /** Where unexpected errors (and Redis failures) are told, one object each. @default `logger` */
  readonly log?: ((entry: Record<string, unknown>) => void) | undefined
}

/** A running sandbox API. */
export interface ApiServer {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  readonly url: string
  readonly port: number
  readonly db: ApiDb
  readonly projects: Projects
  /** The wallet registry `/getWallets` serves (650 wallets, or the one given). */
  readonly registry: Registry
  /** The metrics registry the API counts into (`options.metrics`, or its own); the relay and frame may add gauges. */
  readonly metrics: MetricsRegistry
  /**
   * Drains the server (`/readyz` 503, no new connections, in-flight requests finish within `drainTimeoutMs`), then
   * closes Redis and the db. Safe to call twice.
   */
  readonly stop: () => Promise<void>
}

/** Applies the project gate: a known project id, its failure mode, and (for browser calls) its allowed origins. */
const authorize = async (app: ApiApp, query: URLSearchParams, origin: string | undefined) => {
  const projectId = query.get("projectId")
  if (projectId === null || projectId === "") throw new HttpError(400, "Missing query parameter 'projectId'")
  const project = await app.projects.get(projectId)
  if (project === undefined) throw new HttpError(403, modeFailure["invalid-key"].message)
  if (project.mode !== "ok") throw new HttpError(modeFailure[project.mode].status, modeFailure[project.mode].message)
  if (origin !== undefined && !originAllowed(origin, project.allowedOrigins))
    throw new HttpError(403, modeFailure["origin-not-allowed"].message)
  return project
}

/**
 * Starts the sandbox API on 127.0.0.1.
 * @example
 * ```ts
 * const api = await startApi({
 *   dataDir: "/tmp/airlock-api",
 *   chains: [{ caipNetworkId: "eip155:31337", rpcUrl: "http://127.0.0.1:8545" }]
 * })
 * await fetch(`${api.url}/getAnalyticsConfig?projectId=airlock-demo`)
 * await api.stop()
 * ```
 */
export const startApi = async (options: StartApiOptions): Promise<ApiServer> => {
  const secret = options.sessionSecret
  if (secret !== undefined && (typeof secret === "string" ? Buffer.byteLength(secret) : secret.byteLength) < 32)
    throw new RangeError("startApi: sessionSecret must be at least 32 bytes")
  const sql = options.sql ?? (await openSql({ dataDir: join(options.dataDir, "pg") }))
  const closeSql = options.sql === undefined ? () => sql.close() : async () => {}
  let db: ApiDb
  let projects: Projects
  try {
    db = await openApiDb(sql)
    projects = await makeProjects(db, options.now ?? Date.now, {
      ...(options.seedProjects === undefined ? {} : { seed: options.seedProjects })
    })
  } catch (error) {
    await closeSql()
    throw error
  }
  const now = options.now ?? Date.now
  const data = makeApiData(options)
  let baseUrl = ""
  const ownRedis = options.redis === undefined && options.redisUrl !== undefined
  // Set once the logger exists; connection errors before that reject `connectRedis` itself.
  let onRedisError = (_error: Error) => {}
  const redis =
    options.redis ??
    (options.redisUrl === undefined
      ? undefined
      : await connectRedis(options.redisUrl, (error) => onRedisError(error)).catch(async (error: unknown) => {
          await closeSql()
          throw error
        }))
  const app: ApiApp = {
    db,
    projects,
    registry: options.registry ?? makeSandboxRegistry(),
    chains: data.chains,
    history: data.history,
    prices: data.prices,
    identities: data.identities,
    signInChains: data.signInChains,
    onramp: data.onramp,
    now,
    baseUrl: () => baseUrl,
    historyPageSize: options.historyPageSize ?? 20,
    mail: options.mail,
    sessionSecret: options.sessionSecret,
    kv: options.kv,
    sharedNonces:
      redis === undefined
        ? undefined
        : (projectId) => createRedisNonceStore({ redis, key: `airlock:nonces:${projectId}`, now })
  }
  const ops = makeApiOps(options, [
    { name: "db", check: () => sql.query("SELECT 1") },
    ...(redis === undefined ? [] : [{ name: "redis", check: () => redis.ping() }])
  ])
  const router = makeRouter(ops.routes(options.extraRoutes ?? []))
  const log = options.log ?? entrySink(ops.logger)
  const timeoutMs = options.requestTimeoutMs ?? 15_000
  let redisErrorLoggedAt = Number.NEGATIVE_INFINITY
  onRedisError = (error) => {
    // The client retries every few hundred ms while Redis is down: one line per 10 s is enough.
    if (Date.now() - redisErrorLoggedAt < 10_000) return
    redisErrorLoggedAt = Date.now()
    log({ level: "warn", msg: "api: Redis connection failed; rate limits fail open", error: error.message })
  }
  const limits: ApiLimits = makeApiLimits(options.rateLimits, now, redis, (msg, error) =>
    log({ level: "warn", msg, error: error instanceof Error ? error.message : String(error) })
  )

  /** Routes and answers one request; every refusal is an {@link HttpError}, anything else a logged 500. */
  const handle = async (req: IncomingMessage, res: ServerResponse, requestId: string) => {
    const method = req.method ?? "GET"
    const origin = typeof req.headers.origin === "string" ? req.headers.origin : undefined
    let url: URL
    try {
      url = new URL(`http://127.0.0.1${req.url ?? "/"}`)
    } catch {
      return send(res, method === "OPTIONS" ? { kind: "empty", status: 204 } : failure(400, "Malformed request URL"))
    }
    let cors: Readonly<Record<string, string>> = corsHeaders
    try {
      await limits.ip(clientIp(req, options.trustProxy))
      if (method === "OPTIONS") {
        const target = [router.match("POST", url.pathname), router.match("GET", url.pathname)].find((m) => m.route)
        const route = target?.route
        if (route !== undefined) ops.observer.route(req, route.path)
        if (route === undefined || route.public) return send(res, { kind: "empty", status: 204 })
        cors = await projectCors(app, url.searchParams, origin, route.credentials === true)
        return send(res, { kind: "empty", status: 204 }, {}, cors)
      }
      const matched = router.match(method, url.pathname)
      if (matched.route === undefined) {
        if (matched.allowed.length === 0) return send(res, failure(404, `Not found: ${method} ${url.pathname}`))
        return send(res, failure(405, `Method ${method} not allowed`), { allow: matched.allowed.join(", ") })
      }
      const route = matched.route
      ops.observer.route(req, route.path)
      if (route.loopbackOnly && origin !== undefined && !isLoopbackOrigin(origin))
        throw new HttpError(403, "Forbidden: sandbox control routes answer only pages on 127.0.0.1, localhost or [::1]")
      if (!route.public) cors = await projectCors(app, url.searchParams, origin, route.credentials === true)
      const reply = await timeLimited(
        (async () => {
          const body =
            method === "POST" || method === "PUT"
              ? await readBody(req, route.textBody === true, route.maxBodyBytes)
              : undefined
          const project = route.public ? undefined : await authorize(app, url.searchParams, origin)
          if (project !== undefined) await limits.project(project.id)
          return route.handle({
            params: matched.params,
            query: url.searchParams,
            body,
            headers: req.headers,
            // Public routes never read the project; the cast keeps the context type simple for every other route.
            project: project as NonNullable<typeof project>,
            app
          })
        })(),
        timeoutMs
      )
      // An image is public whatever the route: an <img> of any page may show it.
      send(res, reply, {}, reply.kind === "svg" ? corsHeaders : cors)
    } catch (error) {
      if (error instanceof RateLimitedError)
        return send(res, failure(429, error.message), { "retry-after": String(error.retryAfterSeconds) }, cors)
      // A refusal the page may read (400, 403) carries the route's CORS headers.
      if (error instanceof HttpError) return send(res, failure(error.status, error.message), {}, cors)
      // The detail goes to the log only: an answer never shows a stack, a path or an internal message.
      log({
        level: "error",
        msg: "api: unexpected error",
        requestId,
        method,
        path: url.pathname,
        error: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack : undefined
      })
      send(res, { kind: "json", status: 500, body: { message: "Internal error", requestId } }, {}, cors)
    }
  }

  const server = createServer((req, res) => {
    const requestId = ops.observer.begin(req, res)
    // The ops endpoints answer before the pipeline: probes are neither rate limited nor project scoped.
    const answer = async () => void ((await ops.handle(req, res)) || (await handle(req, res, requestId)))
    answer().catch((error: unknown) => {
      log({ level: "error", msg: "api: failed to answer", requestId, error: String(error) })
      send(res, { kind: "json", status: 500, body: { message: "Internal error", requestId } })
    })
  })
  ops.attach(server)
  // Slow senders cannot hold a socket open: headers within 10 s, the whole request within 30 s.
  server.headersTimeout = 10_000
  server.requestTimeout = 30_000
  // Requests Node cannot parse (garbage, oversized headers) never reach `handle`: answer them in the same JSON shape.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return
    const tooLarge = error.code === "HPE_HEADER_OVERFLOW"
    const body = JSON.stringify({ message: tooLarge ? "Request headers too large" : "Malformed HTTP request" })
    socket.end(
      `HTTP/1.1 ${tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request"}\r\n` +
        `content-type: application/json; charset=utf-8\r\naccess-control-allow-origin: *\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
    )
  })

  // Pins where the indexer starts on chains without a fromBlock (their head now); never fails the start.
  void data.start()
  const listening = await listenLocal(server, options.port, options.host)
  const port = listening.port
  baseUrl = options.publicUrl ?? `http://127.0.0.1:${port}`
  let stopped: Promise<void> | undefined
  const stop = () => {
    stopped ??= ops.stop(server).then(async () => {
      if (ownRedis) await redis?.quit().catch(() => redis.disconnect())
      await closeSql()
    })
    return stopped
  }
  return { url: baseUrl, port, db, projects: app.projects, registry: app.registry, metrics: ops.metrics, stop }
}
