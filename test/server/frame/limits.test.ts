/**
 * The secure site's own limits on email codes (issue 21): a cooldown per email, a budget per client (IP), and a
 * bounded store of pending logins that refuses new ones when full instead of evicting someone's pending login.
 */
import { afterEach, describe, expect, it } from "vitest"
import { defaultFrameLimits } from "../../../server/frame/auth.ts"
import { codeLifetimeMs, maxPending } from "../../../server/frame/codes.ts"
import { latestCode, mailbox, newDevice, post, startTestFrame, type TestFrame } from "./fixture.ts"

let frame: TestFrame | undefined
afterEach(async () => {
  await frame?.dispose()
  frame = undefined
})

const binding = { projectId: "airlock-demo", appOrigin: "http://localhost:5173" }

// Each test starts a secure site on a fresh PGlite database: seconds on a busy machine.
describe("email code limits", { timeout: 60_000 }, () => {
  it("mails one code for 300 requests for one email at once, the rest refused with a wait", async () => {
    frame = await startTestFrame({ limits: { perClient: 1000 } })
    const email = `flooded.${Date.now()}@example.com`
    const answers = await Promise.all(
      Array.from({ length: 300 }, () => post(frame!, "/api/email/connect", { email, deviceId: newDevice() }))
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    const refused = answers.filter((answer) => answer.status === 429)
    expect(refused).toHaveLength(299)
    expect(refused[0]?.body.message).toMatch(/^A code was just sent to this email: try again in \d+ seconds$/)
    expect(await mailbox(frame, email)).toHaveLength(1)
    // after the server's cooldown (shorter than the client's 30 s) a new code is allowed
    frame.advance(defaultFrameLimits.emailCooldownMs)
    expect((await post(frame, "/api/email/connect", { email, deviceId: newDevice() })).status).toBe(200)
  })

  it("lets one client start at most 60 sign-ins per 10 minutes, whatever emails or devices it names", async () => {
    frame = await startTestFrame()
    for (let i = 0; i < defaultFrameLimits.perClient; i++)
      expect(
        (await post(frame, "/api/email/connect", { email: `c${i}@example.com`, deviceId: newDevice() })).status
      ).toBe(200)
    const over = await post(frame, "/api/email/connect", { email: "one-more@example.com", deviceId: newDevice() })
    expect(over).toEqual({ status: 429, body: { message: "Too many sign-in attempts: try again in 600 seconds" } })
    expect(await mailbox(frame, "one-more@example.com")).toEqual([])
    expect((await post(frame, "/api/farcaster/start", {})).status).toBe(429)
    frame.advance(codeLifetimeMs)
    expect(
      (await post(frame, "/api/email/connect", { email: "one-more@example.com", deviceId: newDevice() })).status
    ).toBe(200)
  })

  it("keeps a victim's pending login and its mail through a flood of requests for other emails", async () => {
    frame = await startTestFrame({ limits: { perClient: maxPending * 2 } })
    const victim = `victim.${Date.now()}@example.com`
    const started = await post(frame, "/api/email/connect", { email: victim, deviceId: newDevice() })
    const code = await latestCode(frame, victim)
    let refused = 0
    for (let i = 0; i < maxPending + 100; i++) {
      // The flood runs in this process: let the event loop breathe, or the HTTP connection the requests above left
      // idle times out unseen (the server's keep-alive) and the next request meets ECONNRESET on a slow machine.
      if (i % 250 === 0) await new Promise((resolve) => setImmediate(resolve))
      try {
        await frame.auth.connectEmail({
          email: `other${i}@example.com`,
          deviceId: newDevice(),
          binding,
          client: "10.0.0.9"
        })
      } catch (error) {
        expect((error as { status?: number }).status).toBe(429)
        refused++
      }
    }
    // the store is full: new requests are refused, not made room for by dropping the oldest (the victim's)
    expect(refused).toBe(101)
    expect(await latestCode(frame, victim)).toBe(code)
    const signedIn = await post(frame, "/api/email/otp", { loginId: started.body.loginId, otp: code })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.account.email).toBe(victim)
  }, 300_000)
})
