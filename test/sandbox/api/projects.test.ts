import { spawnSync } from "node:child_process"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { globMatches, isLoopbackOrigin, originAllowed } from "../../../sandbox/api/projects.ts"
import { call, demo, post, removeDir, startTestApi } from "./fixture.ts"

let api: Awaited<ReturnType<typeof startTestApi>>

beforeAll(async () => {
  api = await startTestApi()
})

afterAll(async () => {
  await api?.stop()
  if (api) removeDir(api.dir)
})

const event = (eventId: string) => ({
  eventId,
  url: "http://localhost:5173/",
  domain: "localhost",
  timestamp: 1_767_225_600_000,
  props: { type: "track", event: "MODAL_OPEN", properties: { connected: false } }
})

describe("origin patterns", () => {
  it("matches exact origins and '*' wildcards only", () => {
    expect(originAllowed("http://localhost:5173", ["http://localhost:*"])).toBe(true)
    expect(originAllowed("https://example", ["https://*.example"])).toBe(false)
    expect(originAllowed("https://a.b.example", ["https://*.example"])).toBe(true)
    expect(originAllowed("https://example.com", ["https://example.co"])).toBe(false)
    expect(originAllowed("https://exampleXcom", ["https://example.com"])).toBe(false)
    expect(originAllowed("http://localhost", [])).toBe(false)
  })

  it("agrees with a regular-expression reading of '*' on random patterns and origins", () => {
    const text = fc.string({ unit: fc.constantFrom("a", "b", ".", ":"), maxLength: 12 })
    const pattern = fc.string({ unit: fc.constantFrom("a", "b", ".", ":", "*"), maxLength: 8 })
    const reference = (origin: string, glob: string) =>
      new RegExp(
        `^${glob
          .split("*")
          .map((piece) => piece.replace(/[.]/g, "\\."))
          .join(".*")}$`
      ).test(origin)
    fc.assert(
      fc.property(text, pattern, (origin, glob) => globMatches(origin, glob) === reference(origin, glob)),
      {
        numRuns: 2000
      }
    )
  })

  it("answers a many-star pattern against a long origin without backtracking", () => {
    // In a child process: a backtracking matcher never returns, and the child is killed at the limit.
    const code = `import { originAllowed } from ${JSON.stringify(new URL("../../../sandbox/api/projects.ts", import.meta.url).pathname)}
console.log(JSON.stringify([originAllowed("http://" + "a".repeat(40), ["**********b"]), originAllowed("http://" + "a".repeat(5000) + "b", ["http://" + "*".repeat(200) + "b"])]))`
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", code], {
      encoding: "utf8",
      timeout: 20_000
    })
    expect(child.signal, "the matcher did not finish").toBeNull()
    expect(child.stdout.trim(), child.stderr).toBe("[false,true]")
  }, 30_000)
})

describe("loopback origins", () => {
  it("are http(s) pages on 127.0.0.1, localhost or [::1], on any port", () => {
    for (const origin of ["http://127.0.0.1:4400", "http://localhost", "https://localhost:5173", "http://[::1]:3000"])
      expect(isLoopbackOrigin(origin), origin).toBe(true)
    for (const origin of [
      "null",
      "https://evil.example",
      "http://127.0.0.1.evil.example",
      "http://localhost.evil.example",
      "http://192.168.1.20:5173",
      "file://localhost",
      "http://localhost:5173/path",
      ""
    ])
      expect(isLoopbackOrigin(origin), origin).toBe(false)
  })
})

