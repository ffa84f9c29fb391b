/**
 * The secure site's rate limits on the shared store: a sliding window per key that says how long to wait, a bounded
 * number of keys, and IPv6 addresses counted as whole keys.
 */
import { describe, expect, it } from "vitest"
import { makeRateLimit } from "../../../server/frame/limits.ts"
import { createMemoryKv } from "../../../server/shared/kv.ts"

const setup = (options: { limit: number; windowMs: number; capacity?: number }) => {
  let clock = 1_000_000
  const kv = createMemoryKv({ now: () => clock })
  const limit = makeRateLimit(kv, {
    name: "test",
    now: () => clock,
    message: (seconds) => `Wait ${seconds} s`,
    ...options
  })
  const advance = (ms: number) => {
    clock += ms
  }
  return { kv, limit, advance }
}

describe("a rate limit on the shared store", () => {
  it("slides its window: a request frees its place once it is windowMs old, and the 429 says when", async () => {
    const { limit, advance } = setup({ limit: 2, windowMs: 10_000 })
    await limit.take("k")
    advance(5_000)
    await limit.take("k")
    advance(1_000)
    await expect(limit.take("k")).rejects.toMatchObject({ status: 429, message: "Wait 4 s" })
    await expect(limit.check("k")).rejects.toMatchObject({ status: 429, message: "Wait 4 s" })
    advance(4_000)
    await limit.check("k")
    await limit.take("k")
    // the one taken at 5 s is now the oldest: it leaves the window in 5 s
    await expect(limit.take("k")).rejects.toMatchObject({ message: "Wait 5 s" })
  })

  it("counts a burst at one instant, and forgets a key on clear", async () => {
    const { limit } = setup({ limit: 3, windowMs: 60_000 })
    await Promise.all([limit.take("k"), limit.take("k"), limit.take("k")])
    await expect(limit.take("k")).rejects.toMatchObject({ message: "Wait 60 s" })
    await limit.clear("k")
    await limit.take("k")
  })

  it("tracks at most `capacity` keys, refusing a new one until one expires, and keeps IPv6 addresses apart", async () => {
    const { kv, limit, advance } = setup({ limit: 5, windowMs: 10_000, capacity: 2 })
    await limit.take("::ffff:10.0.0.1")
    await limit.take("::ffff:10.0.0.2")
    await expect(limit.take("2001:db8::1")).rejects.toMatchObject({ status: 429, message: "Wait 10 s" })
    // known keys still count
    await limit.take("::ffff:10.0.0.1")
    expect(await kv.count("frame:limit:test")).toBe(2)
    advance(10_000)
    await limit.take("2001:db8::1")
  })
})
