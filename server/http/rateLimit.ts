/**
 * Fixed-window request counters: in memory for one process, or in Redis so every instance behind a load balancer
 * counts against the same limit. A Redis that fails or is slow lets the request through (fail open, with a logged
 * warning): an outage of the counter store must not take the API down with it.
 */

/** One limit: at most `limit` requests per `windowMs`. */
export interface RateLimitRule {
  readonly limit: number
  readonly windowMs: number
}

/** The outcome of one counted request. */
export interface RateLimitResult {
  /** False once the window's count went over the limit. */
  readonly allowed: boolean
  /** Requests counted in this window, this one included. */
  readonly count: number
  /** Ms until the window ends (when a refused caller may try again). */
  readonly retryAfterMs: number
}

/** Counts requests per key. */
export interface RateLimiter {
  /** Counts one request of `key` under `rule`. Never rejects. */
  hit(key: string, rule: RateLimitRule): Promise<RateLimitResult>
}

const windowOf = (now: number, rule: RateLimitRule) => {
  const index = Math.floor(now / rule.windowMs)
  return { index, retryAfterMs: (index + 1) * rule.windowMs - now }
}

/** Options of {@link createMemoryRateLimiter}. */
export interface MemoryRateLimiterOptions {
  /** The clock, unix ms (tests pin it). @default Date.now */
  readonly now?: () => number
  /** Most keys held; past it, keys of ended windows are dropped, then the oldest. @default 100_000 */
  readonly maxKeys?: number
}

/**
 * Counters in this process's memory, bounded in size.
 * @example
 * ```ts
 * const limiter = createMemoryRateLimiter()
 * const { allowed } = await limiter.hit("ip:203.0.113.7", { limit: 100, windowMs: 60_000 })
 * ```
 */
export const createMemoryRateLimiter = (options: MemoryRateLimiterOptions = {}): RateLimiter => {
  const now = options.now ?? Date.now
  const maxKeys = options.maxKeys ?? 100_000
  const counters = new Map<string, { index: number; windowMs: number; count: number }>()
  const prune = (at: number) => {
    for (const [key, entry] of counters) if (entry.index < Math.floor(at / entry.windowMs)) counters.delete(key)
    // Still full (a flood of distinct keys in one window): forget the oldest tenth at once rather than grow without
    // bound, so the sweep's cost is spread over many requests.
    if (counters.size < maxKeys) return
    let drop = Math.max(1, Math.ceil(maxKeys / 10))
    for (const key of counters.keys()) {
      if (drop-- === 0) break
      counters.delete(key)
    }
  }
  return {
    hit: async (key, rule) => {
      const at = now()
      const { index, retryAfterMs } = windowOf(at, rule)
      const fullKey = `${rule.windowMs}:${key}`
      let entry = counters.get(fullKey)
      if (entry === undefined || entry.index !== index) {
        if (entry === undefined && counters.size >= maxKeys) prune(at)
        entry = { index, windowMs: rule.windowMs, count: 0 }
        counters.delete(fullKey)
        counters.set(fullKey, entry)
      }
      entry.count++
      return { allowed: entry.count <= rule.limit, count: entry.count, retryAfterMs }
    }
  }
}

/** The one Redis command the limiter needs; an ioredis client has it. */
export interface RedisEval {
  eval(script: string, numKeys: number, ...args: Array<string | number>): Promise<unknown>
}

/** Options of {@link createRedisRateLimiter}. */
export interface RedisRateLimiterOptions {
  readonly redis: RedisEval
  /** Prefix of every key. @default "airlock:rl:" */
  readonly prefix?: string
  /** Longest wait for Redis before the request is let through. @default 500 */
  readonly timeoutMs?: number
  /** The clock, unix ms; it picks the window, so every instance's clock should be close. @default Date.now */
  readonly now?: () => number
  /** Told when Redis failed and a request was let through uncounted. @default console.warn */
  readonly warn?: (message: string, error: unknown) => void
}

// Count and set the window's expiry in one step, so a crash between the two can never leave a counter without a TTL.
const incrementScript = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n`

const withTimeout = <A>(promise: Promise<A>, ms: number): Promise<A> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Redis did not answer within ${ms} ms`)), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      }
    )
  })

/**
 * Counters in Redis (INCR + PEXPIRE in one Lua script), shared by every instance using the same Redis and prefix.
 * @example
 * ```ts
 * import { Redis } from "ioredis"
 * const limiter = createRedisRateLimiter({ redis: new Redis(process.env.REDIS_URL!) })
 * await limiter.hit("project:my-app", { limit: 10_000, windowMs: 60_000 })
 * ```
 */
export const createRedisRateLimiter = (options: RedisRateLimiterOptions): RateLimiter => {
  const now = options.now ?? Date.now
  const prefix = options.prefix ?? "airlock:rl:"
  const timeoutMs = options.timeoutMs ?? 500
  const warn = options.warn ?? ((message, error) => console.warn(message, error))
  return {
    hit: async (key, rule) => {
      const { index, retryAfterMs } = windowOf(now(), rule)
      const redisKey = `${prefix}${rule.windowMs}:${index}:${key}`
      try {
        // The key outlives its window a little, so clocks slightly apart still find the same counter.
        const answer = await withTimeout(
          options.redis.eval(incrementScript, 1, redisKey, rule.windowMs + 1000),
          timeoutMs
        )
        const count = Number(answer)
        if (!Number.isFinite(count)) throw new Error(`Unexpected answer from Redis: ${String(answer)}`)
        return { allowed: count <= rule.limit, count, retryAfterMs }
      } catch (error) {
        warn("rate limit: Redis failed, request let through uncounted", error)
        return { allowed: true, count: 0, retryAfterMs }
      }
    }
  }
}
