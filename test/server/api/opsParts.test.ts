/**
 * The operations building blocks on their own (no database): the Prometheus text, log redaction, the admin gate,
 * readiness timeouts and drain's time limit on a plain Node server.
 */
import { createServer, type Server } from "node:http"
import { describe, expect, it } from "vitest"
import { makeAdminAuth } from "../../../server/http/adminAuth.ts"
import { entrySink, memoryLogger, silentLogger } from "../../../server/http/log.ts"
import { makeMetrics } from "../../../server/http/metrics.ts"
import { makeOps, readinessTimeoutMs } from "../../../server/http/ops.ts"
import { drain, trackConnections } from "../../../server/http/shutdown.ts"
import { openRaw, rawGet, refused } from "./rawHttp.ts"

describe("metrics registry", () => {
  it("renders counters, cumulative histogram buckets and gauges in the text format", () => {
    const metrics = makeMetrics()
    const hits = metrics.counter("hits_total", "Hits.")
    hits.inc({ route: '/a"b\\c\nd' })
    hits.inc({ route: '/a"b\\c\nd' }, 2)
    expect(metrics.counter("hits_total", "Hits.")).toBe(hits)
    const latency = metrics.histogram("latency_seconds", "Latency.", [0.1, 1])
    latency.observe({ route: "/x" }, 0.05)
    latency.observe({ route: "/x" }, 0.5)
    latency.observe({ route: "/x" }, 5)
    metrics.gauge("relay_sockets", "Open sockets.", () => 3)
    metrics.gauge("frame_sessions", "Sessions.", () => [{ labels: { kind: "otp" }, value: 2 }])
    const text = metrics.render()
    expect(text).toContain('# TYPE hits_total counter\nhits_total{route="/a\\"b\\\\c\\nd"} 3\n')
    expect(text).toContain('latency_seconds_bucket{route="/x",le="0.1"} 1')
    expect(text).toContain('latency_seconds_bucket{route="/x",le="1"} 2')
    expect(text).toContain('latency_seconds_bucket{route="/x",le="+Inf"} 3')
    expect(text).toContain('latency_seconds_count{route="/x"} 3')
    expect(text).toContain("# TYPE relay_sockets gauge\nrelay_sockets 3\n")
    expect(text).toContain('frame_sessions{kind="otp"} 2')
  })

  it("refuses a second gauge of one name and leaves a broken gauge out of the scrape", () => {
    const metrics = makeMetrics()
    metrics.gauge("relay_sockets", "Open sockets.", () => 1)
    expect(() => metrics.gauge("relay_sockets", "Again.", () => 2)).toThrow(/already registered/)
    expect(() => metrics.counter("relay_sockets", "Counter now.")).toThrow(/is a gauge/)
    expect(() => metrics.counter("bad name", "x")).toThrow(/Invalid metric name/)
    metrics.gauge("broken", "Throws.", () => {
      throw new Error("down")
    })
    const text = metrics.render()
    expect(text).toContain("relay_sockets 1")
    expect(text).not.toContain("broken")
  })
})

describe("logs", () => {
  it("redact fields whose names look secret and keep request fields", () => {
    const logger = memoryLogger()
    logger.warn("x", { requestId: "r-1", status: 401, authorization: "Bearer t0k", privateKey: "0xabc", otp: "123456" })
    entrySink(logger)({ level: "warn", msg: "from entry", cookie: "s=1", nested: { a: 1 } })
    const [first, second] = logger.lines.map((line) => JSON.parse(line))
    expect(first).toMatchObject({ level: "warn", requestId: "r-1", status: 401, authorization: "[redacted]" })
    expect(first).toMatchObject({ privateKey: "[redacted]", otp: "[redacted]" })
    expect(second).toMatchObject({ level: "warn", msg: "from entry", cookie: "[redacted]", nested: '{"a":1}' })
    expect(logger.lines.join("\n")).not.toMatch(/t0k|0xabc|123456|s=1/)
  })
})

describe("admin gate", () => {
  const auth = makeAdminAuth("a-long-enough-admin-token-for-tests-000")
  it("accepts only the exact bearer token, and refuses any browser page", () => {
    expect(auth({ authorization: "Bearer a-long-enough-admin-token-for-tests-000" })).toEqual({ ok: true })
    expect(auth({ authorization: "bearer a-long-enough-admin-token-for-tests-000" })).toEqual({ ok: true })
    for (const authorization of [
      undefined,
      "",
      "Bearer",
      "Bearer a-long",
      "Basic a-long-enough-admin-token-for-tests-000"
    ])
      expect(auth({ authorization })).toMatchObject({ ok: false, status: 401 })
    const page = auth({ authorization: "Bearer a-long-enough-admin-token-for-tests-000", origin: "https://x.example" })
    expect(page).toMatchObject({ ok: false, status: 403 })
  })
})

describe("readiness", () => {
  it("counts a check that never answers as timed out after one second", async () => {
    const ops = makeOps({
      checks: [
        { name: "db", check: () => undefined },
        { name: "redis", check: () => new Promise(() => {}) }
      ],
      metrics: makeMetrics(),
      logger: silentLogger
    })
    const started = Date.now()
    expect(await ops.readiness()).toEqual({ ready: false, draining: false, checks: { db: "ok", redis: "timeout" } })
    expect(Date.now() - started).toBeGreaterThanOrEqual(readinessTimeoutMs - 50)
    ops.startDraining()
    expect(await ops.readiness()).toMatchObject({ ready: false, draining: true })
  })
})

describe("drain", () => {
  const listen = async (server: Server) => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const address = server.address()
    return typeof address === "object" && address !== null ? address.port : 0
  }

  it("cuts a request still running when the time is up, and resolves", async () => {
    let entered!: () => void
    const inside = new Promise<void>((resolve) => {
      entered = resolve
    })
    const server = createServer(() => entered())
    trackConnections(server)
    const port = await listen(server)
    const connection = await openRaw(port)
    connection.send(rawGet("/never"))
    await inside
    const started = Date.now()
    const draining = drain(server, { timeoutMs: 200 })
    expect(await refused(port)).toBe(true)
    await draining
    expect(Date.now() - started).toBeGreaterThanOrEqual(150)
    expect(await connection.closed).toBe("")
  })
})
