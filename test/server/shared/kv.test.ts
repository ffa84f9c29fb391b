import { type AddressInfo, createServer, type Socket } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createMemoryKv, type Kv, KvError, KvFullError, KvTimeoutError } from "../../../server/shared/kv.ts"
import { createRedisKv } from "../../../server/shared/kvRedis.ts"
import { available, type RunningService, startRedis } from "../services.ts"

// The shared store's contract, the same on one process's memory and on Redis: what pending logins, codes and
// wake-ups rely on when a user's steps land on different instances.

const redisCheck = available().redis
let unique = 0
const fresh = (name: string) => `${name}${++unique}-${Date.now()}`

const contract = (name: string, open: () => Kv) => {
  describe(`the shared store on ${name}`, () => {
    let kv: Kv
    beforeAll(() => {
      kv = open()
    })
    afterAll(async () => {
      await kv.close()
    })

    it("keeps JSON values, refuses bigints, and forgets deleted or taken keys", async () => {
      const key = fresh("t:")
      expect(await kv.get(key)).toBeUndefined()
      expect(await kv.set(key, { a: [1, "x", null, true] }, { ttlMs: 60_000 })).toBe(true)
      expect(await kv.get(key)).toEqual({ a: [1, "x", null, true] })
      await expect(kv.set(key, { amount: 1n }, { ttlMs: 60_000 })).rejects.toBeInstanceOf(KvError)
      expect(await kv.get(key)).toEqual({ a: [1, "x", null, true] })
      await kv.del(key)
      expect(await kv.get(key)).toBeUndefined()
    })

    it("writes onlyIfAbsent once, and gives a taken value to one of two racing takers", async () => {
      const key = fresh("t:")
      expect(await kv.set(key, 1, { ttlMs: 60_000, onlyIfAbsent: true })).toBe(true)
      expect(await kv.set(key, 2, { ttlMs: 60_000, onlyIfAbsent: true })).toBe(false)
      const takes = await Promise.all([kv.take(key), kv.take(key), kv.take(key)])
      expect(takes.filter((value) => value !== undefined)).toEqual([1])
      expect(await kv.get(key)).toBeUndefined()
    })

    it("counts every racing update (read-modify-write is atomic) and deletes on request", async () => {
      const key = fresh("t:")
      await kv.set(key, { tries: 0 }, { ttlMs: 60_000 })
      const bump = () =>
        kv.update<{ tries: number }, number>(key, (entry) =>
          entry === undefined
            ? { result: -1 }
            : entry.tries >= 19
              ? { result: entry.tries + 1, change: "delete" }
              : { result: entry.tries + 1, change: { value: { tries: entry.tries + 1 } } }
        )
      const results = await Promise.all(Array.from({ length: 25 }, bump))
      expect(results.filter((n) => n > 0).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
      expect(results.filter((n) => n === -1)).toHaveLength(5)
      expect(await kv.get(key)).toBeUndefined()
    })

    it("counts with incr, atomically across racing callers", async () => {
      const key = fresh("c:")
      const counts = await Promise.all(Array.from({ length: 10 }, () => kv.incr(key, 60_000)))
      expect(counts.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    })

    it("bounds a group: a full group refuses a new key, keeps rewriting an old one, and frees a taken key's place", async () => {
      const group = fresh("g")
      for (let i = 0; i < 3; i++) await kv.set(`${group}:${i}`, i, { ttlMs: 60_000, max: 3 })
      await expect(kv.set(`${group}:new`, 9, { ttlMs: 60_000, max: 3 })).rejects.toBeInstanceOf(KvFullError)
      expect(await kv.set(`${group}:1`, 11, { ttlMs: 60_000, max: 3 })).toBe(true)
      expect(await kv.count(group)).toBe(3)
      expect(await kv.take(`${group}:0`)).toBe(0)
      expect(await kv.count(group)).toBe(2)
      expect(await kv.set(`${group}:new`, 9, { ttlMs: 60_000, max: 3 })).toBe(true)
      expect(await kv.get(`${group}:new`)).toBe(9)
    })

    it("delivers a published message to every subscriber until it unsubscribes", async () => {
      const channel = fresh("wake:")
      const seen: Array<string> = []
      const other: Array<string> = []
      const stop = await kv.subscribe(channel, (message) => seen.push(message))
      await kv.subscribe(channel, (message) => other.push(message))
      await kv.publish(channel, "one")
      await expect.poll(() => [seen, other]).toEqual([["one"], ["one"]])
      await stop()
      await kv.publish(channel, "two")
      await expect.poll(() => other).toEqual(["one", "two"])
      expect(seen).toEqual(["one"])
    })
  })
}

describe("the memory store", () => {
  contract("memory", () => createMemoryKv())

  it("expires entries (and frees their places in a group) by its clock", async () => {
    let clock = 0
    const kv = createMemoryKv({ now: () => clock })
    await kv.set("g:a", "a", { ttlMs: 100, max: 1 })
    await expect(kv.set("g:b", "b", { ttlMs: 100, max: 1 })).rejects.toBeInstanceOf(KvFullError)
    clock = 100
    expect(await kv.get("g:a")).toBeUndefined()
    expect(await kv.set("g:b", "b", { ttlMs: 100, max: 1 })).toBe(true)
    expect(await kv.count("g")).toBe(1)
  })

  it("keeps a bounded entry whose update gave it a longer life, and its place, past its first expiry", async () => {
    let clock = 0
    const kv = createMemoryKv({ now: () => clock })
    await kv.set("h:a", 1, { ttlMs: 100, max: 1 })
    clock = 50
    await kv.update<number, void>("h:a", (n) => ({ result: undefined, change: { value: (n ?? 0) + 1, ttlMs: 100 } }))
    clock = 120
    // a full group sweeps expired members first: the extended entry is not one of them
    await expect(kv.set("h:b", 0, { ttlMs: 100, max: 1 })).rejects.toBeInstanceOf(KvFullError)
    expect(await kv.get("h:a")).toBe(2)
    expect(await kv.count("h")).toBe(1)
  })
})

describe.skipIf(!redisCheck.ok)(`the Redis store${redisCheck.ok ? "" : ` (skipped: ${redisCheck.reason})`}`, () => {
  let redis: RunningService
  beforeAll(async () => {
    redis = await startRedis()
  }, 60_000)
  afterAll(async () => {
    await redis?.stop()
  })

  contract("Redis", () => createRedisKv({ url: redis.url, prefix: "kv-test:" }))

  it("shares entries and wake-ups between two instances' connections", async () => {
    const a = createRedisKv({ url: redis.url, prefix: "shared-test:" })
    const b = createRedisKv({ url: redis.url, prefix: "shared-test:" })
    try {
      await a.set("x:1", { who: "a" }, { ttlMs: 60_000 })
      expect(await b.take("x:1")).toEqual({ who: "a" })
      const heard: Array<string> = []
      await a.subscribe("wake", (message) => heard.push(message))
      await b.publish("wake", "approved")
      await expect.poll(() => heard).toEqual(["approved"])
    } finally {
      await Promise.all([a.close(), b.close()])
    }
  })

  it("holds a bounded entry's place in its group as long as an update extended its life", async () => {
    // The group index expires by the instances' clock; the entries' own TTLs (minutes) outlive the test.
    let clock = 0
    const kv = createRedisKv({ url: redis.url, prefix: "extend-test:", now: () => clock })
    try {
      await kv.set("h:a", 1, { ttlMs: 60_000, max: 1 })
      await kv.update<number, void>("h:a", (n) => ({
        result: undefined,
        change: { value: (n ?? 0) + 1, ttlMs: 120_000 }
      }))
      clock = 90_000
      await expect(kv.set("h:b", 0, { ttlMs: 60_000, max: 1 })).rejects.toBeInstanceOf(KvFullError)
      expect(await kv.count("h")).toBe(1)
      expect(await kv.get("h:a")).toBe(2)
    } finally {
      await kv.close()
    }
  })

  it("expires entries by their TTL", async () => {
    const kv = createRedisKv({ url: redis.url, prefix: "ttl-test:" })
    try {
      await kv.set("e:1", 1, { ttlMs: 30 })
      await expect.poll(() => kv.get("e:1"), { timeout: 2000 }).toBeUndefined()
    } finally {
      await kv.close()
    }
  })

  it("rejects with a KvTimeoutError when Redis does not answer in time", async () => {
    // A server that accepts connections and never answers: without the bound the call would wait forever.
    const sockets: Array<Socket> = []
    const silent = createServer((socket) => void sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve))
    const { port } = silent.address() as AddressInfo
    const kv = createRedisKv({ url: `redis://127.0.0.1:${port}`, timeoutMs: 200 })
    try {
      await expect(kv.get("any")).rejects.toBeInstanceOf(KvTimeoutError)
      await expect(kv.set("any", 1, { ttlMs: 1000 })).rejects.toThrow("Redis did not answer set within 200 ms")
    } finally {
      await kv.close()
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }
  })
})
