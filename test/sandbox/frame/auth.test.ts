/**
 * The secure site's email login and email update through its real routes: codes (6 digits, 10 minutes, once, 5 wrong
 * tries), device approval from the mailbox, sessions, and the key route that only a signed-in frame may call.
 */
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { codeLifetimeMs } from "../../../sandbox/frame/codes.ts"
import { emailLogin, latestCode, mailbox, newDevice, post, startTestFrame, type TestFrame } from "./fixture.ts"

let frame: TestFrame
beforeAll(async () => {
  frame = await startTestFrame()
}, 30_000)
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

  it("voids the earlier code when a new one is requested for the same email", async () => {
    const email = freshEmail()
    const deviceId = newDevice()
    const first = await post(frame, "/api/email/connect", { email, deviceId })
    const firstCode = await latestCode(frame, email)
    await post(frame, "/api/email/connect", { email, deviceId })
    const stale = await post(frame, "/api/email/otp", { loginId: first.body.loginId, otp: firstCode })
    expect(stale.status).toBe(400)
  })

  it("asks a new device of an existing account to be approved from the mailbox, then mails its code", async () => {
    const email = freshEmail()
    await emailLogin(frame, email, newDevice())
    const before = (await mailbox(frame, email)).length

    const laptop = newDevice()
    const started = await post(frame, "/api/email/connect", { email, deviceId: laptop })
    expect(started.body.action).toBe("VERIFY_DEVICE")
    const [approval] = await mailbox(frame, email)
    expect(approval?.code).toBeNull()
    expect(approval?.link).toMatch(new RegExp(`^${frame.url}/mailbox/approve-device\\?token=`))
    expect(await mailbox(frame, email)).toHaveLength(before + 1)

    // a code is refused while the device waits
    const early = await post(frame, "/api/email/otp", { loginId: started.body.loginId, otp: "123456" })
    expect(early.body.message).toBe("Approve this device from the email first")

    // CONNECT_DEVICE's long-poll is parked until the link is opened
    const waiting = post(frame, "/api/email/device", { loginId: started.body.loginId })
    const page = await fetch(approval!.link!)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain("Device approved")
    expect((await waiting).body).toEqual({ approved: true })

    const signedIn = await post(frame, "/api/email/otp", {
      loginId: started.body.loginId,
      otp: await latestCode(frame, email)
    })
    expect(signedIn.status).toBe(200)
    // the link works once
    expect((await fetch(approval!.link!)).status).toBe(404)
    // the approved device now gets a code straight away
    expect((await post(frame, "/api/email/connect", { email, deviceId: laptop })).body.action).toBe("VERIFY_OTP")
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
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ email: freshEmail(), deviceId: newDevice() })
    })
    expect(text.status).toBe(415)
    const foreign = await post(frame, "/api/email/connect", { email: freshEmail(), deviceId: newDevice() }, undefined, {
      origin: "http://127.0.0.1:1"
    })
    expect(foreign.status).toBe(403)
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
    // the key route answers its own frame only
    expect((await post(frame, "/api/key", {}, token, { origin: "http://127.0.0.1:1" })).status).toBe(403)

    expect((await post(frame, "/api/signout", {}, token)).status).toBe(200)
    expect((await post(frame, "/api/key", {}, token)).status).toBe(401)
    expect((await post(frame, "/api/session", {}, token)).status).toBe(401)
  })

  it("keeps one EOA per user: a later login has the same address", async () => {
    const email = freshEmail()
    const first = await post(frame, "/api/session", {}, await emailLogin(frame, email, newDevice()))
    const deviceId = newDevice()
    const second = await post(frame, "/api/email/connect", { email, deviceId })
    expect(second.body.action).toBe("VERIFY_DEVICE")
    const [approval] = await mailbox(frame, email)
    await fetch(approval!.link!)
    const login = await post(frame, "/api/email/otp", {
      loginId: second.body.loginId,
      otp: await latestCode(frame, email)
    })
    expect(login.body.account.address).toBe(first.body.address)
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
  it("shows every message newest first with its code and a clickable approval link", async () => {
    const email = freshEmail()
    await emailLogin(frame, email, newDevice())
    await post(frame, "/api/email/connect", { email, deviceId: newDevice() })
    const response = await fetch(`${frame.url}/mailbox?to=${encodeURIComponent(email)}`)
    expect(response.headers.get("content-type")).toContain("text/html")
    const html = await response.text()
    const approve = html.indexOf("Approve a new device")
    const code = html.indexOf("is your Airlock code")
    expect(approve).toBeGreaterThan(-1)
    expect(code).toBeGreaterThan(approve)
    expect(html).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/mailbox\/approve-device\?token=[\w-]+">/)
  })

  it("answers the JSON route only with a recipient", async () => {
    expect((await fetch(`${frame.url}/mailbox/messages`)).status).toBe(400)
  })
})
