import { connect } from "node:net"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Chains, startChains } from "../../../sandbox/chain/index.ts"
import { apiRoutes } from "../../../server/api/routes/index.ts"
import { call, demo, removeDir, startTestApi } from "./fixture.ts"

let chains: Chains
let api: Awaited<ReturnType<typeof startTestApi>>

beforeAll(async () => {
  chains = await startChains({ chains: [{ chainId: 1 }] })
  api = await startTestApi({ chains })
}, 30_000)

afterAll(async () => {
  await api?.stop()
  await chains?.stop()
  if (api) removeDir(api.dir)
})

const queryKeys = [
  "page",
  "entries",
  "include",
  "exclude",
  "search",
  "badge_type",
  "chains",
  "cursor",
  "chainId",
  "currency",
  "sender",
  "forceUpdate",
  "st",
  "sv"
]

const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.constantFrom("-1", "0", "1e309", "NaN", "Infinity", "99999999999999999999999", "1.5", "", ",,,", "eip155:1"),
  fc.constantFrom("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", "eip155:1:0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"),
  fc.bigInt().map(String),
  fc.string({ minLength: 2000, maxLength: 5000 })
)

const projectId = fc.oneof(
  fc.constant("airlock-demo"),
  fc.constant("airlock-demo"),
  fc.constantFrom("sandbox-rate-limited", "sandbox-invalid-key", "sandbox-analytics-off"),
  fc.string({ maxLength: 20 }),
  fc.constant(undefined)
)

const body = fc.oneof(
  fc.constant(undefined),
  fc.string({ maxLength: 200 }),
  fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
  fc
    .record({
      currency: nasty,
      addresses: fc.array(nasty, { maxLength: 5 }),
      projectId: nasty,
      pci: nasty,
      signature: nasty,
      eventId: nasty,
      url: nasty,
      domain: nasty,
      timestamp: fc.oneof(fc.double(), fc.integer()),
      props: fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 2 })),
      id: nasty,
      mode: nasty,
      address: nasty,
      jsonrpc: nasty,
      method: nasty,
      params: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 })
    })
    .map((value) => JSON.stringify(value))
)

const request = fc.record({
  route: fc.integer({ min: 0, max: apiRoutes.length - 1 }),
  segments: fc.array(nasty, { minLength: 4, maxLength: 4 }),
  projectId,
  // mostly JSON, so the handlers see the bodies; the others must be refused with 415
  contentType: fc.constantFrom("application/json", "application/json", "application/json; charset=utf-8", "text/plain"),
  query: fc.dictionary(fc.oneof(fc.constantFrom(...queryKeys), fc.string({ maxLength: 10 })), nasty, { maxKeys: 6 }),
  body
})

const toUrl = (input: typeof request extends fc.Arbitrary<infer A> ? A : never) => {
  const route = apiRoutes[input.route]!
  let n = 0
  const path = route.path
    .split("/")
    .map((segment) => (segment.startsWith(":") ? encodeURIComponent(input.segments[n++] ?? "") : segment))
    .join("/")
  const query = new URLSearchParams(input.query)
  if (input.projectId !== undefined) query.set("projectId", input.projectId)
  return { method: route.method, url: `${path}?${query}` }
}

describe("sandbox API under random input", () => {
  it("answers every random query and body with a 2xx or a 4xx JSON message, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        const { method, url } = toUrl(input)
        const answer = await call(api, url, {
          method,
          ...(method === "POST" && input.body !== undefined
            ? { body: input.body, headers: { "content-type": input.contentType } }
            : {})
        })
        expect(answer.status, `${method} ${url} -> ${answer.text.slice(0, 200)}`).toBeLessThan(500)
        if (answer.status >= 400) {
          expect(answer.type).toBe("application/json; charset=utf-8")
          // The profile endpoints answer SPEC §8's reasons (the client shows the first one); the others a message.
          expect(answer.body).toEqual(
            url.includes("/v1/profile/") &&
              typeof answer.body === "object" &&
              answer.body !== null &&
              "reasons" in answer.body
              ? { status: "FAILED", reasons: [{ name: expect.any(String), description: expect.any(String) }] }
              : { message: expect.any(String) }
          )
        } else {
          expect(answer.type).toMatch(/^(application\/json|image\/svg\+xml)/)
        }
      }),
      { numRuns: 700, endOnFailure: true }
    )
    expect((await call(api, `/v1/supported-chains?${demo}`)).status).toBe(200)
  }, 60_000)

  it("answers raw garbage on the socket with 400 and keeps serving", async () => {
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = connect(api.port, "127.0.0.1", () => socket.write("\u0000GARBAGE / HTTP/9\r\n\r\n\r\n"))
      let data = ""
      socket.on("data", (chunk) => {
        data += chunk.toString("utf8")
      })
      socket.on("end", () => resolve(data))
      socket.on("error", reject)
    })
    expect(reply).toMatch(/^HTTP\/1\.1 400/)
    expect((await call(api, `/getAnalyticsConfig?${demo}`)).status).toBe(200)
  })
})
