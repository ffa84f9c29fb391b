/**
 * Sessions bound to the secure origin behind a proxy: the site's JSON routes answer only calls from its public origin
 * (`publicOrigin`), the one browsers see, and a session made there is refused to a caller stating another origin.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { checkPublicOrigin } from "../../../server/frame/server.ts"
import { type Answer, frameHeaders, latestCode, newDevice, startTestFrame, type TestFrame } from "./fixture.ts"

const publicOrigin = "https://wallet.example.com"
let frame: TestFrame
beforeAll(async () => {
  frame = await startTestFrame({ publicOrigin })
}, 60_000)
afterAll(() => frame?.dispose())

/** A POST to the site's socket (as the TLS proxy forwards it), stating `origin`. */
const call = async (path: string, body: unknown, origin: string, token?: string): Promise<Answer> => {
  const response = await fetch(`http://127.0.0.1:${frame.port}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...frameHeaders(frame),
      origin,
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` })
    },
    body: JSON.stringify(body)
  })
  return { status: response.status, body: await response.json() }
}

const mailboxCode = (email: string) => latestCode({ url: `http://127.0.0.1:${frame.port}` }, email)

describe("a secure site behind a proxy", () => {
  it("calls itself by its public origin", () => {
    expect(frame.url).toBe(publicOrigin)
  })

  it("signs in from its public origin and refuses the same calls from any other", async () => {
    const email = `proxied.${Date.now()}@example.com`
    const loopback = `http://127.0.0.1:${frame.port}`
    expect(await call("/api/email/connect", { email, deviceId: newDevice() }, loopback)).toEqual({
      status: 403,
      body: { message: "Forbidden: same-origin only" }
    })
    const started = await call("/api/email/connect", { email, deviceId: newDevice() }, publicOrigin)
    expect(started.status).toBe(200)
    const otp = await mailboxCode(email)
    const signedIn = await call("/api/email/otp", { loginId: started.body.loginId, otp }, publicOrigin)
    expect(signedIn.status).toBe(200)
    const token = signedIn.body.token as string
    expect((await call("/api/session", {}, publicOrigin, token)).body.email).toBe(email)
    for (const origin of [loopback, "https://evil.example", "http://wallet.example.com"]) {
      expect((await call("/api/key", {}, origin, token)).status, origin).toBe(403)
    }
  }, 60_000)

  it("refuses a public origin that is not a bare https origin", () => {
    expect(() => checkPublicOrigin("https://wallet.example.com")).not.toThrow()
    expect(() => checkPublicOrigin("http://127.0.0.1:4410")).not.toThrow()
    expect(() => checkPublicOrigin("https://wallet.example.com/")).toThrow(/bare origin/)
    expect(() => checkPublicOrigin("wallet.example.com")).toThrow(/bare origin/)
    expect(() => checkPublicOrigin("http://wallet.example.com")).toThrow(/https outside loopback/)
  })
})
