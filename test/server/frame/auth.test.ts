/**
 * The secure site's email login and email update through its real routes: codes (6 digits, 10 minutes, once, 5 wrong
 * tries), the same answer for a known and an unknown email, the server's own limits on codes, sessions, and the key
 * route that only a signed-in frame may call.
 */
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { defaultFrameLimits } from "../../../server/frame/auth.ts"
import { codeLifetimeMs } from "../../../server/frame/codes.ts"
import {
  emailLogin,
  frameHeaders,
  latestCode,
  mailbox,
  newDevice,
  post,
  startTestFrame,
  type TestFrame
} from "./fixture.ts"

let frame: TestFrame
beforeAll(async () => {
  frame = await startTestFrame()
}, 120_000)
afterAll(() => frame?.dispose())

let counter = 0
const freshEmail = () => `user${++counter}.${Date.now()}@example.com`

describe("email login", () => {
  it("mails a random 6-digit code to a first-time email, which signs in once and only once", async () => {
    const email = freshEmail()
    const deviceId = newDevice()
    const started = await post(frame, "/api/email/connect", { email, deviceId })
    expect(started.body.action).toBe("VERIFY_OTP")
    const [mail] = await mailbox(frame, email)
    expect(mail?.code).toMatch(/^\d{6}$/)
    expect(mail?.subject).toContain(mail?.code)

    const signedIn = await post(frame, "/api/email/otp", { loginId: started.body.loginId, otp: mail!.code })
    expect(signedIn.status).toBe(200)
    expect(signedIn.body.account.email).toBe(email)
    expect(signedIn.body.account.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(signedIn.body.account).not.toHaveProperty("privateKey")

    const again = await post(frame, "/api/email/otp", { loginId: started.body.loginId, otp: mail!.code })
    expect(again).toEqual({ status: 400, body: { message: "No login in progress: request a new code" } })
  })

  it("gives different codes to different logins", async () => {
    const codes = new Set<string>()
    for (let i = 0; i < 5; i++) {
      const email = freshEmail()
      await post(frame, "/api/email/connect", { email, deviceId: newDevice() })
      codes.add(await latestCode(frame, email))
    }
    expect(codes.size).toBeGreaterThan(1)
  })

  it("refuses a code once 10 minutes have passed, and takes it just before", async () => {
    const early = freshEmail()
    const first = await post(frame, "/api/email/connect", { email: early, deviceId: newDevice() })
    frame.advance(codeLifetimeMs - 1000)
    const inTime = await post(frame, "/api/email/otp", {
      loginId: first.body.loginId,
      otp: await latestCode(frame, early)
    })
    expect(inTime.status).toBe(200)

    const late = freshEmail()
    const second = await post(frame, "/api/email/connect", { email: late, deviceId: newDevice() })
    frame.advance(codeLifetimeMs)
    const expired = await post(frame, "/api/email/otp", {
      loginId: second.body.loginId,
      otp: await latestCode(frame, late)
    })
    expect(expired.status).toBe(400)
    expect(expired.body.message).toMatch(/expired|request a new code/)
  })

  it("voids a code after 5 wrong tries, so even the right one is refused", async () => {
    const email = freshEmail()
    const started = await post(frame, "/api/email/connect", { email, deviceId: newDevice() })
    const code = await latestCode(frame, email)
    const wrong = code === "000000" ? "111111" : "000000"
    const answers: Array<string> = []
    for (let i = 0; i < 5; i++)
      answers.push((await post(frame, "/api/email/otp", { loginId: started.body.loginId, otp: wrong })).body.message)
    expect(answers).toEqual([
      "Invalid code: 4 tries left",
      "Invalid code: 3 tries left",
      "Invalid code: 2 tries left",
      "Invalid code: 1 try left",
      "Too many wrong codes: request a new code"
    ])
    const right = await post(frame, "/api/email/otp", { loginId: started.body.loginId, otp: code })
    expect(right.status).toBe(400)
  })

  it("keeps the first device's code when another device asks for the same email, and refuses a second code within the cooldown", async () => {
    const email = freshEmail()
    const phone = await post(frame, "/api/email/connect", { email, deviceId: newDevice() })
    const phoneCode = await latestCode(frame, email)
    // at once: the server's own cooldown refuses, and mails nothing
    const tooSoon = await post(frame, "/api/email/connect", { email, deviceId: newDevice() })
    expect(tooSoon.status).toBe(429)
    expect(tooSoon.body.message).toBe("A code was just sent to this email: try again in 20 seconds")
    expect(await mailbox(frame, email)).toHaveLength(1)
    // after the cooldown another device gets its own code; neither voids the other
    frame.advance(defaultFrameLimits.emailCooldownMs)
    const laptop = await post(frame, "/api/email/connect", { email, deviceId: newDevice() })
    expect(laptop.status).toBe(200)
    const laptopCode = await latestCode(frame, email)
    expect(laptop.body.loginId).not.toBe(phone.body.loginId)
    expect((await post(frame, "/api/email/otp", { loginId: phone.body.loginId, otp: phoneCode })).status).toBe(200)
    expect((await post(frame, "/api/email/otp", { loginId: laptop.body.loginId, otp: laptopCode })).status).toBe(200)
  })

  it("answers a known email exactly as an unknown one until the code is checked; only the mailbox hears of a new device", async () => {
    const known = freshEmail()
    await emailLogin(frame, known, newDevice())
    const unknown = freshEmail()
    const forKnown = await post(frame, "/api/email/connect", { email: known, deviceId: newDevice() })
    const forUnknown = await post(frame, "/api/email/connect", { email: unknown, deviceId: newDevice() })
    expect(forKnown.status).toBe(forUnknown.status)
    expect(Object.keys(forKnown.body).sort()).toEqual(Object.keys(forUnknown.body).sort())
    expect(forKnown.body.action).toBe("VERIFY_OTP")
    expect(forUnknown.body.action).toBe("VERIFY_OTP")
    expect(forKnown.body.loginId).toMatch(/^[\w-]{32}$/)
    expect(forUnknown.body.loginId).toMatch(/^[\w-]{32}$/)
    // the known account's owner is told a new device is signing in; the code signs it in to the same account
    const [notice] = await mailbox(frame, known)
    expect(notice?.body).toContain("from a device it has not seen")
    expect(notice?.subject).toBe(`${notice?.code} is your Airlock code`)
    const first = await post(frame, "/api/email/otp", { loginId: forKnown.body.loginId, otp: notice!.code })
    expect(first.status).toBe(200)
    expect(first.body.account.email).toBe(known)
  })

  it("answers CONNECT when the frame already holds a live session of that email on that device", async () => {
    const email = freshEmail()
    const deviceId = newDevice()
    const token = await emailLogin(frame, email, deviceId)
    const mails = (await mailbox(frame, email)).length
    const again = await post(frame, "/api/email/connect", { email, deviceId }, token)
    expect(again.body).toEqual({ action: "CONNECT" })
    expect(await mailbox(frame, email)).toHaveLength(mails)
    // signed out, the same device needs a code again
    await post(frame, "/api/signout", {}, token)
    expect((await post(frame, "/api/email/connect", { email, deviceId }, token)).body.action).toBe("VERIFY_OTP")
  })

  it("refuses a malformed email, a huge body, a non-JSON body and a call from another origin", async () => {
    expect(await post(frame, "/api/email/connect", { email: "not-an-email", deviceId: newDevice() })).toEqual({
      status: 400,
      body: { message: "Invalid email" }
    })
    const huge = await post(frame, "/api/email/connect", {
      email: `${"a".repeat(2_000_000)}@example.com`,
      deviceId: "x"
    })
    expect(huge.status).toBe(413)
    const text = await fetch(`${frame.url}/api/email/connect`, {
      method: "POST",
      headers: { ...frameHeaders(frame), "content-type": "text/plain" },
      body: JSON.stringify({ email: freshEmail(), deviceId: newDevice() })
    })
    expect(text.status).toBe(415)
    const foreign = await post(frame, "/api/email/connect", { email: freshEmail(), deviceId: newDevice() }, undefined, {
      origin: "http://127.0.0.1:1"
    })
    expect(foreign.status).toBe(403)
    const noOrigin = await post(
      frame,
      "/api/email/connect",
      { email: freshEmail(), deviceId: newDevice() },
      undefined,
      {
        origin: ""
      }
    )
    expect(noOrigin.status).toBe(403)
    expect((await post(frame, "/api/email/connect", { email: freshEmail(), deviceId: "../../etc" })).body).toEqual({
      message: "Invalid device id"
    })
  })
})

describe("sessions and the key", () => {
  it("hands the EOA key only to a live session, never after sign-out", async () => {
    const email = freshEmail()
    const token = await emailLogin(frame, email, newDevice())
    expect((await post(frame, "/api/key", {})).status).toBe(401)
    expect((await post(frame, "/api/key", {}, "forged-token")).status).toBe(401)
    const key = await post(frame, "/api/key", {}, token)
    expect(key.status).toBe(200)
    const session = await post(frame, "/api/session", {}, token)
    expect(privateKeyToAccount(key.body.privateKey).address).toBe(session.body.address)
    // the key route answers its own frame only: never a caller with another Origin, or none (curl, a server)
    expect((await post(frame, "/api/key", {}, token, { origin: "http://127.0.0.1:1" })).status).toBe(403)
    const bare = await fetch(`${frame.url}/api/key`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: "{}"
    })
    expect(bare.status).toBe(403)
    expect(await bare.text()).not.toContain("privateKey")

    expect((await post(frame, "/api/signout", {}, token)).status).toBe(200)
    expect((await post(frame, "/api/key", {}, token)).status).toBe(401)
    expect((await post(frame, "/api/session", {}, token)).status).toBe(401)
  })

  it("keeps one EOA per user: a later login has the same address", async () => {
    const email = freshEmail()
    const first = await post(frame, "/api/session", {}, await emailLogin(frame, email, newDevice()))
    const second = await post(frame, "/api/session", {}, await emailLogin(frame, email, newDevice()))
    expect(second.body.address).toBe(first.body.address)
  })

  it("remembers the preferred account type", async () => {
    const token = await emailLogin(frame, freshEmail(), newDevice())
    expect((await post(frame, "/api/session", {}, token)).body.preferredAccountType).toBe("smartAccount")
    await post(frame, "/api/preferred", { type: "eoa" }, token)
    expect((await post(frame, "/api/session", {}, token)).body.preferredAccountType).toBe("eoa")
    expect((await post(frame, "/api/preferred", { type: "root" }, token)).status).toBe(400)
  })
})

