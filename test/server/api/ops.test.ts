/**
 * The API's operations side as an operator meets it: health and readiness probes, Prometheus metrics, the admin
 * routes behind the admin token, graceful drain on stop, and request logs that never carry a secret.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import type { ApiRoute } from "../../../server/api/app.ts"
import { memoryLogger } from "../../../server/http/log.ts"
import { openSql, type Sql } from "../../../server/store/sql.ts"
import { available, startRedis } from "../services.ts"
import { type Answer, call, demo, removeDir, startTestApi } from "./fixture.ts"
import { openRaw, rawGet, refused, statuses } from "./rawHttp.ts"

type TestApi = Awaited<ReturnType<typeof startTestApi>>

const token = "test-admin-token-0123456789abcdef0123456789"
const bearer = { authorization: `Bearer ${token}` }
const logger = memoryLogger()
let api: TestApi
let open: TestApi
// One in-memory PGlite for every server of this file: starting PGlite is the slow part of starting the API.
let sql: Sql

beforeAll(async () => {
  sql = await openSql({})
  api = await startTestApi({ sql, adminToken: token, logger, sandboxControl: false })
  open = await startTestApi({ sql, rateLimits: false })
}, 180_000)
afterAll(async () => {
  await Promise.all([api?.stop(), open?.stop()])
  await sql?.close()
  for (const server of [api, open]) if (server) removeDir(server.dir)
})

/** Parses Prometheus text: every sample line as `name{labels}` -> value; a malformed line fails the test. */
const samples = (text: string): Map<string, number> => {
  const out = new Map<string, number>()
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("# HELP ") || line.startsWith("# TYPE ")) continue
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{(?:[a-zA-Z_]\w*="(?:[^"\\]|\\.)*",?)*\})?) (\S+)$/.exec(line)
    expect(match, `malformed metrics line: ${line}`).not.toBeNull()
    out.set(match![1]!, Number(match![2]))
  }
  return out
}

const metrics = async (server: TestApi = api) => {
  const answer = await call(server, "/metrics", { headers: bearer })
  expect(answer.status).toBe(200)
  expect(answer.type).toMatch(/^text\/plain; version=0\.0\.4/)
  return samples(answer.text)
}

const configCount = (all: Map<string, number>) =>
  all.get('http_requests_total{method="GET",route="/appkit/v1/config",status="200"}') ?? 0

