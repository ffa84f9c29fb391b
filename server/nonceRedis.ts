/**
 * Sign-in nonces in Redis, for several server processes behind a load balancer: a nonce one instance issues may be
 * consumed at any other, once. Same contract as the in-memory store (`./nonce.ts`): single use, expiring, bounded.
 */
import { NonceStoreFullError, randomNonce } from "./nonce.ts"

/** A nonce store whose answers arrive later (a shared store over the network). */
export interface SharedNonceStore {
  /** A fresh nonce; rejects with {@link NonceStoreFullError} when `max` live nonces are held, or when Redis fails. */
  issue(): Promise<string>
  /** True once for a live nonce this store (any instance of it) issued; false for anything else. Rejects when Redis fails. */
  consume(nonce: unknown): Promise<boolean>
}

/** The one Redis command the store needs; an ioredis client has it. */
export interface RedisEvalClient {
  eval(script: string, numKeys: number, ...args: Array<string | number>): Promise<unknown>
}

/** Options of {@link createRedisNonceStore}. */
export interface RedisNonceStoreOptions {
  readonly redis: RedisEvalClient
  /** The Redis key of this store's sorted set (one per site or project). @default "airlock:nonces" */
  readonly key?: string
  /** How long an issued nonce may be consumed, in ms. @default 600_000 */
  readonly ttlMs?: number
  /** Most live nonces held at once. @default 10_000 */
  readonly max?: number
  /** The clock, unix ms: every instance's clock should be close. @default Date.now */
  readonly now?: () => number
}

// One sorted set per store: member = nonce, score = expiry. Expired members are swept before counting, so the set
// stays bounded by the sign-ins of one TTL; the set itself expires when idle.
const issueScript = `redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
if redis.call('ZADD', KEYS[1], 'NX', ARGV[2], ARGV[4]) == 0 then return -1 end
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`

const consumeScript = `local expiry = redis.call('ZSCORE', KEYS[1], ARGV[2])
if not expiry then return 0 end
redis.call('ZREM', KEYS[1], ARGV[2])
if tonumber(expiry) > tonumber(ARGV[1]) then return 1 end
return 0`

/**
 * A nonce store in Redis (Lua scripts, so issue and consume are atomic across instances).
 * @example
 * ```ts
 * import { Redis } from "ioredis"
 * const nonces = createRedisNonceStore({ redis: new Redis(process.env.REDIS_URL!), key: "my-site:nonces" })
 * const nonce = await nonces.issue()
 * await nonces.consume(nonce) // true, at any instance
 * await nonces.consume(nonce) // false
 * ```
 */
export const createRedisNonceStore = (options: RedisNonceStoreOptions): SharedNonceStore => {
  const key = options.key ?? "airlock:nonces"
  const ttlMs = options.ttlMs ?? 10 * 60_000
  const max = options.max ?? 10_000
  const now = options.now ?? Date.now
  if (!(ttlMs > 0) || !Number.isInteger(max) || max < 1)
    throw new RangeError("createRedisNonceStore: ttlMs and max must be positive")
  return {
    issue: async () => {
      for (;;) {
        const at = now()
        const nonce = randomNonce()
        const answer = Number(await options.redis.eval(issueScript, 1, key, at, at + ttlMs, max, nonce, ttlMs))
        if (answer === 1) return nonce
        if (answer === 0) throw new NonceStoreFullError(max)
        // -1: the same 24 random characters are live already (practically never): draw again.
      }
    },
    consume: async (nonce) => {
      if (typeof nonce !== "string" || nonce.length !== 24) return false
      return Number(await options.redis.eval(consumeScript, 1, key, now(), nonce)) === 1
    }
  }
}