describe("update email", () => {
  it("checks a code sent to the current address, then one sent to the new address, then switches", async () => {
    const old = freshEmail()
    const next = freshEmail()
    const token = await emailLogin(frame, old, newDevice())
    const started = await post(frame, "/api/email/update", { email: next }, token)
    expect(started.body.action).toBe("VERIFY_PRIMARY_OTP")
    expect(await mailbox(frame, next)).toEqual([])
    const primaryCode = await latestCode(frame, old)

    // the new address's step cannot come first
    const early = await post(
      frame,
      "/api/email/update/secondary",
      { updateId: started.body.updateId, otp: primaryCode },
      token
    )
    expect(early.status).toBe(400)

    const primary = await post(
      frame,
      "/api/email/update/primary",
      { updateId: started.body.updateId, otp: primaryCode },
      token
    )
    expect(primary.body).toEqual({ action: "VERIFY_SECONDARY_OTP" })
    const secondaryCode = await latestCode(frame, next)
    const secondary = await post(
      frame,
      "/api/email/update/secondary",
      { updateId: started.body.updateId, otp: secondaryCode },
      token
    )
    expect(secondary.body).toEqual({ email: next })
    expect((await post(frame, "/api/session", {}, token)).body.email).toBe(next)
    // codes are single-use here too
    const replay = await post(
      frame,
      "/api/email/update/secondary",
      { updateId: started.body.updateId, otp: secondaryCode },
      token
    )
    expect(replay.status).toBe(400)
  })

  it("refuses an email another account uses, and needs a session", async () => {
    const taken = freshEmail()
    await emailLogin(frame, taken, newDevice())
    const token = await emailLogin(frame, freshEmail(), newDevice())
    expect(await post(frame, "/api/email/update", { email: taken }, token)).toEqual({
      status: 409,
      body: { message: "Email already in use" }
    })
    expect((await post(frame, "/api/email/update", { email: freshEmail() })).status).toBe(401)
  })

  it("voids an update code after 5 wrong tries", async () => {
    const old = freshEmail()
    const token = await emailLogin(frame, old, newDevice())
    const started = await post(frame, "/api/email/update", { email: freshEmail() }, token)
    const code = await latestCode(frame, old)
    const wrong = code === "000000" ? "111111" : "000000"
    for (let i = 0; i < 5; i++)
      await post(frame, "/api/email/update/primary", { updateId: started.body.updateId, otp: wrong }, token)
    const right = await post(frame, "/api/email/update/primary", { updateId: started.body.updateId, otp: code }, token)
    expect(right.status).toBe(400)
  })
})

describe("the mailbox", () => {
  it("shows every message newest first with its code", async () => {
    const email = freshEmail()
    await emailLogin(frame, email, newDevice())
    const first = await latestCode(frame, email)
    await post(frame, "/api/email/connect", { email, deviceId: newDevice() })
    const second = await latestCode(frame, email)
    const response = await fetch(`${frame.url}/mailbox?to=${encodeURIComponent(email)}`)
    expect(response.headers.get("content-type")).toContain("text/html")
    const html = await response.text()
    const newer = html.indexOf(`Code: <strong>${second}</strong>`)
    expect(newer).toBeGreaterThan(-1)
    expect(html.indexOf(`Code: <strong>${first}</strong>`)).toBeGreaterThan(newer)
    expect(html).toContain("from a device it has not seen")
  })

  it("answers the JSON route only with a recipient", async () => {
    expect((await fetch(`${frame.url}/mailbox/messages`)).status).toBe(400)
  })
})
