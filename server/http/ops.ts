/**
 * The operations endpoints every server part answers before its own routes: `GET /healthz` (the process is up),
 * `GET /readyz` (its dependencies answer, and it is not shutting down) and `GET /metrics` (Prometheus text, behind
 * the admin token when one is configured). A load balancer probes `/readyz`; an orchestrator restarts on `/healthz`.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import type { AdminAuth } from "./adminAuth.ts"
import type { Logger } from "./log.ts"
import { type MetricsRegistry, metricsContentType } from "./metrics.ts"

/** A dependency `/readyz` checks: `check` resolves when it answers (`SELECT 1`, `PING`), and throws when not. */
export interface ReadinessCheck {
  /** Named in `/readyz`'s answer: `db`, `redis`. */
  readonly name: string
  readonly check: () => unknown
}

/** How long one readiness check may take before it counts as failed. */
export const readinessTimeoutMs = 1000

/** How long one round of readiness checks answers every `/readyz` probe, in ms. */
export const readinessCacheMs = 1000

/** What `/readyz` found. */
export interface Readiness {
  readonly ready: boolean
  readonly draining: boolean
  /** `ok`, `failed` or `timeout` per check (never the error text: `/readyz` is public, errors name internal hosts). */
  readonly checks: Readonly<Record<string, "ok" | "failed" | "timeout">>
}

/** Options of {@link makeOps}. */
export interface OpsOptions {
  readonly checks: ReadonlyArray<ReadinessCheck>
  readonly metrics: MetricsRegistry
  readonly logger: Logger
  /** When set, `/metrics` needs the admin token; without it `/metrics` is open (keep it off the public network). */
  readonly adminAuth?: AdminAuth | undefined
}

/** The operations endpoints of one server. */
export interface Ops {
  /** Answers `req` when it is one of the ops endpoints (returns its route pattern), else returns undefined. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<string | undefined>
  /** Runs every readiness check (each within {@link readinessTimeoutMs}). */
  readiness(): Promise<Readiness>
  /** From now on `/readyz` answers 503: the server is shutting down. */
  startDraining(): void
}

const runCheck = async (check: ReadinessCheck, logger: Logger): Promise<"ok" | "failed" | "timeout"> => {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), readinessTimeoutMs)
  })
  const run = Promise.resolve()
    .then(check.check)
    .then(
      () => "ok" as const,
      (error: unknown) => {
        logger.warn("readiness check failed", {
          check: check.name,
          error: error instanceof Error ? error.message : String(error)
        })
        return "failed" as const
      }
    )
  const result = await Promise.race([run, timeout]).finally(() => clearTimeout(timer))
  if (result === "timeout") logger.warn("readiness check timed out", { check: check.name, ms: readinessTimeoutMs })
  return result
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  res
    .writeHead(status, { ...headers, "content-type": "application/json; charset=utf-8", "cache-control": "no-store" })
    .end(JSON.stringify(body))

/**
 * The ops endpoints over `checks`, `metrics` and the admin gate.
 * @example
 * ```ts
 * import { createServer } from "node:http"
 * import type { Redis } from "ioredis"
 * import type { Logger } from "./log.ts"
 * import type { MetricsRegistry } from "./metrics.ts"
 * declare const redis: Redis
 * declare const logger: Logger
 * declare const metrics: MetricsRegistry
 * const ops = makeOps({ checks: [{ name: "redis", check: () => redis.ping() }], metrics, logger })
 * createServer(async (req, res) => {
 *   if ((await ops.handle(req, res)) !== undefined) return
 *   // ...the server's own routes
 * })
 * ```
 */
export const makeOps = (options: OpsOptions): Ops => {
  let draining = false
  // Probes from many balancers (or a flood) share one round of checks per second instead of each hitting the db.
  let last: { readonly at: number; readonly result: Promise<Readiness> } | undefined
  const check = async (): Promise<Readiness> => {
    const results = await Promise.all(options.checks.map((c) => runCheck(c, options.logger)))
    const checks = Object.fromEntries(options.checks.map((c, i) => [c.name, results[i]!]))
    return { ready: results.every((r) => r === "ok"), draining: false, checks }
  }
  const readiness = async (): Promise<Readiness> => {
    if (draining) return { ready: false, draining: true, checks: {} }
    if (last === undefined || Date.now() - last.at >= readinessCacheMs) last = { at: Date.now(), result: check() }
    const found = await last.result
    return draining ? { ...found, ready: false, draining: true } : found
  }
  return {
    readiness,
    startDraining: () => {
      draining = true
    },
    handle: async (req, res) => {
      if (req.method !== "GET" && req.method !== "HEAD") return undefined
      const path = (req.url ?? "/").split("?")[0]
      if (path === "/healthz") {
        json(res, 200, { status: "ok" })
        return "/healthz"
      }
      if (path === "/readyz") {
        if (draining) {
          json(res, 503, { status: "draining" })
          return "/readyz"
        }
        const found = await readiness()
        const failed = Object.entries(found.checks).flatMap(([name, result]) => (result === "ok" ? [] : [name]))
        if (found.ready) json(res, 200, { status: "ready", checks: found.checks })
        else json(res, 503, { status: found.draining ? "draining" : "not ready", failed, checks: found.checks })
        return "/readyz"
      }
      if (path === "/metrics") {
        const verdict = options.adminAuth?.(req.headers) ?? { ok: true }
        if (!verdict.ok) json(res, verdict.status, { message: verdict.message }, { ...verdict.headers })
        else
          res
            .writeHead(200, { "content-type": metricsContentType, "cache-control": "no-store" })
            .end(options.metrics.render())
        return "/metrics"
      }
      return undefined
    }
  }
}
