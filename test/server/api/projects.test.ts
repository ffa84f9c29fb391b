import { spawnSync } from "node:child_process"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { globMatches, isLoopbackOrigin, originAllowed } from "../../../server/api/projects.ts"
import { call, demo, post, removeDir, startTestApi } from "./fixture.ts"

let api: Awaited<ReturnType<typeof startTestApi>>

// A fresh PGlite database takes seconds to create on a busy machine.
beforeAll(async () => {
  api = await startTestApi()
}, 60_000)

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
    const code = `import { originAllowed } from ${JSON.stringify(new URL("../../../server/api/projects.ts", import.meta.url).pathname)}
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
    // One bad payload refuses the whole batch: nothing of it is stored.
    expect((await post(api, `/e?${demo}`, [event("batch-ok"), { eventId: "x" }])).status).toBe(400)
    const stored = (await call(api, "/sandbox/events?projectId=airlock-demo")).body as {
      events: Array<{ body: { eventId: string } }>
    }
    expect(stored.events.map((e) => e.body.eventId)).not.toContain("batch-ok")
  })

  it("stores a batch (an array of events, as core sends them) in order, and a beacon's text/plain batch too", async () => {
    const batch = await post(api, `/e?${demo}`, [event("b1"), event("b2"), event("b3")])
    expect(batch).toMatchObject({ status: 202, body: { accepted: true, count: 3 } })
    // navigator.sendBeacon with a string body sends text/plain.
    const beacon = await call(api, `/e?${demo}`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8" },
      body: JSON.stringify([event("b4")])
    })
    expect(beacon).toMatchObject({ status: 202, body: { accepted: true, count: 1 } })
    const stored = (await call(api, "/sandbox/events?projectId=airlock-demo")).body as {
      events: Array<{ body: { eventId: string } }>
    }
    expect(stored.events.map((e) => e.body.eventId).filter((id) => /^b\d$/.test(id))).toEqual(["b1", "b2", "b3", "b4"])
    // Other routes still refuse text/plain (a simple request no preflight guards).
    const control = await call(api, "/sandbox/projects", {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ id: "p-text" })
    })
    expect(control.status).toBe(415)
  })

  it("refuses a batch of more than 100 events with 413 and stores none of it", async () => {
    const many = Array.from({ length: 101 }, (_, i) => event(`many-${i}`))
    expect((await post(api, `/e?${demo}`, many)).status).toBe(413)
    const stored = (await call(api, "/sandbox/events?projectId=airlock-demo")).body as {
      events: Array<{ body: { eventId: string } }>
    }
    expect(stored.events.some((e) => e.body.eventId.startsWith("many-"))).toBe(false)
  })

  it("shows the project's funnel as an HTML page: counts per event and the latest events, hostile values as text", async () => {
    const hostile = "<script>alert(1)</script><img src=x onerror=alert(2)>"
    const project = "p-funnel"
    expect((await post(api, "/sandbox/projects", { id: project })).status).toBe(200)
    const at = (eventId: string, name: string, properties?: object) => ({
      ...event(eventId),
      props: { type: "track", event: name, ...(properties === undefined ? {} : { properties }) }
    })
    await post(api, `/e?projectId=${project}`, [
      at("f1", "MODAL_OPEN", { connected: false }),
      at("f2", "SELECT_WALLET", { name: hostile, platform: "browser" }),
      at("f3", "CONNECT_SUCCESS", { method: "browser", name: "Sandbox Wallet" }),
      at("f4", "MODAL_OPEN", { connected: true }),
      at("f5", hostile)
    ])
    const page = await call(api, `/sandbox/events?projectId=${project}&format=html`)
    expect(page.status).toBe(200)
    expect(page.type).toMatch(/^text\/html/)
    // A browser's navigation (Accept: text/html first) gets the page without the query too.
    const browser = await call(api, `/sandbox/events?projectId=${project}`, {
      headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" }
    })
    expect(browser.type).toMatch(/^text\/html/)
    // fetch's default Accept still gets JSON (the tests' reading).
    expect((await call(api, `/sandbox/events?projectId=${project}`)).type).toMatch(/^application\/json/)
    const html = page.text
    expect(html).toContain("<td>MODAL_OPEN</td><td>2</td>")
    expect(html).toContain("<td>SELECT_WALLET</td><td>1</td>")
    expect(html).toContain("<td>CONNECT_SUCCESS</td><td>1</td>")
    expect(html).toContain("5 events received")
    // Hostile values are text: no tag of theirs reaches the page.
    expect(html).not.toContain("<script>")
    expect(html).not.toContain("<img")
    expect(html).toContain("&#60;script&#62;alert(1)&#60;/script&#62;")
    // The newest event first in the latest list.
    const latest = html.slice(html.indexOf("Latest events"))
    const newest = latest.indexOf(
      "&#60;script&#62;alert(1)&#60;/script&#62;&#60;img src=x onerror=alert(2)&#62;</td><td>track"
    )
    expect(newest).toBeGreaterThan(0)
    expect(newest).toBeLessThan(latest.indexOf("<td>CONNECT_SUCCESS</td><td>track"))
  })
})
