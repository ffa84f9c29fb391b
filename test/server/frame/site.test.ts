/**
 * The secure site's pages: the frame page under its CSP (only the project's allowed origins may embed it), the social
 * stand-ins' consent page and callback, and the Farcaster stand-in, each driven through its real routes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makePendingTable, maxPending } from "../../../server/frame/codes.ts"
import { standInWarning } from "../../../server/frame/pages.ts"
import { frameAncestors } from "../../../server/frame/server.ts"
import { createMemoryKv } from "../../../server/shared/kv.ts"
import { newDevice, post, startTestFrame, type TestFrame, testAppOrigin } from "./fixture.ts"

let frame: TestFrame
beforeAll(async () => {
  frame = await startTestFrame()
}, 120_000)
afterAll(() => frame?.dispose())

const app = testAppOrigin

/** Submits a page's form as a browser would (urlencoded, no redirect following). */
const submit = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual"
  })

describe("the frame page", () => {
  it("may be embedded only by the project's allowed origins, and runs no inline script", async () => {
    const response = await fetch(`${frame.url}/sdk?projectId=airlock-demo&chainId=1`)
    expect(response.status).toBe(200)
    const csp = response.headers.get("content-security-policy") ?? ""
    expect(csp).toContain("frame-ancestors http://localhost http://localhost:* http://127.0.0.1 http://127.0.0.1:*")
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toContain("unsafe-inline")
    const html = await response.text()
    expect(html).toContain('<script src="/sdk.js" defer></script>')
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    const script = await fetch(`${frame.url}/sdk.js`)
    expect(script.headers.get("content-type")).toContain("javascript")
    expect((await script.text()).length).toBeGreaterThan(1000)
  })

  it("refuses an unknown project, a failing one, and one that allows no origin", async () => {
    expect((await fetch(`${frame.url}/sdk?projectId=nope`)).status).toBe(403)
    expect((await fetch(`${frame.url}/sdk?projectId=sandbox-rate-limited`)).status).toBe(403)
    const none = await fetch(`${frame.url}/sdk?projectId=sandbox-no-origins`)
    expect(none.headers.get("content-security-policy")).toContain("frame-ancestors 'none'")
  })

  it("says in CSP only the origin patterns CSP can express", () => {
    expect(frameAncestors(["https://*.example.com", "example.org:8443", "https://preview-*.example.com"])).toBe(
      "https://*.example.com example.org:8443"
    )
    expect(frameAncestors(["https://a.example; script-src *"])).toBe("'none'")
    expect(frameAncestors([])).toBe("'none'")
  })
})

