/**
 * The API's rate limits: one counter per client IP (every request) and one per project (every project-scoped
 * request), in memory or, with Redis, shared by every instance. Over a limit the API answers 429 with `retry-after`.
 */
import type { IncomingMessage } from "node:http"
import { isIP } from "node:net"
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
  type RateLimitRule,
  type RedisEval
} from "../http/rateLimit.ts"
import { HttpError } from "./router.ts"

/** The limits of `startApi({ rateLimits })`; `false` turns one off. */
export interface RateLimitOptions {
  /** Requests per client IP. @default { limit: 1200, windowMs: 60_000 } */
  readonly perIp?: RateLimitRule | false
  /** Requests per project, all clients together. @default { limit: 60_000, windowMs: 60_000 } */
  readonly perProject?: RateLimitRule | false
  /** The limiter's clock (tests move it instead of waiting). @default the server's clock */
  readonly now?: () => number
}

/** Defaults generous for a person (a page load makes a few dozen calls) yet bounding a script. */
export const defaultRateLimits = {
  perIp: { limit: 1200, windowMs: 60_000 },
  perProject: { limit: 60_000, windowMs: 60_000 }
} as const

/** A 429 refusal carrying when to try again. */
export class RateLimitedError extends HttpError {
  readonly retryAfterSeconds: number
  constructor(what: string, retryAfterMs: number) {
    const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000))
    super(429, `Too many requests ${what}: try again in ${seconds} s`)
    this.retryAfterSeconds = seconds
  }
}

/** Counts requests; each check throws {@link RateLimitedError} when over its limit. */
export interface ApiLimits {
  readonly ip: (ip: string) => Promise<void>
  readonly project: (projectId: string) => Promise<void>
}

/**
 * The limits for `options` (`false`: none), counted in `redis` when given, else in memory.
 * @example
 * ```ts
 * const limits = makeApiLimits({ perIp: { limit: 10, windowMs: 1000 } }, Date.now)
 * await limits.ip("203.0.113.7")
 * ```
 */
export const makeApiLimits = (
  options: RateLimitOptions | false | undefined,
  now: () => number,
  redis?: RedisEval,
  warn?: (message: string, error: unknown) => void
): ApiLimits => {
  if (options === false) return { ip: async () => {}, project: async () => {} }
  const clock = options?.now ?? now
  const limiter: RateLimiter =
    redis === undefined
      ? createMemoryRateLimiter({ now: clock })
      : createRedisRateLimiter({ redis, now: clock, ...(warn === undefined ? {} : { warn }) })
  const perIp = options?.perIp ?? defaultRateLimits.perIp
  const perProject = options?.perProject ?? defaultRateLimits.perProject
  const check = async (key: string, rule: RateLimitRule | false, what: string) => {
    if (rule === false) return
    const result = await limiter.hit(key, rule)
    if (!result.allowed) throw new RateLimitedError(what, result.retryAfterMs)
  }
  return {
    ip: (ip) => check(`ip:${ip}`, perIp, "from this address"),
    project: (projectId) => check(`project:${projectId}`, perProject, "for this project")
  }
}

/**
 * The client's IP: the socket's peer, or with `trustProxy` (the number of proxies in front, `true` = 1) the address
 * the nearest trusted proxy saw, read from the right of `x-forwarded-for` (entries further left are the client's to
 * forge).
 * @example
 * ```ts
 * import type { IncomingMessage } from "node:http"
 * declare const req: IncomingMessage
 * clientIp(req, 1) // "203.0.113.7" for "x-forwarded-for: 10.0.0.1, 203.0.113.7" from the proxy
 * ```
 */
export const clientIp = (req: IncomingMessage, trustProxy: boolean | number = false): string => {
  const peer = req.socket.remoteAddress ?? "unknown"
  const hops = trustProxy === true ? 1 : trustProxy === false ? 0 : Math.max(0, Math.floor(trustProxy))
  if (hops === 0) return peer
  const header = req.headers["x-forwarded-for"]
  const list = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "")
  const candidate = list[list.length - hops]
  return candidate !== undefined && isIP(candidate) !== 0 ? candidate : peer
}
