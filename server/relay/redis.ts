/**
 * The relay's Redis connections: every command is bounded in time, and a Redis that is down or slow makes calls
 * reject (the relay answers a JSON-RPC error) instead of hanging or ending the process.
 */
import { Redis } from "ioredis"

/** How long one Redis command may take before it is failed, in ms. */
export const REDIS_TIMEOUT_MS = 2000

/**
 * A Redis client for `url` whose commands time out after `timeoutMs`, and whose connection errors go to `onError`
 * (once per outage, not once per retry) instead of being thrown.
 * @example
 * ```ts
 * const redis = connectRedis("redis://127.0.0.1:6379", 2000, (message, error) => console.error(message, error))
 * await redis.ping()
 * redis.disconnect()
 * ```
 */
export const connectRedis = (
  url: string,
  timeoutMs: number,
  onError: (message: string, error: unknown) => void
): Redis => {
  const redis = new Redis(url, {
    commandTimeout: timeoutMs,
    connectTimeout: timeoutMs,
    // A command waiting for a reconnect fails at its timeout; it is not retried on top.
    maxRetriesPerRequest: 1,
    // Keep trying to reconnect, at most every 2 s, for as long as the process runs.
    retryStrategy: (times) => Math.min(times * 100, 2000),
    lazyConnect: false
  })
  let reported = false
  redis.on("error", (error: unknown) => {
    if (reported) return
    reported = true
    onError("relay: Redis unreachable (will keep retrying)", error)
  })
  redis.on("ready", () => {
    reported = false
  })
  return redis
}

/** Ends a client without waiting for Redis (it may be the one that is down). */
export const closeRedis = (redis: Redis): void => {
  redis.disconnect(false)
}
