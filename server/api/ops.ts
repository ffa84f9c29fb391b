/**
 * The API's operations side, wired in one place so the request pipeline (`server.ts`) only calls into it: structured
 * logs, metrics, `/healthz` `/readyz` `/metrics`, the admin routes and a graceful stop.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http"
import { makeAdminAuth } from "../http/adminAuth.ts"
import { jsonLogger, type Logger } from "../http/log.ts"
import { type MetricsRegistry, makeMetrics } from "../http/metrics.ts"
import { makeObserver, type Observer } from "../http/observe.ts"
import { makeOps, type ReadinessCheck } from "../http/ops.ts"
import { drain, trackConnections } from "../http/shutdown.ts"
import type { ApiRoute } from "./app.ts"
import { adminRoutes } from "./routes/admin.ts"
import { controlRoutes } from "./routes/control.ts"
import { apiRoutes } from "./routes/index.ts"

/** The operations options of `startApi`. */
export interface ApiOpsOptions {
  /**
   * Enables the admin routes (`/admin/v1/projects…`) and puts `/metrics` behind `Authorization: Bearer <token>`.
   * Without it the admin routes answer 404 and `/metrics` is open (keep the port off the public network then).
   */
  readonly adminToken?: string | undefined
  /** Serve the sandbox's loopback-only control routes (`/sandbox/…`); the production server turns them off. @default true */
  readonly sandboxControl?: boolean
  /** Structured logs: one line per request, warnings, errors. @default warnings and errors as JSON on stderr */
  readonly logger?: Logger | undefined
  /** The registry to count into (share one between the api, relay and secure site). @default a new one */
  readonly metrics?: MetricsRegistry | undefined
  /** Dependencies `/readyz` checks besides the database and the API's Redis (another part's Redis). @default [] */
  readonly readiness?: ReadonlyArray<ReadinessCheck>
  /** How long `stop()` lets in-flight requests finish before cutting their sockets, in ms. @default 10_000 */
  readonly drainTimeoutMs?: number
}

/** What {@link makeApiOps} gives the server. */
export interface ApiOps {
  readonly logger: Logger
  readonly metrics: MetricsRegistry
  readonly observer: Observer
  /** Built-in routes (less the control ones when turned off), admin routes when enabled, then `extra`. */
  routes(extra: ReadonlyArray<ApiRoute>): ReadonlyArray<ApiRoute>
  /** Answers `/healthz`, `/readyz`, `/metrics`; true when it did. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>
  /** Starts tracking `server`'s connections (call before it listens). */
  attach(server: Server): void
  /** Marks the server not ready and drains it (see `drain`). */
  stop(server: Server): Promise<void>
}

/**
 * The API's operations wiring over `options` and its readiness `checks` (the database, Redis).
 * @example
 * ```ts
 * import type { Sql } from "../store/sql.ts"
 * import { makeRouter } from "./router.ts"
 * import type { StartApiOptions } from "./server.ts"
 * declare const options: StartApiOptions
 * declare const sql: Sql
 * const ops = makeApiOps(options, [{ name: "db", check: () => sql.query("SELECT 1") }])
 * const router = makeRouter(ops.routes(options.extraRoutes ?? []))
 * ```
 */
export const makeApiOps = (options: ApiOpsOptions, checks: ReadonlyArray<ReadinessCheck>): ApiOps => {
  const logger = options.logger ?? jsonLogger({ level: "warn", write: (line) => void process.stderr.write(line) })
  const metrics = options.metrics ?? makeMetrics()
  const observer = makeObserver({ logger, metrics, service: "api" })
  const adminAuth = options.adminToken === undefined ? undefined : makeAdminAuth(options.adminToken)
  const ops = makeOps({ checks: [...checks, ...(options.readiness ?? [])], metrics, logger, adminAuth })
  // Off, every `/sandbox/…` page goes too (the control routes and the analytics funnel page), not only the control table.
  const builtIn =
    options.sandboxControl === false
      ? apiRoutes.filter((r) => !controlRoutes.includes(r) && !r.path.startsWith("/sandbox/"))
      : apiRoutes
  return {
    logger,
    metrics,
    observer,
    routes: (extra) => [...builtIn, ...(adminAuth === undefined ? [] : adminRoutes(adminAuth)), ...extra],
    handle: async (req, res) => {
      const route = await ops.handle(req, res)
      if (route === undefined) return false
      observer.route(req, route)
      return true
    },
    attach: trackConnections,
    stop: (server) => {
      ops.startDraining()
      return drain(server, { timeoutMs: options.drainTimeoutMs ?? 10_000 })
    }
  }
}
