/**
 * Every route of the API under hostile input: malformed JSON, bodies over the cap, a huge numeric string, a huge
 * list, deep nesting, SQL-ish text in every path and query parameter, a foreign Origin. Each answer is a refusal in
 * JSON (never a 5xx, never a stack or a file path), the server keeps serving, and nothing was written.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { endpoints } from "../../../core/schema/api/endpoints.ts"
import { apiRoutes } from "../../../server/api/routes/index.ts"
import { call, removeDir, startTestApi } from "./fixture.ts"

type Api = Awaited<ReturnType<typeof startTestApi>>
let api: Api
beforeAll(async () => {
  // Limits high enough for the many calls below; the limits have their own tests (limits.test.ts).
  api = await startTestApi({ mail: () => {}, rateLimits: { perIp: { limit: 100_000, windowMs: 60_000 } } })
}, 60_000)
afterAll(async () => {
  await api?.stop()
  if (api) removeDir(api.dir)
})

const sqlish = ["' OR 1=1;--", '"; DROP TABLE projects;--']
const evil = "https://evil.example"
const twoMb = 2 * 1024 * 1024

/** What the db holds, table by table, to prove a refused call wrote nothing. */
const snapshot = async () => {
  const tables = ["projects", "sessions", "analytics_events", "names"]
  const rows = await Promise.all(
    tables.map((table) => api.db.sql.query(`SELECT * FROM ${table} ORDER BY 1`).then((r) => JSON.stringify(r)))
  )
  return Object.fromEntries(tables.map((table, i) => [table, rows[i]]))
}

/** The query names a route reads: its endpoint's query schema, plus those the raw routes read. */
const queryNames = (method: string, path: string): ReadonlyArray<string> => {
  const def = Object.values(endpoints).find((e) => e.method === method && e.path.replace(/\{(\w+)\}/g, ":$1") === path)
  const fields = def !== undefined && "query" in def ? Object.keys((def.query as { fields: object }).fields) : []
  return [...new Set(["projectId", "chainId", "format", ...fields])]
}

const fill = (path: string, value: (name: string) => string) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(value(name)))

/** Asserts the answer is a refusal or an answer, never a failure, and shows nothing of the server's insides. */
const expectSafe = (
  answer: Awaited<ReturnType<typeof call>>,
  what: string,
  { refusal = true }: { refusal?: boolean } = {}
) => {
  expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBeLessThan(500)
  if (refusal) expect(answer.status, what).toBeGreaterThanOrEqual(400)
  if (answer.status >= 400) expect(answer.type, what).toMatch(/^application\/json/)
  expect(answer.text, what).not.toMatch(/\n\s+at |\bat \S+ \(|\.(ts|js|mjs):\d+|node_modules|node:internal/)
  expect(answer.text, what).not.toContain(process.cwd())
}

const postRaw = (path: string, body: string, type = "application/json") =>
  call(api, path, { method: "POST", headers: { "content-type": type }, body })

describe.each(apiRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))("%s", (_, route) => {
  const path = fill(route.path, () => "x")
  const target = `${path}?projectId=airlock-demo`

  it("refuses bad bodies, SQL-ish parameters and a foreign origin, writing nothing", async () => {
    const before = await snapshot()
    if (route.method === "POST") {
      const list = JSON.stringify(Array.from({ length: 10_000 }, (_, i) => i))
      const deep = `${'{"a":'.repeat(100)}1${"}".repeat(100)}`
      const bodies: ReadonlyArray<readonly [string, string]> = [
        ["malformed JSON", '{"message": "x", '],
        ["2 MB body", "a".repeat(twoMb)],
        ["2 MB numeric string", `"${"7".repeat(twoMb)}"`],
        ["10,000-entry list", list],
        ["10,000-entry list in a field", `{"addresses":${list},"events":${list},"message":${list}}`],
        ["100-deep object", deep]
      ]
      for (const [what, body] of bodies) expectSafe(await postRaw(target, body), `${what} to ${route.path}`)
    } else {
      const numeric = "7".repeat(twoMb)
      expectSafe(await call(api, `${target}&page=${numeric}`), `2 MB numeric query to ${route.path}`)
    }
    for (const text of sqlish) {
      for (const name of route.path.match(/:(\w+)/g) ?? []) {
        const withParam = fill(route.path, (n) => (`:${n}` === name ? text : "x"))
        const answer = await call(api, `${withParam}?projectId=airlock-demo`, { method: route.method })
        expectSafe(answer, `${text} in ${name} of ${route.path}`, { refusal: false })
      }
      for (const name of queryNames(route.method, route.path)) {
        const query = name === "projectId" ? "" : "projectId=airlock-demo&"
        const answer = await call(api, `${path}?${query}${name}=${encodeURIComponent(text)}`, {
          method: route.method,
          ...(route.method === "POST" ? { headers: { "content-type": "application/json" }, body: "{}" } : {})
        })
        expectSafe(answer, `${text} in ?${name} of ${route.path}`, { refusal: false })
      }
    }
    const foreign = await fetch(`${api.url}${target}`, {
      method: route.method,
      headers: { origin: evil, ...(route.method === "POST" ? { "content-type": "application/json" } : {}) },
      ...(route.method === "POST" ? { body: "{}" } : {})
    })
    const text = await foreign.text()
    expect(foreign.status, `${evil} on ${route.path}: ${text}`).toBe(403)
    expect(JSON.parse(text)).toHaveProperty("message")
    if (!route.public) expect(foreign.headers.get("access-control-allow-origin")).toBeNull()
    expect(await snapshot()).toEqual(before)
    expect((await call(api, "/getAnalyticsConfig?projectId=airlock-demo")).body).toEqual({ isAnalyticsEnabled: true })
  }, 60_000)
})

describe("a browser page of a foreign origin", () => {
  it("gets no CORS grant on a preflight, while an allowed page gets its own origin named", async () => {
    const preflight = (origin: string) =>
      fetch(`${api.url}/appkit/v1/config?projectId=airlock-demo`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "GET" }
      })
    const refused = await preflight(evil)
    expect(refused.headers.get("access-control-allow-origin")).toBeNull()
    const allowed = await preflight("http://localhost:5173")
    expect(allowed.headers.get("access-control-allow-origin")).toBe("http://localhost:5173")
    expect(allowed.headers.get("vary")).toBe("origin")
    const answer = await fetch(`${api.url}/appkit/v1/config?projectId=airlock-demo`, {
      headers: { origin: "http://localhost:5173" }
    })
    expect(answer.headers.get("access-control-allow-origin")).toBe("http://localhost:5173")
  })
})
