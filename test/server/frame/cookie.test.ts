/**
 * The secure site's session cookie: each login sets an HttpOnly, Secure, SameSite=None, Partitioned cookie beside the
 * token; once the browser has sent it back, the token alone (copied out of the frame, say) no longer answers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { frameHeaders, latestCode, newDevice, post, startTestFrame, type TestFrame } from "./fixture.ts"

let frame: TestFrame
beforeAll(async () => {
  frame = await startTestFrame()
}, 60_000)
afterAll(async () => {
  await frame?.stop()
})

/** Logs `email` in and returns the token and the cookie the answer set (as a browser would send it back). */
const login = async (email: string) => {
  const headers = { "content-type": "application/json", ...frameHeaders(frame) }
  const deviceId = newDevice()
  const started = await post(frame, "/api/email/connect", { email, deviceId })
  const response = await fetch(`${frame.url}/api/email/otp`, {
    method: "POST",
    headers,
    body: JSON.stringify({ loginId: started.body.loginId, otp: await latestCode(frame, email) })
  })
  const setCookie = response.headers.get("set-cookie") ?? ""
  const body = (await response.json()) as { token: string }
  return { token: body.token, setCookie, cookie: setCookie.split(";")[0] ?? "" }
}

const session = (token: string, cookie?: string) =>
  post(frame, "/api/session", {}, token, cookie === undefined ? {} : { cookie })

describe("the secure site's session cookie", () => {
  it("is set at login as an HttpOnly, Secure, SameSite=None, Partitioned cookie of its own", async () => {
    const { setCookie } = await login("cookie-flags@example.com")
    expect(setCookie).toMatch(/^__Host-airlock-[0-9a-f]{16}=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=604800; /)
    for (const flag of ["HttpOnly", "Secure", "SameSite=None", "Partitioned"]) expect(setCookie).toContain(flag)
  })

  it("binds the session once it comes back: the token alone, or with a forged cookie, then finds no session", async () => {
    const { token, cookie } = await login("cookie-bound@example.com")
    // A browser that never sends the cookie (cross-site frame cookies blocked) keeps a token-only session.
    expect((await session(token)).status).toBe(200)
    expect((await session(token, cookie)).status).toBe(200)
    expect((await session(token)).status).toBe(401)
    const forged = `${cookie.split("=")[0]}=${"A".repeat(43)}`
    expect((await session(token, forged)).status).toBe(401)
    expect((await post(frame, "/api/key", {}, token)).status).toBe(401)
    expect((await session(token, cookie)).status).toBe(200)
  })

  it("is per session: a second login keeps the first one's cookie valid, and sign-out clears it", async () => {
    const first = await login("cookie-two@example.com")
    const second = await login("cookie-two-b@example.com")
    expect(first.cookie.split("=")[0]).not.toBe(second.cookie.split("=")[0])
    const both = `${first.cookie}; ${second.cookie}`
    expect((await session(first.token, both)).status).toBe(200)
    expect((await session(second.token, both)).status).toBe(200)
    const out = await fetch(`${frame.url}/api/signout`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...frameHeaders(frame),
        authorization: `Bearer ${first.token}`,
        cookie: both
      },
      body: "{}"
    })
    expect(out.status).toBe(200)
    expect(out.headers.get("set-cookie")).toMatch(/Max-Age=0/)
    expect((await session(first.token, both)).status).toBe(401)
    expect((await session(second.token, both)).status).toBe(200)
  })
})
