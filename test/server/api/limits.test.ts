/**
 * The API's rate limits, per client IP and per project, on a real server with the limiter's clock injected: a flood
 * gets 429 with `retry-after` and a JSON message once over the limit, and is served again when the window ends.
 * The client maps that 429 to its Rate Limited alert (APKT010). Also the time cap, the body caps and the 500 shape.
 */
import { Effect, Layer } from "effect"
import { FetchHttpClient } from "effect/http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { AlertError } from "../../../core/errors/alerts.ts"
import { ClientConfig } from "../../../core/services/ClientConfig.ts"
import { WalletApi } from "../../../core/services/WalletApi.ts"
import type { ApiRoute } from "../../../server/api/app.ts"
import { call, demo, removeDir, startTestApi } from "./fixture.ts"

type Api = Awaited<ReturnType<typeof startTestApi>>
const started: Array<Api> = []
const start = async (options: Parameters<typeof startTestApi>[0]) => {
  const api = await startTestApi(options)
  started.push(api)
  return api
}
afterAll(async () => {
  for (const api of started) {
    await api.stop()
    removeDir(api.dir)
  }
})

const page = "http://localhost:5173"
const config = (from: string) => call({ url: from }, `/getAnalyticsConfig?${demo}`, { headers: { origin: page } })

describe("per-IP limit", () => {
  let clock = 1_000_000
  let api: Api
  beforeAll(async () => {
    api = await start({ rateLimits: { perIp: { limit: 5, windowMs: 10_000 }, perProject: false, now: () => clock } })
  }, 60_000)

  it("answers 429 with retry-after and a readable JSON message past the limit, and recovers after the window", async () => {
    for (let i = 0; i < 5; i++) expect((await config(api.url)).status).toBe(200)
    const response = await fetch(`${api.url}/getAnalyticsConfig?${demo}`, { headers: { origin: page } })
    expect(response.status).toBe(429)
    expect(Number(response.headers.get("retry-after"))).toBe(10)
    // Any page can read the refusal (the client shows its alert rather than a network error); it tells nothing.
    expect(response.headers.get("access-control-allow-origin")).toBe("*")
    expect(await response.json()).toEqual({ message: "Too many requests from this address: try again in 10 s" })
    // Any route counts: an unknown path is refused too while the window lasts.
    expect((await call(api, "/nothing-here")).status).toBe(429)
    clock += 10_000
    expect((await config(api.url)).status).toBe(200)
  })
})

describe("per-project limit and the client IP behind a proxy", () => {
  let clock = 6_000_000
  let api: Api
  beforeAll(async () => {
    api = await start({
      trustProxy: true,
      rateLimits: {
        perIp: { limit: 3, windowMs: 60_000 },
        perProject: { limit: 8, windowMs: 60_000 },
        now: () => clock
      }
    })
  }, 60_000)
  const from = (ip: string, projectId = "airlock-demo") =>
    call(api, `/getAnalyticsConfig?projectId=${projectId}`, { headers: { "x-forwarded-for": `198.51.100.9, ${ip}` } })

  it("counts each forwarded client apart, and all of them together against the project's limit", async () => {
    const statuses: Array<number> = []
    for (let i = 0; i < 4; i++) for (let n = 1; n <= 3; n++) statuses.push((await from(`203.0.113.${i}`)).status)
    // 12 calls from 4 addresses, each within its own limit of 3: the project's 8 are served, the other 4 refused.
    expect(statuses.filter((s) => s === 200)).toHaveLength(8)
    expect(statuses.slice(8)).toEqual([429, 429, 429, 429])
    const refused = await from("203.0.113.200")
    expect(refused.body).toEqual({ message: "Too many requests for this project: try again in 60 s" })
    // Another project has its own count; the first address is at its own limit (3) whatever the project.
    expect((await from("203.0.113.200", "sandbox-analytics-off")).status).toBe(200)
    expect((await from("203.0.113.0", "sandbox-analytics-off")).status).toBe(429)
    clock += 60_000
    expect((await from("203.0.113.0")).status).toBe(200)
  })

  it("takes the address the proxy saw, not one the client wrote further left", async () => {
    const spoofed = (n: number) =>
      call(api, `/getAnalyticsConfig?projectId=sandbox-analytics-off`, {
        headers: { "x-forwarded-for": `10.0.0.${n}, 192.0.2.77` }
      })
    const statuses = [await spoofed(1), await spoofed(2), await spoofed(3), await spoofed(4)].map((a) => a.status)
    expect(statuses).toEqual([200, 200, 200, 429])
  })
})

describe("the client's view of a rate-limited API", () => {
  it("maps the 429 to the Rate Limited alert APKT010", async () => {
    const clock = 9_000_000
    const api = await start({ rateLimits: { perIp: { limit: 1, windowMs: 60_000 }, now: () => clock } })
    const layer = WalletApi.layer.pipe(
      Layer.provide(
        Layer.mergeAll(
          FetchHttpClient.layer,
          ClientConfig.layer({
            projectId: "airlock-demo",
            sdkType: "airlock",
            sdkVersion: "airlock-test",
            endpoints: { walletApi: api.url, blockchainApi: api.url, analytics: `${api.url}/e` }
          })
        )
      )
    )
    const fetchOrigins = WalletApi.use((wallet) => wallet.getAllowedOrigins).pipe(Effect.provide(layer))
    expect(await Effect.runPromise(fetchOrigins)).toContain("http://localhost:*")
    const error = await Effect.runPromise(Effect.flip(fetchOrigins))
    expect(error).toBeInstanceOf(AlertError)
    expect((error as AlertError).code).toBe("APKT010")
  }, 60_000)
})

describe("time and size caps, and unexpected errors", () => {
  const logged: Array<Record<string, unknown>> = []
  let api: Api
  let release: () => void = () => {}
  const probes: ReadonlyArray<ApiRoute> = [
    {
      method: "GET",
      path: "/probe/stuck",
      handle: () => new Promise((resolve) => (release = () => resolve({ kind: "empty", status: 204 })))
    },
    {
      method: "GET",
      path: "/probe/broken",
      handle: () => {
        throw new Error("secret detail at /srv/internal/file.ts")
      }
    }
  ]
  beforeAll(async () => {
    api = await start({ extraRoutes: probes, requestTimeoutMs: 200, log: (entry) => logged.push(entry) })
  }, 60_000)

  it("answers 503 'Request timed out' when a handler takes too long, and keeps serving", async () => {
    const answer = await call(api, `/probe/stuck?${demo}`)
    expect(answer.status).toBe(503)
    expect(answer.body).toEqual({ message: "Request timed out" })
    release()
    expect((await call(api, `/getAnalyticsConfig?${demo}`)).status).toBe(200)
  })

  it("answers a thrown error with 'Internal error' and a request id; the detail goes to the log only", async () => {
    const answer = await call(api, `/probe/broken?${demo}`)
    expect(answer.status).toBe(500)
    const body = answer.body as { message: string; requestId: string }
    expect(body.message).toBe("Internal error")
    expect(answer.text).not.toContain("secret")
    expect(answer.text).not.toContain("/srv/")
    const entry = logged.find((e) => e.requestId === body.requestId)
    expect(entry).toMatchObject({ level: "error", error: "secret detail at /srv/internal/file.ts" })
  })

  it("refuses a sign-out body above its route's cap with 413", async () => {
    const answer = await call(api, `/auth/v1/sign-out?${demo}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ address: "0x".padEnd(10_000, "a") })
    })
    expect(answer.status).toBe(413)
    expect(answer.body).toEqual({ message: "Body too large: at most 4000 bytes" })
  })
})
