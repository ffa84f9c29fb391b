/**
 * Two secure-site instances behind one load balancer, sharing one database and one shared store (memory in one
 * process, and real Redis): a login's steps may land on either instance and still work, wrong guesses count across
 * both, and a long-poll parked on one wakes when the other approves.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openApiDb } from "../../../server/api/db.ts"
import { makeProjects } from "../../../server/api/projects.ts"
import type { FrameLimits } from "../../../server/frame/auth.ts"
import { maxCodeTries } from "../../../server/frame/codes.ts"
import { type FrameServer, startFrame } from "../../../server/frame/server.ts"
import { developmentKeyEncryptionKey } from "../../../server/frame/store.ts"
import { createMemoryKv, type Kv } from "../../../server/shared/kv.ts"
import { createRedisKv } from "../../../server/shared/kvRedis.ts"
import { openSql, type Sql } from "../../../server/store/sql.ts"
import { latestCode, newDevice, post } from "../frame/fixture.ts"
import { available, type RunningService, startRedis } from "../services.ts"

const redisCheck = available().redis
let counter = 0
const freshEmail = () => `shared${++counter}.${Date.now()}@example.com`

/** Two instances on one database and one shared store; `reads` lists the store reads of Farcaster channels on A. */
interface Pair {
  readonly a: FrameServer
  readonly b: FrameServer
  readonly channelReads: Array<string>
  readonly stop: () => Promise<void>
}