describe("sandbox projects", () => {
  it("gives the demo project every feature on and analytics on", async () => {
    const config = (await call(api, `/appkit/v1/config?${demo}`)).body as {
      features: Array<{ id: string; isEnabled: boolean }>
    }
    expect(config.features.map((f) => f.id).sort()).toEqual(
      ["activity", "email_capture", "multi_wallet", "onramp", "reown_branding", "social_login", "swap"].sort()
    )
    expect(config.features.every((f) => f.isEnabled)).toBe(true)
    expect((await call(api, `/getAnalyticsConfig?${demo}`)).body).toEqual({ isAnalyticsEnabled: true })
  })

  it("creates and updates a project over POST /sandbox/projects", async () => {
    const created = await post(api, "/sandbox/projects", { id: "p-test", allowedOrigins: ["https://app.example"] })
    expect(created.status).toBe(200)
    expect((await call(api, "/projects/v1/origins?projectId=p-test")).body).toEqual({
      allowedOrigins: ["https://app.example"]
    })
    await post(api, "/sandbox/projects", {
      id: "p-test",
      features: [{ id: "swap", isEnabled: false, config: null }],
      analytics: false
    })
    expect((await call(api, "/appkit/v1/config?projectId=p-test")).body).toEqual({
      features: [{ id: "swap", isEnabled: false, config: null }]
    })
    expect((await call(api, "/getAnalyticsConfig?projectId=p-test")).body).toEqual({ isAnalyticsEnabled: false })
    // fields not sent keep their value
    expect((await call(api, "/projects/v1/origins?projectId=p-test")).body).toEqual({
      allowedOrigins: ["https://app.example"]
    })
    await post(api, "/sandbox/projects", { id: "p-test", mode: "jwt-not-yet-valid" })
    expect(await call(api, "/getAnalyticsConfig?projectId=p-test")).toMatchObject({
      status: 403,
      body: { message: "JWT validation error: JWT Token is not yet valid" }
    })
  })

  it("refuses more than 100 origin patterns, or a pattern longer than 253 characters, with 400", async () => {
    const patterns = (count: number) => Array.from({ length: count }, (_, i) => `https://app${i}.example`)
    expect((await post(api, "/sandbox/projects", { id: "p-caps", allowedOrigins: patterns(100) })).status).toBe(200)
    const tooMany = await post(api, "/sandbox/projects", { id: "p-caps", allowedOrigins: patterns(101) })
    expect(tooMany.status).toBe(400)
    const long = `https://${"a".repeat(245)}`
    expect(long).toHaveLength(253)
    expect((await post(api, "/sandbox/projects", { id: "p-caps", allowedOrigins: [long] })).status).toBe(200)
    const tooLong = await post(api, "/sandbox/projects", { id: "p-caps", allowedOrigins: [`${long}a`] })
    expect(tooLong.status).toBe(400)
    expect((tooLong.body as { message: string }).message).toMatch(/^Invalid body: /)
    expect((await call(api, "/projects/v1/origins?projectId=p-caps")).body).toEqual({ allowedOrigins: [long] })
  })

  it("refuses a malformed project update with 400", async () => {
    const answer = await post(api, "/sandbox/projects", { id: "p-bad", mode: "sometimes" })
    expect(answer.status).toBe(400)
    expect((answer.body as { message: string }).message).toMatch(/^Invalid body: /)
    expect((await call(api, "/getAnalyticsConfig?projectId=p-bad")).status).toBe(403)
  })

  it("stores analytics events for inspection, in order", async () => {
    await post(api, `/e?${demo}`, event("one"))
    const accepted = await post(api, `/e?${demo}`, event("two"))
    expect(accepted).toMatchObject({ status: 202, body: { accepted: true } })
    const stored = (await call(api, "/sandbox/events?projectId=airlock-demo")).body as {
      events: Array<{ body: { eventId: string; props: object } }>
    }
    expect(stored.events.map((e) => e.body.eventId)).toEqual(["one", "two"])
    expect(stored.events[0]!.body.props).toEqual(event("one").props)
  })

  it("drops events of a project with analytics off", async () => {
    const answer = await post(api, "/e?projectId=sandbox-analytics-off", event("dropped"))
    expect(answer).toMatchObject({ status: 202, body: { accepted: false } })
    expect((await call(api, "/sandbox/events?projectId=sandbox-analytics-off")).body).toEqual({ events: [] })
    expect((await call(api, "/getAnalyticsConfig?projectId=sandbox-analytics-off")).body).toEqual({
      isAnalyticsEnabled: false
    })
  })

  it("answers 403 to analytics of a project whose origin is refused, so the app can alert once", async () => {
    const answer = await post(api, "/e?projectId=sandbox-origin-not-allowed", event("x"))
    expect(answer).toMatchObject({ status: 403, body: { message: "Unauthorized: origin not allowed" } })
  })

  it("refuses an event without its required fields", async () => {
    expect((await post(api, `/e?${demo}`, { eventId: "x" })).status).toBe(400)
  })
})
