/**
 * Email-capture codes on the shared store, as two API instances use them: a code one issued confirms at the other,
 * the cooldown holds across both, and wrong answers racing on both all count.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EmailCodeError } from "../../../server/emailCodes.ts"
import { createKvEmailCodeStore } from "../../../server/shared/emailCodes.ts"
import { createMemoryKv, type Kv } from "../../../server/shared/kv.ts"
import { createRedisKv } from "../../../server/shared/kvRedis.ts"
import { available, type RunningService, startRedis } from "../services.ts"

const account = "eip155:1:0x52908400098527886E0F7030069857D2E4169EE7"
const redisCheck = available().redis
let counter = 0

const refusal = async (run: Promise<unknown>) => {
  try {
    await run
  } catch (error) {
    if (error instanceof EmailCodeError) return `${error.reason}: ${error.message}`
    throw error
  }
  throw new Error("expected a refusal")
}

const contract = (name: string, openKv: () => Kv) => {
  describe(`email codes on ${name}`, () => {
    let kv: Kv
    beforeAll(() => {
      kv = openKv()
    })
    afterAll(async () => {
      await kv.close()
    })
    const pair = () => {
      const prefix = `api:email-codes:test${++counter}-${Date.now()}`
      return [createKvEmailCodeStore({ kv, prefix }), createKvEmailCodeStore({ kv, prefix })] as const
    }

    it("confirms at B a code A issued, once, and keeps one code per address per 20 s across both", async () => {
      const [a, b] = pair()
      const { uuid, code } = await a.issue("Ada@example.com", account)
      expect(await refusal(b.issue("ada@example.com", account))).toMatch(/^cooldown: A code was just sent/)
      expect(await b.confirm(uuid, ` ${code} `)).toEqual({ email: "Ada@example.com", account })
      expect(await refusal(a.confirm(uuid, code))).toBe("unknown: Code expired: request a new code")
      // the address proved itself: a new code needs no wait
      expect((await b.issue("ada@example.com", account)).code).toMatch(/^\d{6}$/)
    })

    it("counts wrong answers racing on A and B together, then voids the code", async () => {
      const [a, b] = pair()
      const { uuid, code } = await a.issue("grace@example.com", account)
      const wrong = code === "000000" ? "111111" : "000000"
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) => refusal((i % 2 === 0 ? a : b).confirm(uuid, wrong)))
      )
      expect(answers.sort()).toEqual([
        "too-many: Too many wrong codes: request a new code",
        "wrong: Invalid code: 1 try left",
        "wrong: Invalid code: 2 tries left",
        "wrong: Invalid code: 3 tries left",
        "wrong: Invalid code: 4 tries left"
      ])
      expect(await refusal(b.confirm(uuid, code))).toMatch(/^unknown:/)
    })
  })
}

contract("memory", () => createMemoryKv())

describe.skipIf(!redisCheck.ok)(`on Redis${redisCheck.ok ? "" : ` (skipped: ${redisCheck.reason})`}`, () => {
  let redis: RunningService
  beforeAll(async () => {
    redis = await startRedis()
  }, 60_000)
  afterAll(async () => {
    await redis?.stop()
  })
  contract("Redis", () => createRedisKv({ url: redis.url }))
})