const startPair = async (kv: Kv, limits: Partial<FrameLimits> = {}): Promise<Pair> => {
  const dir = mkdtempSync(join(tmpdir(), "airlock-shared-frames-"))
  const sql: Sql = await openSql({ dataDir: join(dir, "pg") })
  const projects = await makeProjects(await openApiDb(sql), Date.now)
  const channelReads: Array<string> = []
  // A's view of the store notes when it reads a Farcaster channel: the test then knows its long-poll is parked.
  const watched: Kv = {
    ...kv,
    get: async <T>(key: string) => {
      const value = await kv.get<T>(key)
      if (key.startsWith("frame:farcaster:")) channelReads.push(key)
      return value
    }
  }
  // A long-poll far longer than the test: only a wake-up can answer it in time.
  const common = {
    dataDir: dir,
    sql,
    keyEncryptionKey: developmentKeyEncryptionKey,
    projects,
    longPollMs: 120_000,
    limits
  }
  const a = await startFrame({ ...common, kv: watched })
  const b = await startFrame({ ...common, kv })
  return {
    a,
    b,
    channelReads,
    stop: async () => {
      await Promise.all([a.stop(), b.stop()])
      await sql.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

const scenarios = (name: string, openKv: () => Kv) => {
  describe(`two secure-site instances sharing ${name}`, () => {
    let kv: Kv
    let pair: Pair
    beforeAll(async () => {
      kv = openKv()
      pair = await startPair(kv)
    }, 120_000)
    afterAll(async () => {
      await pair?.stop()
      await kv?.close()
    })

    it("completes on B an email login started on A, with the mailed code, and the session works on both", async () => {
      const { a, b } = pair
      const email = freshEmail()
      const started = await post(a, "/api/email/connect", { email, deviceId: newDevice() })
      expect(started.body.action).toBe("VERIFY_OTP")
      const done = await post(b, "/api/email/otp", { loginId: started.body.loginId, otp: await latestCode(a, email) })
      expect(done.status, JSON.stringify(done.body)).toBe(200)
      expect(done.body.account.email).toBe(email)
      expect((await post(a, "/api/session", {}, done.body.token)).status).toBe(200)
      // the code is spent on every instance
      const again = await post(a, "/api/email/otp", { loginId: started.body.loginId, otp: await latestCode(a, email) })
      expect(again.status).toBe(400)
    })

    it("counts wrong codes racing on A and B together: the code is void after 5 in all", async () => {
      const { a, b } = pair
      const email = freshEmail()
      const started = await post(a, "/api/email/connect", { email, deviceId: newDevice() })
      const code = await latestCode(b, email)
      const wrong = code === "000000" ? "111111" : "000000"
      const answers = await Promise.all(
        Array.from({ length: maxCodeTries }, (_, i) =>
          post(i % 2 === 0 ? a : b, "/api/email/otp", { loginId: started.body.loginId, otp: wrong })
        )
      )
      // each wrong answer saw the count the one before it left: no two read the same count
      expect(answers.map((answer) => answer.body.message).sort()).toEqual([
        "Invalid code: 1 try left",
        "Invalid code: 2 tries left",
        "Invalid code: 3 tries left",
        "Invalid code: 4 tries left",
        "Too many wrong codes: request a new code"
      ])
      const right = await post(b, "/api/email/otp", { loginId: started.body.loginId, otp: code })
      expect(right.status).toBe(400)
      expect((await post(a, "/api/email/otp", { loginId: started.body.loginId, otp: code })).status).toBe(400)
    })

    it("wakes a Farcaster long-poll waiting on A when B approves the channel", async () => {
      const { a, b, channelReads } = pair
      const started = await post(a, "/api/farcaster/start", { appName: "Demo" })
      const key = `frame:farcaster:${started.body.channel}`
      const waiting = post(a, "/api/farcaster/connect", { channel: started.body.channel, deviceId: newDevice() })
      // The long-poll read the channel twice (before parking, and after): it now waits for a wake-up.
      await expect.poll(() => channelReads.filter((read) => read === key).length, { timeout: 20_000 }).toBe(2)
      const approved = await fetch(`${b.url}/farcaster/${started.body.channel}/approve`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: b.url },
        body: new URLSearchParams({ username: "shared.eth" }).toString()
      })
      expect(approved.status).toBe(200)
      const login = await waiting
      expect(login.status, JSON.stringify(login.body)).toBe(200)
      expect(login.body.account).toMatchObject({ username: "shared.eth", provider: "farcaster" })
      // spent: neither instance answers it again
      expect(
        (await post(b, "/api/farcaster/connect", { channel: started.body.channel, deviceId: newDevice() })).status
      ).toBe(400)
    }, 60_000)
  })
}

const limitScenarios = (name: string, openKv: () => Kv) => {
  describe(`the sign-in limits of two secure-site instances sharing ${name}`, () => {
    let kv: Kv
    let pair: Pair
    beforeAll(async () => {
      kv = openKv()
      pair = await startPair(kv, { codeAnswersPerEmail: 4 })
    }, 120_000)
    afterAll(async () => {
      await pair?.stop()
      await kv?.close()
    })

    it("mails one code for an email asked on A and B at once", async () => {
      const { a, b } = pair
      const email = freshEmail()
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          post(i % 2 === 0 ? a : b, "/api/email/connect", { email, deviceId: newDevice() })
        )
      )
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
      const refused = answers.filter((answer) => answer.status === 429)
      expect(refused).toHaveLength(19)
      for (const answer of refused)
        expect(answer.body.message).toMatch(/^A code was just sent to this email: try again in \d+ seconds$/)
    })

    it("spends an email's answers on A and B together: the right code is refused once they are used up", async () => {
      const { a, b } = pair
      const email = freshEmail()
      const started = await post(a, "/api/email/connect", { email, deviceId: newDevice() })
      expect(started.status).toBe(200)
      const code = await latestCode(a, email)
      const wrong = code === "000000" ? "111111" : "000000"
      const messages: Array<string> = []
      for (const server of [a, b, a, b])
        messages.push(
          (await post(server, "/api/email/otp", { loginId: started.body.loginId, otp: wrong })).body.message
        )
      expect(messages).toEqual([
        "Invalid code: 4 tries left",
        "Invalid code: 3 tries left",
        "Invalid code: 2 tries left",
        "Invalid code: 1 try left"
      ])
      // Each instance saw two answers; together they are the email's four.
      for (const server of [a, b]) {
        const refused = await post(server, "/api/email/otp", { loginId: started.body.loginId, otp: code })
        expect(refused.status).toBe(429)
        expect(refused.body.message).toMatch(/^Too many codes tried for this email: try again in \d+ seconds$/)
      }
    })
  })
}

scenarios("one process's memory store", () => createMemoryKv())
limitScenarios("one process's memory store", () => createMemoryKv())

describe.skipIf(!redisCheck.ok)(`on Redis${redisCheck.ok ? "" : ` (skipped: ${redisCheck.reason})`}`, () => {
  let redis: RunningService
  beforeAll(async () => {
    redis = await startRedis()
  }, 60_000)
  afterAll(async () => {
    await redis?.stop()
  })
  scenarios("one Redis", () => createRedisKv({ url: redis.url }))
  limitScenarios("one Redis", () => createRedisKv({ url: redis.url }))
})
