/**
 * Limits on answering email codes: per email across all its codes (a guesser cannot ask for code after code) and per
 * client IP across emails, each a 429 that says how long to wait.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { defaultFrameLimits } from "../../../server/frame/auth.ts"
import type { FrameHttpError } from "../../../server/frame/codes.ts"
import { latestCode, newDevice, post, startTestFrame, type TestFrame } from "./fixture.ts"

const binding = { projectId: "airlock-demo", appOrigin: "http://localhost:5173" }
const hour = 60 * 60 * 1000
const limits = { codeAnswersPerEmail: 7, codeAnswersPerClient: 8 }

let frame: TestFrame
beforeAll(async () => {
  frame = await startTestFrame({ limits })
}, 60_000)
afterAll(() => frame?.dispose())

const startLogin = async (email: string): Promise<string> => {
  const started = await post(frame, "/api/email/connect", { email, deviceId: newDevice() })
  expect(started.status).toBe(200)
  return started.body.loginId as string
}

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0")

/** Answers a code as the auth sees a caller of IP `client`; resolves with the status (200 signed in). */
const answer = (loginId: string, otp: string, client: string): Promise<number> =>
  frame.auth.verifyOtp({ loginId, otp, binding, client }).then(
    () => 200,
    (error: FrameHttpError) => error.status
  )

describe("answers to email codes", () => {
  it("stop a guesser of one email across fresh codes and IPs until the window passes", async () => {
    const email = `guessed.${Date.now()}@example.com`
    const first = await startLogin(email)
    const firstCode = await latestCode(frame, email)
    for (let i = 0; i < 5; i++) expect(await answer(first, wrong(firstCode), `10.1.0.${i}`)).toBe(400)
    frame.advance(defaultFrameLimits.emailCooldownMs)
    const second = await startLogin(email)
    const secondCode = await latestCode(frame, email)
    expect(await answer(second, wrong(secondCode), "10.1.1.1")).toBe(400)
    expect(await answer(second, wrong(secondCode), "10.1.1.2")).toBe(400)
    // Spent: even the right code waits, and no new code is mailed.
    const refused = await post(frame, "/api/email/otp", { loginId: second, otp: secondCode })
    expect(refused).toEqual({
      status: 429,
      body: { message: "Too many codes tried for this email: try again in 3580 seconds" }
    })
    frame.advance(defaultFrameLimits.emailCooldownMs)
    const again = await post(frame, "/api/email/connect", { email, deviceId: newDevice() })
    expect(again.status).toBe(429)
    expect(again.body.message).toMatch(/^Too many codes tried for this email: try again in \d+ seconds$/)

    frame.advance(hour)
    const third = await startLogin(email)
    const signedIn = await post(frame, "/api/email/otp", { loginId: third, otp: await latestCode(frame, email) })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.account.email).toBe(email)
  }, 60_000)

  it("start afresh for an email once its owner signs in", async () => {
    const email = `typo.${Date.now()}@example.com`
    // Four rounds of a typo then the right code: 8 answers, over the email's 7 but for the reset.
    for (let round = 0; round < 4; round++) {
      const loginId = await startLogin(email)
      const code = await latestCode(frame, email)
      expect(await answer(loginId, wrong(code), `10.2.0.${round}`)).toBe(400)
      expect(await answer(loginId, code, `10.2.0.${round}`)).toBe(200)
      frame.advance(defaultFrameLimits.emailCooldownMs)
    }
  }, 60_000)

  it("are limited per IP across emails, leaving other IPs alone", async () => {
    const logins: Array<{ email: string; loginId: string }> = []
    for (let i = 0; i <= limits.codeAnswersPerClient; i++) {
      const email = `spread${i}.${Date.now()}@example.com`
      logins.push({ email, loginId: await startLogin(email) })
    }
    for (const { email, loginId } of logins.slice(0, limits.codeAnswersPerClient))
      expect(await answer(loginId, wrong(await latestCode(frame, email)), "10.3.0.1")).toBe(400)
    const last = logins.at(-1)!
    const code = await latestCode(frame, last.email)
    await expect(frame.auth.verifyOtp({ ...last, otp: code, binding, client: "10.3.0.1" })).rejects.toMatchObject({
      status: 429,
      message: "Too many codes tried: try again in 3600 seconds"
    })
    // The code was not judged: from another IP the right one signs in.
    expect(await answer(last.loginId, code, "10.3.0.2")).toBe(200)
  }, 60_000)

  it("ship defaults an operator can change", () => {
    expect(defaultFrameLimits).toMatchObject({
      codeAnswersPerEmail: 10,
      codeAnswersPerClient: 100,
      codeAnswerWindowMs: hour
    })
  })
})
