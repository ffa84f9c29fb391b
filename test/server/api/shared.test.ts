/**
 * Two API instances sharing one real Redis, as behind a load balancer: requests alternated between them count
 * against one limit, and a sign-in nonce issued by one is accepted once by the other. The Redis nonce store keeps the
 * in-memory store's contract (single use, expiring, bounded), and a Redis that is down lets requests through.
 */
import { Redis } from "ioredis"
import { keccak256, toHex } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { createSiweMessage } from "viem/siwe"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createMemoryRateLimiter, createRedisRateLimiter } from "../../../server/http/rateLimit.ts"
import { NonceStoreFullError } from "../../../server/nonce.ts"
import { createRedisNonceStore } from "../../../server/nonceRedis.ts"
import { available, freePort, type RunningService, startRedis } from "../services.ts"
import { call, removeDir, startTestApi } from "./fixture.ts"

const { redis: redisAvailable } = available()
type Api = Awaited<ReturnType<typeof startTestApi>>

describe.skipIf(!redisAvailable.ok)(`two instances on one Redis ${redisAvailable.reason}`, () => {
  let service: RunningService
  let a: Api
  let b: Api
  let client: Redis
  let clock = 12_000_000
  const page = "http://127.0.0.1:5173"
  beforeAll(async () => {
    service = await startRedis()
    const rateLimits = { perIp: { limit: 6, windowMs: 60_000 }, perProject: false as const, now: () => clock }
    a = await startTestApi({ redisUrl: service.url, rateLimits, now: () => clock })
    b = await startTestApi({ redisUrl: service.url, rateLimits, now: () => clock })
    client = new Redis(service.url, { lazyConnect: true })
    await client.connect()
  }, 90_000)
  afterAll(async () => {
    for (const api of [a, b]) {
      await api?.stop()
      if (api) removeDir(api.dir)
    }
    await client?.quit()
    await service?.stop()
  })

  it("counts requests alternated between the instances against one shared limit", async () => {
    const statuses: Array<number> = []
    for (let i = 0; i < 8; i++)
      statuses.push((await call(i % 2 === 0 ? a : b, "/getAnalyticsConfig?projectId=airlock-demo")).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429])
    clock += 60_000
    expect((await call(b, "/getAnalyticsConfig?projectId=airlock-demo")).status).toBe(200)
  })

  it("accepts a nonce issued by one instance once at the other, and refuses its reuse at the first", async () => {
    clock += 60_000
    const signer = privateKeyToAccount(keccak256(toHex("airlock shared nonce test")))
    const nonceAnswer = await call(a, "/auth/v1/nonce?projectId=airlock-demo", { headers: { origin: page } })
    const { nonce } = nonceAnswer.body as { nonce: string }
    const message = createSiweMessage({
      domain: "127.0.0.1:5173",
      uri: `${page}/`,
      address: signer.address,
      chainId: 1,
      version: "1",
      nonce,
      issuedAt: new Date(clock)
    })
    const body = JSON.stringify({ message, signature: await signer.signMessage({ message }) })
    const authenticate = (api: Api) =>
      call(api, "/auth/v1/authenticate?projectId=airlock-demo", {
        method: "POST",
        headers: { origin: page, "content-type": "application/json" },
        body
      })
    const first = await authenticate(b)
    expect(first.status, first.text).toBe(200)
    const again = await authenticate(a)
    expect(again.status).toBe(401)
  })

  it("keeps the nonce store's contract in Redis: single use, expiring, bounded", async () => {
    let now = 1_000
    const store = createRedisNonceStore({ redis: client, key: "test:nonces", ttlMs: 1_000, max: 2, now: () => now })
    const first = await store.issue()
    expect(first).toMatch(/^[A-Za-z0-9]{24}$/)
    const second = await store.issue()
    await expect(store.issue()).rejects.toBeInstanceOf(NonceStoreFullError)
    expect(await store.consume(first)).toBe(true)
    expect(await store.consume(first)).toBe(false)
    expect(await store.consume("not a nonce")).toBe(false)
    now += 1_000
    expect(await store.consume(second)).toBe(false)
    // Expired nonces free their places.
    await store.issue()
    await store.issue()
  })
})

describe("a Redis that is down", () => {
  it("lets requests through uncounted (fail open) and says so, within the timeout", async () => {
    const port = await freePort()
    const down = new Redis({ port, lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 })
    down.on("error", () => {})
    const warnings: Array<string> = []
    const limiter = createRedisRateLimiter({ redis: down, timeoutMs: 200, warn: (message) => warnings.push(message) })
    const rule = { limit: 1, windowMs: 60_000 }
    expect((await limiter.hit("ip:x", rule)).allowed).toBe(true)
    expect((await limiter.hit("ip:x", rule)).allowed).toBe(true)
    expect(warnings).toHaveLength(2)
    down.disconnect()
  })

  it("a Redis that never answers is bounded by the timeout", async () => {
    const never = { eval: () => new Promise<unknown>(() => {}) }
    const warnings: Array<string> = []
    const limiter = createRedisRateLimiter({ redis: never, timeoutMs: 50, warn: (message) => warnings.push(message) })
    expect(await limiter.hit("k", { limit: 1, windowMs: 1000 })).toMatchObject({ allowed: true })
    expect(warnings).toEqual(["rate limit: Redis failed, request let through uncounted"])
  })
})

describe("the in-memory limiter", () => {
  it("forgets the oldest keys, not the newest, under a flood of distinct keys", async () => {
    let now = 0
    const limiter = createMemoryRateLimiter({ now: () => now, maxKeys: 100 })
    const rule = { limit: 1, windowMs: 1000 }
    for (let i = 0; i < 1000; i++) await limiter.hit(`k${i}`, rule)
    // The newest keys are still counted.
    expect((await limiter.hit("k999", rule)).allowed).toBe(false)
    now += 1000
    expect((await limiter.hit("k999", rule)).allowed).toBe(true)
  })
})
