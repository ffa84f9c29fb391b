/**
 * Per-request observation for a Node HTTP server: a request id (answered as `x-request-id`), one structured log line
 * when the answer is done, and the request counted in `http_requests_total` and `http_request_duration_seconds`
 * under its route PATTERN (`/v1/account/:address/balance`), never its raw path.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { type Logger, requestIdOf } from "./log.ts"
import type { MetricsRegistry } from "./metrics.ts"

/** The route label of a request that matched no route (one label, whatever path was asked). */
export const unmatchedRoute = "unmatched"

/** Watches requests; see {@link makeObserver}. */
export interface Observer {
  /** Starts watching a request: sets its `x-request-id` (returned) and logs and counts it when the answer ends. */
  begin(req: IncomingMessage, res: ServerResponse): string
  /** Names the route pattern `req` matched (its metrics and log label); unnamed requests are `unmatched`. */
  route(req: IncomingMessage, pattern: string): void
  /** The id `begin` gave the request. */
  requestId(req: IncomingMessage): string | undefined
  /** Logs an unexpected failure while answering `req` (a bug: the client got a 500). */
  fail(req: IncomingMessage, error: unknown): void
}

/** Options of {@link makeObserver}. */
export interface ObserverOptions {
  readonly logger: Logger
  readonly metrics: MetricsRegistry
  /** A `service` field on every line, telling the api, relay and secure site apart in one log stream. */
  readonly service?: string
}

interface Watched {
  readonly id: string
  readonly started: bigint
  route: string
}

/**
 * An observer writing to `logger` and `metrics`.
 * @example
 * ```ts
 * import { createServer } from "node:http"
 * import type { Logger } from "./log.ts"
 * import type { MetricsRegistry } from "./metrics.ts"
 * declare const logger: Logger
 * declare const metrics: MetricsRegistry
 * const observer = makeObserver({ logger, metrics, service: "api" })
 * createServer((req, res) => {
 *   observer.begin(req, res)
 *   observer.route(req, "/healthz")
 *   res.end("ok")
 * })
 * ```
 */
export const makeObserver = (options: ObserverOptions): Observer => {
  const { logger, metrics, service } = options
  const requests = metrics.counter(
    "http_requests_total",
    "HTTP requests answered, by route pattern, method and status."
  )
  const durations = metrics.histogram("http_request_duration_seconds", "HTTP request duration in seconds, by route.")
  const watched = new WeakMap<IncomingMessage, Watched>()
  return {
    begin: (req, res) => {
      const entry: Watched = { id: requestIdOf(req), started: process.hrtime.bigint(), route: unmatchedRoute }
      watched.set(req, entry)
      res.setHeader("x-request-id", entry.id)
      res.once("close", () => {
        const seconds = Number(process.hrtime.bigint() - entry.started) / 1e9
        // An answer never completed (the client left first) is 499, as proxies log it.
        const aborted = !res.writableFinished
        const status = aborted && !res.headersSent ? 499 : res.statusCode
        const method = methodLabel(req.method)
        requests.inc({ route: entry.route, method, status: String(status) })
        durations.observe({ route: entry.route }, seconds)
        const fields = {
          service,
          requestId: entry.id,
          method,
          route: entry.route,
          status,
          ms: Math.round(seconds * 1e4) / 10,
          ip: req.socket.remoteAddress,
          aborted: aborted ? true : undefined
        }
        if (status >= 500) logger.error("request", fields)
        else logger.info("request", fields)
      })
      return entry.id
    },
    route: (req, pattern) => {
      const entry = watched.get(req)
      if (entry !== undefined) entry.route = pattern
    },
    requestId: (req) => watched.get(req)?.id,
    fail: (req, error) => {
      const entry = watched.get(req)
      logger.error("unexpected error", {
        service,
        requestId: entry?.id,
        route: entry?.route,
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        stack: error instanceof Error ? error.stack : undefined
      })
    }
  }
}

const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"])

// A method is client input too: anything unusual is one label, so `FOO1`, `FOO2`… cannot grow the registry.
const methodLabel = (method: string | undefined): string =>
  method !== undefined && knownMethods.has(method) ? method : "OTHER"