describe("social stand-ins", () => {
  const start = (provider: string, appOrigin = app) =>
    post(frame, "/api/social/start", { provider, projectId: "airlock-demo", appOrigin, appName: "Demo <App>" })

  it("shows a consent page, and Allow sends the popup to the secure site's callback, which posts to the app", async () => {
    const { body } = await start("discord")
    expect(body.uri).toMatch(new RegExp(`^${frame.url}/oauth/discord/authorize\\?state=[\\w-]+$`))
    const consent = await (await fetch(body.uri)).text()
    expect(consent).toContain("Sign in to Demo &#60;App&#62; with Discord")
    expect(consent).toContain('value="ada#0"')
    // the page says loudly, before the field, that the username is taken as the identity
    expect(consent.indexOf("Development stand-in: the username you type here is taken as your identity")).toBeLessThan(
      consent.indexOf('id="username"')
    )
    expect(consent).toContain("Anyone can sign in as any user")
    const state = new URL(body.uri).searchParams.get("state")!

    const allowed = await submit(`${frame.url}/oauth/discord/decide`, { state, username: "grace#0", decision: "allow" })
    expect(allowed.status).toBe(303)
    const callback = new URL(allowed.headers.get("location")!)
    expect(callback.origin).toBe(frame.url)
    expect(callback.pathname).toBe("/social/callback")
    const page = await (await fetch(callback)).text()
    expect(page).toContain(`<meta name="airlock-app-origin" content="${app}">`)
    expect(page).toContain('<script src="/social-callback.js" defer></script>')

    const deviceId = newDevice()
    const code = callback.searchParams.get("code")!
    const login = await post(frame, "/api/social/connect", { code, state, deviceId })
    expect(login.status).toBe(200)
    expect(login.body.account).toMatchObject({ username: "grace#0", provider: "discord", email: null })
    // the code works once
    expect((await post(frame, "/api/social/connect", { code, state, deviceId })).status).toBe(400)
    // the same provider and username is the same user next time
    const { body: again } = await start("discord")
    const againState = new URL(again.uri).searchParams.get("state")!
    const next = new URL(
      (
        await submit(`${frame.url}/oauth/discord/decide`, { state: againState, username: "grace#0", decision: "allow" })
      ).headers.get("location")!
    )
    const second = await post(frame, "/api/social/connect", {
      code: next.searchParams.get("code")!,
      state: againState,
      deviceId
    })
    expect(second.body.account.address).toBe(login.body.account.address)
  })

  it("serves each of the six providers, and Cancel comes back with an error instead of a code", async () => {
    for (const provider of ["google", "github", "apple", "facebook", "x", "discord"]) {
      const { body } = await start(provider)
      const state = new URL(body.uri).searchParams.get("state")!
      expect((await fetch(body.uri)).status, provider).toBe(200)
      const cancelled = await submit(`${frame.url}/oauth/${provider}/decide`, {
        state,
        username: "",
        decision: "cancel"
      })
      const callback = new URL(cancelled.headers.get("location")!)
      expect(callback.searchParams.get("error")).toBe("access_denied")
      expect(callback.searchParams.get("code")).toBeNull()
    }
    expect((await start("myspace")).status).toBe(400)
  })

  it("refuses to start for an origin the project does not allow", async () => {
    const refused = await start("google", "https://evil.example")
    expect(refused).toEqual({ status: 403, body: { message: "Unauthorized: origin not allowed" } })
  })

  it("refuses a consent page for another provider's state, and a decision posted from another origin", async () => {
    const { body } = await start("github")
    const state = new URL(body.uri).searchParams.get("state")!
    expect((await fetch(`${frame.url}/oauth/google/authorize?state=${state}`)).status).toBe(400)
    const foreign = await fetch(`${frame.url}/oauth/github/decide`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ state, username: "mallory", decision: "allow" }).toString(),
      redirect: "manual"
    })
    expect(foreign.status).toBe(403)
  })
})

describe("Farcaster stand-in", () => {
  it("answers the waiting login once its page is approved", async () => {
    const started = await post(frame, "/api/farcaster/start", { appName: "Demo" })
    expect(started.body.url).toMatch(new RegExp(`^${frame.url}/farcaster/[\\w-]+$`))
    const page = await (await fetch(started.body.url)).text()
    expect(page).toContain("Sign in to Demo with Farcaster")
    expect(page).toContain(">Approve</button>")
    expect(page).toContain(standInWarning)

    const waiting = post(frame, "/api/farcaster/connect", { channel: started.body.channel, deviceId: newDevice() })
    const approved = await submit(`${started.body.url}/approve`, { username: "vitalik.eth" })
    expect(approved.status).toBe(200)
    const login = await waiting
    expect(login.status).toBe(200)
    expect(login.body.account).toMatchObject({ username: "vitalik.eth", provider: "farcaster" })
    expect(typeof login.body.token).toBe("string")
    // the channel is spent
    expect(
      (await post(frame, "/api/farcaster/connect", { channel: started.body.channel, deviceId: newDevice() })).status
    ).toBe(400)
  })
})

describe("pending tables", () => {
  it("keep at most 10,000 entries and refuse the next one rather than evict a pending one, until some expire", async () => {
    let clock = 0
    const table = makePendingTable<{ expiresAt: number }>(createMemoryKv({ now: () => clock }), "t", () => clock)
    await table.set("first", { expiresAt: 100 })
    for (let i = 1; i < maxPending; i++) await table.set(`k${i}`, { expiresAt: 200 })
    await expect(table.set("flood", { expiresAt: 200 })).rejects.toThrow("Too many sign-ins in progress")
    expect(await table.size()).toBe(maxPending)
    expect(await table.get("first")).toBeDefined()
    // once the first one expires, its place is free
    clock = 100
    await table.set("later", { expiresAt: 300 })
    expect(await table.get("later")).toBeDefined()
    expect(await table.size()).toBe(maxPending)
  })
})
