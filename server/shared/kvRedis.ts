/**
 * The shared store (`./kv.ts`) on Redis, for several instances behind a load balancer. Writes that must be atomic
 * across instances are Lua scripts; `update` is a compare-and-set retried when another instance wrote in between.
 * Wake-ups use Redis pub/sub on a second connection (a subscribed connection can run no other command).
 */
import { Redis } from "ioredis"
import { encodeKv, type Kv, KvError, KvFullError, type KvStep, KvTimeoutError, kvGroup } from "./kv.ts"

/** Options of {@link createRedisKv}: a `url` (the store opens and closes its connections) or a `redis` client. */
export interface RedisKvOptions {
  /** `redis://host:port/db` (REDIS_URL). */
  readonly url?: string | undefined
  /** A client the caller owns (the store duplicates it for pub/sub and closes only the duplicate). */
  readonly redis?: Redis | undefined
  /** Put before every key and channel, so several deployments may share one Redis. @default "airlock:" */
  readonly prefix?: string
  /** Longest wait for one Redis answer, in ms; past it the call rejects with a KvTimeoutError. @default 2000 */
  readonly timeoutMs?: number
  /** The clock bounded groups expire by, unix ms (keep instances' clocks close). @default Date.now */
  readonly now?: () => number
}

/** How often `update` retries when other instances keep changing the key before it gives up. */
const maxUpdateAttempts = 50

// KEYS: entry, group index. ARGV: json, ttlMs, onlyIfAbsent (1/0), max (0 = unbounded), now, expiresAt.
const setScript = `if ARGV[3] == '1' and redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local max = tonumber(ARGV[4])
if max > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[5])
  if not redis.call('ZSCORE', KEYS[2], KEYS[1]) and redis.call('ZCARD', KEYS[2]) >= max then return -1 end
  redis.call('ZADD', KEYS[2], ARGV[6], KEYS[1])
  if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`

// KEYS: entry, group index.
const takeScript = `local value = redis.call('GET', KEYS[1])
if value then
  redis.call('DEL', KEYS[1])
  redis.call('ZREM', KEYS[2], KEYS[1])
end
return value`

// KEYS: entry, group index. ARGV: the value read ('' when absent), 'del' or 'set', json, ttlMs ('' keeps it),
// expiresAt (with ttlMs: a bounded entry keeps its place in the group index that long).
const casScript = `local current = redis.call('GET', KEYS[1]) or ''
if current ~= ARGV[1] then return 0 end
if ARGV[2] == 'del' then
  redis.call('DEL', KEYS[1])
  redis.call('ZREM', KEYS[2], KEYS[1])
elseif ARGV[4] == '' then
  redis.call('SET', KEYS[1], ARGV[3], 'KEEPTTL')
else
  redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4])
  if redis.call('ZSCORE', KEYS[2], KEYS[1]) then
    redis.call('ZADD', KEYS[2], 'XX', ARGV[5], KEYS[1])
    if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[4]) then redis.call('PEXPIRE', KEYS[2], ARGV[4]) end
  end
end
return 1`

// KEYS: counter. ARGV: ttlMs. A counter that lost its expiry (never, but cheap to mend) gets it back.
const incrScript = `local count = redis.call('INCR', KEYS[1])
if count == 1 or redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`

// KEYS: group index. ARGV: now.
const countScript = `redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
return redis.call('ZCARD', KEYS[1])`

/**
 * The shared store on Redis. Every call is bounded by `timeoutMs`; a Redis failure rejects with a {@link KvError}.
 * @example
 * ```ts
 * const kv = createRedisKv({ url: process.env.REDIS_URL })
 * await kv.set("frame:logins:abc", { tries: 0 }, { ttlMs: 600_000, max: 10_000 })
 * await kv.close()
 * ```
 */
