/**
 * A login is bound to the project and the embedding app's origin it was made for (issue 21): the session, the key and
 * every pending step answer only a frame call that states the same pair, and the project must still allow it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { defaultFrameLimits } from "../../../server/frame/auth.ts"
import { emailLogin, frameHeaders, latestCode, newDevice, post, startTestFrame, type TestFrame } from "./fixture.ts"

const originA = "http://localhost:5173"
const originB = "http://localhost:6006"
// P1 allows only origin A; P2 is permissive (any loopback page, B included).
const p1 = { projectId: "issue21-p1", appOrigin: originA }
const p2 = { projectId: "issue21-p2", appOrigin: originB }

let frame: TestFrame
beforeAll(async () => {
  frame = await startTestFrame()
  await frame.projects.upsert({ id: p1.projectId, allowedOrigins: [originA] })
  await frame.projects.upsert({ id: p2.projectId, allowedOrigins: ["http://localhost:*", "http://127.0.0.1:*"] })
}, 120_000)
afterAll(() => frame?.dispose())

let counter = 0
const freshEmail = () => `bound${++counter}.${Date.now()}@example.com`

describe("a login bound to its project and app origin", () => {
  it("reads as signed out for another project or origin: no account, no key, no preference change, no sign-out", async () => {
    const email = freshEmail()
    const deviceId = newDevice()
    const token = await emailLogin(frame, email, deviceId, p1)
    const asP1 = frameHeaders(frame, p1)
    expect((await post(frame, "/api/session", {}, token, asP1)).body.email).toBe(email)

    const others = [
      p2,
      { projectId: p2.projectId, appOrigin: originA },
      { projectId: "airlock-demo", appOrigin: originA }
    ]
    for (const other of others) {
      const headers = frameHeaders(frame, other)
      for (const [path, body] of [
        ["/api/session", {}],
        ["/api/key", {}],
        ["/api/preferred", { type: "eoa" }],
        ["/api/email/update", { email: freshEmail() }],
        ["/api/signout", {}]
      ] as const) {
        expect(await post(frame, path, body, token, headers), `${path} as ${JSON.stringify(other)}`).toEqual({
          status: 401,
          body: { message: "Not signed in" }
        })
      }
      // CONNECT_EMAIL with the token does not connect: that frame must prove the mailbox itself
      frame.advance(defaultFrameLimits.emailCooldownMs)
      expect((await post(frame, "/api/email/connect", { email, deviceId }, token, headers)).body.action).toBe(
        "VERIFY_OTP"
      )
    }
    // P1 named by a page on B: the project refuses the pair before any session is looked at
    const p1OnB = await post(frame, "/api/key", {}, token, frameHeaders(frame, { ...p1, appOrigin: originB }))
    expect(p1OnB).toEqual({ status: 403, body: { message: "Unauthorized: origin not allowed" } })

    // none of that touched the login where it belongs
    const own = await post(frame, "/api/session", {}, token, asP1)
    expect(own.status).toBe(200)
    expect(own.body.preferredAccountType).toBe("smartAccount")
    expect((await post(frame, "/api/key", {}, token, asP1)).body.privateKey).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await post(frame, "/api/email/connect", { email, deviceId }, token, asP1)).body).toEqual({
      action: "CONNECT"
    })
  })

  it("finishes a pending email code, social grant or Farcaster channel only for the project and origin that began it", async () => {
    const asP1 = frameHeaders(frame, p1)
    const asP2 = frameHeaders(frame, p2)

    const email = freshEmail()
    const started = await post(frame, "/api/email/connect", { email, deviceId: newDevice() }, undefined, asP1)
    const otp = await latestCode(frame, email)
    const elsewhere = await post(frame, "/api/email/otp", { loginId: started.body.loginId, otp }, undefined, asP2)
    expect(elsewhere).toEqual({ status: 400, body: { message: "No login in progress: request a new code" } })
    expect((await post(frame, "/api/email/otp", { loginId: started.body.loginId, otp }, undefined, asP1)).status).toBe(
      200
    )

    const social = await post(
      frame,
      "/api/social/start",
      { provider: "github", projectId: p1.projectId, appOrigin: originA, appName: "P1" },
      undefined,
      asP1
    )
    const state = new URL(social.body.uri).searchParams.get("state")!
    const decided = await fetch(`${frame.url}/oauth/github/decide`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ state, username: "octocat", decision: "allow" }).toString(),
      redirect: "manual"
    })
    const code = new URL(decided.headers.get("location")!).searchParams.get("code")!
    const deviceId = newDevice()
    expect((await post(frame, "/api/social/connect", { code, state, deviceId }, undefined, asP2)).status).toBe(400)
    expect((await post(frame, "/api/social/connect", { code, state, deviceId }, undefined, asP1)).status).toBe(200)
    // and a P2 frame cannot start one in P1's name
    expect(
      (
        await post(
          frame,
          "/api/social/start",
          { provider: "github", projectId: p1.projectId, appOrigin: originA },
          undefined,
          asP2
        )
      ).status
    ).toBe(403)

    const farcaster = await post(frame, "/api/farcaster/start", { appName: "P1" }, undefined, asP1)
    await fetch(`${farcaster.body.url}/approve`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "username=dwr.eth"
    })
    const channel = farcaster.body.channel as string
    expect((await post(frame, "/api/farcaster/connect", { channel, deviceId }, undefined, asP2)).status).toBe(400)
    const joined = await post(frame, "/api/farcaster/connect", { channel, deviceId }, undefined, asP1)
    expect(joined.body.account).toMatchObject({ username: "dwr.eth", provider: "farcaster" })
  })

  it("refuses a pair the project does not allow, and a session once its project stops allowing the origin", async () => {
    const email = freshEmail()
    const connect = (binding: { projectId: string; appOrigin: string }) =>
      post(frame, "/api/email/connect", { email, deviceId: newDevice() }, undefined, frameHeaders(frame, binding))
    for (const refused of [
      { projectId: p1.projectId, appOrigin: "https://evil.example" },
      { projectId: "no-such-project", appOrigin: originA },
      { projectId: "sandbox-rate-limited", appOrigin: originA },
      { projectId: p1.projectId, appOrigin: `${originA}/` },
      { projectId: p1.projectId, appOrigin: "" }
    ])
      expect((await connect(refused)).status, JSON.stringify(refused)).toBe(403)

    const project = { projectId: "issue21-shrinking", appOrigin: originA }
    await frame.projects.upsert({ id: project.projectId, allowedOrigins: [originA, originB] })
    const token = await emailLogin(frame, freshEmail(), newDevice(), project)
    expect((await post(frame, "/api/key", {}, token, frameHeaders(frame, project))).status).toBe(200)
    await frame.projects.upsert({ id: project.projectId, allowedOrigins: [originB] })
    expect((await post(frame, "/api/key", {}, token, frameHeaders(frame, project))).status).toBe(403)
  })
})