describe("probes", () => {
  it("/healthz answers 200 and /readyz 200 with the database checked", async () => {
    expect((await call(api, "/healthz")).status).toBe(200)
    const ready = await call(api, "/readyz")
    expect(ready.status).toBe(200)
    expect(ready.body).toEqual({ status: "ready", checks: { db: "ok" } })
  })

  it("answers every request with a request id, keeping a plain one the caller sent", async () => {
    const own = await fetch(`${api.url}/healthz`, { headers: { "x-request-id": "lb-trace-0001" } })
    expect(own.headers.get("x-request-id")).toBe("lb-trace-0001")
    const odd = await fetch(`${api.url}/healthz`, { headers: { "x-request-id": "<script>" } })
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe.skipIf(!available().redis.ok)("readiness with Redis", () => {
  it("names redis as the failed part once Redis stops answering", async () => {
    const redis = await startRedis()
    const withRedis = await startTestApi({ sql, redisUrl: redis.url })
    try {
      expect((await call(withRedis, "/readyz")).body).toEqual({ status: "ready", checks: { db: "ok", redis: "ok" } })
      await redis.stop()
      // Readiness answers are reused for 1 s and each check has 1 s: on a busy machine the change takes a few seconds.
      await vi.waitFor(
        async () => {
          const answer = await call(withRedis, "/readyz")
          expect(answer.status).toBe(503)
          expect(answer.body).toMatchObject({ status: "not ready", failed: ["redis"], checks: { db: "ok" } })
        },
        { timeout: 20_000, interval: 200 }
      )
    } finally {
      await withRedis.stop()
      await redis.stop()
      removeDir(withRedis.dir)
    }
  }, 60_000)
})

describe("metrics", () => {
  it("counts requests by route pattern, never by raw path", async () => {
    const before = configCount(await metrics())
    expect((await call(api, `/appkit/v1/config?${demo}`)).status).toBe(200)
    await call(api, `/getWalletImage/secret-wallet-id-42?${demo}`)
    await call(api, "/no/such/path/4242")
    const after = await vi.waitFor(async () => {
      const all = await metrics()
      expect(configCount(all)).toBe(before + 1)
      return all
    }, 10_000)
    const names = [...after.keys()]
    expect(names.some((name) => name.includes('route="/getWalletImage/:id"'))).toBe(true)
    expect(names.some((name) => name.includes('route="unmatched"'))).toBe(true)
    expect(names.join("\n")).not.toMatch(/secret-wallet-id-42|4242/)
    expect(names).toContain('http_request_duration_seconds_bucket{route="/appkit/v1/config",le="+Inf"}')
    expect(after.get("process_resident_memory_bytes")).toBeGreaterThan(0)
    expect(after.get("nodejs_heap_used_bytes")).toBeGreaterThan(0)
  })

  it("puts /metrics behind the admin token when there is one, and leaves it open when not", async () => {
    expect((await call(api, "/metrics")).status).toBe(401)
    expect((await call(open, "/metrics")).status).toBe(200)
  })
})

describe("admin routes", () => {
  const admin = (path: string, init: RequestInit = {}, server: TestApi = api): Promise<Answer> =>
    call(server, path, {
      ...init,
      headers: {
        ...bearer,
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...init.headers
      }
    })
  const put = (id: string, body: unknown) =>
    admin(`/admin/v1/projects/${id}`, { method: "PUT", body: JSON.stringify(body) })

  it("need the right token, give no hint which part was wrong, and refuse browser pages", async () => {
    const none = await call(api, "/admin/v1/projects")
    const wrong = await call(api, "/admin/v1/projects", { headers: { authorization: `Bearer ${token}x` } })
    expect([none.status, wrong.status]).toEqual([401, 401])
    expect(wrong.body).toEqual(none.body)
    expect((await admin("/admin/v1/projects")).status).toBe(200)
    const page = await admin("/admin/v1/projects", { headers: { origin: "http://127.0.0.1:5173" } })
    expect(page.status).toBe(403)
  })

  it("answer 404 on a server without an admin token", async () => {
    expect((await admin("/admin/v1/projects", {}, open)).status).toBe(404)
  })

  it("create a project the API then serves with its origins enforced, and delete it", async () => {
    const features = [{ id: "swap", isEnabled: true, config: ["1inch"] }]
    const created = await put("shop-1", { name: "Shop", allowedOrigins: ["https://*.shop.example"], features })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ id: "shop-1", name: "Shop", mode: "ok", analytics: false })
    const config = (origin: string) => call(api, "/appkit/v1/config?projectId=shop-1", { headers: { origin } })
    const allowed = await config("https://app.shop.example")
    expect(allowed.status).toBe(200)
    expect(allowed.body).toMatchObject({ features })
    expect((await config("https://evil.example")).status).toBe(403)

    expect((await put("shop-1", { allowedOrigins: ["https://evil.example"] })).status).toBe(200)
    expect((await config("https://evil.example")).status).toBe(200)
    expect((await admin("/admin/v1/projects/shop-1")).body).toMatchObject({ features: [], name: "shop-1" })

    expect((await admin("/admin/v1/projects/shop-1", { method: "DELETE" })).status).toBe(204)
    expect((await admin("/admin/v1/projects/shop-1")).status).toBe(404)
    expect((await config("https://evil.example")).status).toBe(403)
  })

  it("refuse invalid origin patterns and project ids with 400", async () => {
    for (const origin of ["https://a.example/path", "https://a.example:99999", "javascript:alert(1)", "a b"])
      expect((await put("shop-2", { allowedOrigins: [origin] })).status, origin).toBe(400)
    expect((await put("bad%20id", { allowedOrigins: [] })).status).toBe(400)
    expect((await admin("/admin/v1/projects/shop-2")).status).toBe(404)
  })

  it("leave out the sandbox control routes when sandboxControl is false", async () => {
    expect((await call(api, "/sandbox/projects")).status).toBe(404)
    expect((await call(open, "/sandbox/projects")).status).toBe(200)
  })
})

describe("logs", () => {
  it("log one structured line per request without its token, body or key", async () => {
    const key = "0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318"
    const response = await fetch(`${api.url}/admin/v1/projects/log-test`, {
      method: "PUT",
      headers: { ...bearer, "content-type": "application/json", cookie: "session=cookie-secret-value" },
      body: JSON.stringify({ allowedOrigins: [], name: key })
    })
    expect(response.status).toBe(201)
    const id = response.headers.get("x-request-id")!
    const line = await vi.waitFor(() => {
      const found = logger.lines.find((l) => l.includes(id))
      expect(found).toBeDefined()
      return found!
    }, 10_000)
    expect(JSON.parse(line)).toMatchObject({
      level: "info",
      msg: "request",
      requestId: id,
      method: "PUT",
      route: "/admin/v1/projects/:id",
      status: 201,
      ms: expect.any(Number),
      time: expect.any(String)
    })
    const all = logger.lines.join("\n")
    for (const secret of [token, key, "cookie-secret-value"]) expect(all).not.toContain(secret)
  })
})

describe("graceful stop", () => {
  it("refuses new connections, finishes the request in flight, answers /readyz 503, then resolves", async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    let entered!: () => void
    const inside = new Promise<void>((resolve) => {
      entered = resolve
    })
    const slow: ApiRoute = {
      method: "GET",
      path: "/test/slow",
      public: true,
      handle: async () => {
        entered()
        await gate
        return { kind: "json", status: 200, body: { done: true } }
      }
    }
    const server = await startTestApi({ sql, extraRoutes: [slow], rateLimits: false })
    try {
      const connection = await openRaw(server.port)
      connection.send(rawGet("/test/slow"))
      await inside
      let stopped = false
      const stopping = server.stop().then(() => {
        stopped = true
      })
      // Pipelined behind the slow request on the same connection: answered after it, while draining.
      connection.send(rawGet("/readyz"))
      expect(await refused(server.port)).toBe(true)
      expect(stopped).toBe(false)
      release()
      const received = await connection.closed
      expect(statuses(received)).toEqual([200, 503])
      expect(received).toContain('{"done":true}')
      expect(received).toContain('{"status":"draining"}')
      await stopping
      expect(stopped).toBe(true)
    } finally {
      release()
      await server.stop()
      removeDir(server.dir)
    }
  }, 60_000)

  it("closes idle keep-alive connections at once", async () => {
    const server = await startTestApi({ sql, rateLimits: false })
    try {
      const connection = await openRaw(server.port)
      connection.send(rawGet("/healthz"))
      await vi.waitFor(() => expect(connection.socket.bytesRead).toBeGreaterThan(0), 10_000)
      await server.stop()
      expect(statuses(await connection.closed)).toEqual([200])
    } finally {
      removeDir(server.dir)
    }
  }, 60_000)
})