export const createRedisKv = (options: RedisKvOptions): Kv => {
  const prefix = options.prefix ?? "airlock:"
  const timeoutMs = options.timeoutMs ?? 2000
  const now = options.now ?? Date.now
  // ioredis's own timeout is a backstop that drops the command; ours, shorter, is the one callers see.
  const clientOptions = { maxRetriesPerRequest: 1, commandTimeout: timeoutMs + 500 }
  if (options.redis === undefined && options.url === undefined) throw new RangeError("createRedisKv: give url or redis")
  const client = options.redis ?? new Redis(options.url!, clientOptions)
  const ownsClient = options.redis === undefined
  // Connection errors reach callers as failed (or timed-out) calls; unheard, ioredis would print each one.
  if (ownsClient) client.on("error", () => {})
  let subscriber: Redis | undefined
  const listeners = new Map<string, Set<(message: string) => void>>()

  const bounded = async <A>(what: string, call: () => Promise<A>): Promise<A> => {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new KvTimeoutError(`Redis did not answer ${what} within ${timeoutMs} ms`)),
        timeoutMs
      )
    })
    try {
      return await Promise.race([call(), timeout])
    } catch (error) {
      if (error instanceof KvError) throw error
      throw new KvError(`Redis failed ${what}: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error
      })
    } finally {
      clearTimeout(timer)
    }
  }
  const full = (key: string) => prefix + key
  const index = (key: string) => `${prefix}~group:${kvGroup(key)}`
  const run = (what: string, script: string, keys: ReadonlyArray<string>, ...args: Array<string | number>) =>
    bounded(what, () => client.eval(script, keys.length, ...keys, ...args))
  const parse = <T>(text: unknown): T | undefined => (typeof text === "string" ? (JSON.parse(text) as T) : undefined)

  const subscriberOf = (): Redis => {
    if (subscriber !== undefined) return subscriber
    const made = client.duplicate(clientOptions)
    made.on("message", (channel: string, message: string) => {
      for (const listener of listeners.get(channel) ?? []) {
        try {
          listener(message)
        } catch {}
      }
    })
    // Reconnects are ioredis's; an error event without a listener would crash the process.
    made.on("error", () => {})
    subscriber = made
    return made
  }

  return {
    get: async (key) => parse(await bounded("get", () => client.get(full(key)))),
    set: async (key, value, { ttlMs, onlyIfAbsent, max }) => {
      if (!(Number.isFinite(ttlMs) && ttlMs > 0)) throw new RangeError(`Shared store: ttlMs must be > 0, got ${ttlMs}`)
      const at = now()
      const ttl = Math.ceil(ttlMs)
      const args = [encodeKv(value), ttl, onlyIfAbsent === true ? 1 : 0, max ?? 0, at, at + ttl]
      const answer = Number(await run("set", setScript, [full(key), index(key)], ...args))
      if (answer === -1) throw new KvFullError(kvGroup(key), max ?? 0)
      return answer === 1
    },
    take: async (key) => parse(await run("take", takeScript, [full(key), index(key)])),
    update: async <T, R>(key: string, step: (current: T | undefined) => KvStep<T, R>): Promise<R> => {
      for (let attempt = 0; attempt < maxUpdateAttempts; attempt++) {
        const text = await bounded("get", () => client.get(full(key)))
        const { result, change } = step(parse<T>(text))
        if (change === undefined) return result
        let args: Array<string | number>
        if (change === "delete") args = [text ?? "", "del", "", "", ""]
        else {
          if (text === null && change.ttlMs === undefined)
            throw new RangeError("Shared store: update of a missing key needs ttlMs")
          const ttl = change.ttlMs === undefined ? "" : Math.ceil(change.ttlMs)
          args = [text ?? "", "set", encodeKv(change.value), ttl, ttl === "" ? "" : now() + ttl]
        }
        if (Number(await run("update", casScript, [full(key), index(key)], ...args)) === 1) return result
      }
      throw new KvError(`Redis update of "${key}" kept racing other writers; try again`)
    },
    incr: async (key, ttlMs) => Number(await run("incr", incrScript, [full(key)], Math.ceil(ttlMs))),
    del: async (key) => {
      await run("del", takeScript, [full(key), index(key)])
    },
    count: async (group) => Number(await run("count", countScript, [`${prefix}~group:${group}`], now())),
    publish: async (channel, message) => {
      await bounded("publish", () => client.publish(full(channel), message))
    },
    subscribe: async (channel, listener) => {
      const name = full(channel)
      const set = listeners.get(name) ?? new Set()
      listeners.set(name, set)
      set.add(listener)
      const connection = subscriberOf()
      try {
        await bounded("subscribe", () => connection.subscribe(name))
      } catch (error) {
        set.delete(listener)
        throw error
      }
      return async () => {
        set.delete(listener)
        if (set.size > 0 || listeners.get(name) !== set) return
        listeners.delete(name)
        await bounded("unsubscribe", () => connection.unsubscribe(name)).catch(() => {})
      }
    },
    close: async () => {
      listeners.clear()
      subscriber?.disconnect()
      subscriber = undefined
      if (ownsClient) client.disconnect()
    }
  }
}
