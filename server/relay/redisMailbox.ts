/**
 * The relay's mailbox in Redis, shared by every relay instance: a message and an ack record each live in a key that
 * expires with the message; per topic a sorted set keeps publish order; the byte limits of `relayLimits` are counted
 * in Redis, so they hold across instances. Each change is one Lua script, so two instances never interleave halfway.
 *
 * The scripts name keys they compute (one standalone Redis or a primary with replicas; not Redis Cluster).
 */
import type { Redis } from "ioredis"
import type { Mailbox } from "./mailbox.ts"
import { relayLimits, type Stored } from "./protocol.ts"

const PREFIX = "airlock:relay:"

// Keys: msg:<topic>:<hash> the message (JSON, expires with it); topic:<topic> sorted set of hashes by publish sequence;
// all: sorted set "<size>|<publisher>|<topic>|<hash>" by expiry, to give back bytes when messages expire;
// bytes, bytes:<publisher> the live bytes; seq the publish sequence.
const PUT = `
local p, now = ARGV[1], tonumber(ARGV[2])
local topic, hash, publisher = ARGV[3], ARGV[4], ARGV[5]
local size, expiresAt = tonumber(ARGV[6]), tonumber(ARGV[7])
local expired = redis.call('ZRANGEBYSCORE', p..'all', '-inf', now, 'LIMIT', 0, 1000)
for _, entry in ipairs(expired) do
  local s, who = string.match(entry, '^(%d+)|([^|]*)|')
  if s then
    redis.call('DECRBY', p..'bytes', tonumber(s))
    if redis.call('DECRBY', p..'bytes:'..who, tonumber(s)) <= 0 then redis.call('DEL', p..'bytes:'..who) end
  end
  redis.call('ZREM', p..'all', entry)
end
local key = p..'msg:'..topic..':'..hash
if redis.call('EXISTS', key) == 1 then return 'duplicate' end
local ttl = expiresAt - now
if ttl <= 0 then return 'stored' end
local member = size..'|'..publisher..'|'..topic..'|'..hash
local counted = redis.call('ZSCORE', p..'all', member)
if not counted then
  local total = tonumber(redis.call('GET', p..'bytes') or '0')
  local mine = tonumber(redis.call('GET', p..'bytes:'..publisher) or '0')
  if total + size > tonumber(ARGV[9]) or mine + size > tonumber(ARGV[10]) then return 'full' end
  redis.call('INCRBY', p..'bytes', size)
  redis.call('INCRBY', p..'bytes:'..publisher, size)
end
redis.call('ZADD', p..'all', expiresAt, member)
redis.call('SET', key, ARGV[8], 'PX', ttl)
local list = p..'topic:'..topic
redis.call('ZADD', list, redis.call('INCR', p..'seq'), hash)
local left = redis.call('PTTL', list)
if left < ttl then redis.call('PEXPIRE', list, ttl) end
return 'stored'
`

const LIVE = `
local p, topic = ARGV[1], ARGV[2]
local list = p..'topic:'..topic
local out = {}
for _, hash in ipairs(redis.call('ZRANGE', list, 0, -1)) do
  local value = redis.call('GET', p..'msg:'..topic..':'..hash)
  if value then table.insert(out, value) else redis.call('ZREM', list, hash) end
end
return out
`

/** Whether `value` has the shape of a stored message (what Redis hands back is checked, not trusted). */
export const isStored = (value: unknown): value is Stored => {
  if (typeof value !== "object" || value === null) return false
  const record = value as Record<string, unknown>
  return (
    typeof record.topic === "string" &&
    typeof record.message === "string" &&
    typeof record.publishedAt === "number" &&
    typeof record.tag === "number" &&
    typeof record.expiresAt === "number" &&
    typeof record.publisher === "string" &&
    typeof record.hash === "string"
  )
}

/** A stored message read back from Redis, or `undefined` if it is not one (never trusted blindly). */
export const parseStored = (text: string): Stored | undefined => {
  try {
    const value: unknown = JSON.parse(text)
    return isStored(value) ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * A mailbox in Redis, shared by the relay instances that use the same Redis.
 * @example
 * ```ts
 * import type { Stored } from "./protocol.ts"
 * import { connectRedis } from "./redis.ts"
 * declare const url: string
 * declare const stored: Stored
 * const mailbox = redisMailbox(connectRedis(url, 2000, console.error), Date.now)
 * await mailbox.put(stored) // "stored", "duplicate" or "full", also counting what other instances stored
 * ```
 */
export const redisMailbox = (redis: Redis, now: () => number): Mailbox => {
  const ackKey = (clientId: string, hash: string) => `${PREFIX}ack:${clientId}:${hash}`
  return {
    put: async (stored) => {
      const answer = await redis.eval(
        PUT,
        0,
        PREFIX,
        now(),
        stored.topic,
        stored.hash,
        stored.publisher,
        stored.message.length,
        stored.expiresAt,
        JSON.stringify(stored),
        relayLimits.storedBytes,
        relayLimits.storedBytesPerPublisher
      )
      return answer === "duplicate" || answer === "full" ? answer : "stored"
    },
    live: async (topic) => {
      const values = (await redis.eval(LIVE, 0, PREFIX, topic)) as Array<string>
      const at = now()
      return values.flatMap((value) => {
        const stored = parseStored(value)
        return stored !== undefined && stored.expiresAt > at ? [stored] : []
      })
    },
    acked: async (clientId, hash) => (await redis.exists(ackKey(clientId, hash))) === 1,
    ack: async (clientId, hash, expiresAt) => {
      const ttl = expiresAt - now()
      if (ttl > 0) await redis.set(ackKey(clientId, hash), "1", "PX", ttl)
    },
    // What is stored lives in Redis and is shared; this instance does not count it.
    stats: () => ({ storedMessages: 0, storedBytes: 0, deliveries: 0 }),
    close: async () => {}
  }
}
