import { readFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { createRequire } from "node:module"
import type { AddressInfo } from "node:net"
import type { Frame, Page } from "playwright-core"
import { type Address, createPublicClient, type Hex, http, toHex, verifyMessage } from "viem"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import type { Sandbox } from "../../sandbox/index.ts"
import { sessionKey } from "../../server/frame/page/frame.ts"
import { embedFrame, frameMessages, sendToFrame } from "./frameApp.ts"
import { useE2eSession } from "./session.ts"

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js")

// The embedded wallet's secure site end to end: a bare app page on one loopback origin embeds the frame from the
// sandbox's secure site on another, and talks to it only with postMessage, as core's Frame service does. The login
// code is read from the sandbox mailbox, as a person would read their email.
describe("the embedded wallet's frame", () => {
  const session = useE2eSession("airlock-e2e-frame-")
  let sandbox: Sandbox
  let page: Page
  let appServer: Server
  let appOrigin = ""

  beforeAll(async () => {
    // The app: an empty page on its own port, so the frame (another port) is cross-origin to it.
    appServer = createServer((_req, res) =>
      res
        .writeHead(200, { "content-type": "text/html; charset=utf-8" })
        .end(
          '<!doctype html><html lang="en"><head><title>Frame test app</title></head><body><main></main></body></html>'
        )
    )
    await new Promise<void>((resolve) => appServer.listen(0, "127.0.0.1", resolve))
    appOrigin = `http://127.0.0.1:${(appServer.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    appServer?.closeAllConnections()
    await new Promise((resolve) => appServer?.close(resolve))
  })
  beforeEach(() => {
    ;({ sandbox, page } = session)
  })

  const chain = () => sandbox.urls.chains.find((candidate) => candidate.chainId === 1)!

  /** Opens the app page and embeds the frame as core does; every message the app receives is recorded. */
  const openApp = async (projectId = "airlock-demo") => {
    await page.goto(appOrigin)
    await embedFrame(page, sandbox.urls.frame, {
      projectId,
      chainId: "1",
      version: "airlock-test",
      enableLogger: "false",
      rpcUrl: chain().rpcUrl
    })
  }

  /** The headers of the frame page's own calls (Node may send them to read underneath, as the frame would). */
  const frameCall = () => ({
    "content-type": "application/json",
    origin: sandbox.urls.frame,
    "x-airlock-project-id": "airlock-demo",
    "x-airlock-app-origin": appOrigin
  })

  const received = () => frameMessages(page)

  const waitReady = () =>
    expect
      .poll(async () => (await received()).some((m) => (m as { type?: string }).type === "@airlock-frame/READY"), {
        timeout: 15_000
      })
      .toBe(true)

  /** Sends one action and resolves with the frame's reply (its type and payload). */
  const send = (action: string, payload?: unknown) => sendToFrame(page, action, payload)

  const frame = (): Frame => page.frames().find((candidate) => candidate.url().startsWith(sandbox.urls.frame))!

  const mailboxCode = async (email: string): Promise<string> => {
    const response = await fetch(`${sandbox.urls.frame}/mailbox/messages?to=${encodeURIComponent(email)}`)
    const { messages } = (await response.json()) as { messages: Array<{ code: string | null }> }
    const code = messages.find((message) => message.code !== null)?.code
    if (code == null) throw new Error(`no code for ${email}`)
    return code
  }

  it("logs in by email with the mailbox's code, signs with the user's key, and never shows the app a secret", async () => {
    await openApp()
    await waitReady()
    const email = `ada.${Date.now()}@example.com`

    expect(await send("CONNECT_EMAIL", { email })).toEqual({
      type: "@airlock-frame/CONNECT_EMAIL_SUCCESS",
      id: expect.any(String),
      payload: { action: "VERIFY_OTP" }
    })
    const otp = await mailboxCode(email)
    expect((await send("CONNECT_OTP", { otp })).type).toBe("@airlock-frame/CONNECT_OTP_SUCCESS")

    const user = (await send("GET_USER", { chainId: 1, preferredAccountType: "eoa" })).payload as {
      email: string
      address: Address
      chainId: number
      accounts: Array<{ address: Address; type: string }>
      preferredAccountType: string
      smartAccountDeployed: boolean
    }
    expect(user).toMatchObject({ email, chainId: 1, preferredAccountType: "eoa", smartAccountDeployed: false })
    expect(user.accounts.map((account) => account.type)).toEqual(["eoa", "smartAccount"])
    expect(user.address).toBe(user.accounts[0]!.address)

    const message = "Sign in to the frame test app"
    const signed = await send("RPC_REQUEST", {
      method: "personal_sign",
      params: [toHex(message), user.address],
      chainId: 1,
      chainNamespace: "eip155",
      rpcUrl: chain().rpcUrl
    })
    expect(signed.type).toBe("@airlock-frame/RPC_REQUEST_SUCCESS")
    expect(await verifyMessage({ address: user.address, message, signature: signed.payload as Hex })).toBe(true)

    // The secrets live in the frame's origin: its storage holds the session token, the server the key.
    const token = await frame().evaluate(
      (key) => localStorage.getItem(key),
      sessionKey({ projectId: "airlock-demo", appOrigin })
    )
    expect(token).toMatch(/^[\w-]{20,}$/)
    // The session is bound to its HttpOnly cookie, which the frame's calls sent back: the token alone, copied out of
    // the frame, finds no session; with the cookie the browser holds (unreadable by any script) it does.
    const cookies = await page.context().cookies(sandbox.urls.frame)
    const sessionCookie = cookies.find((cookie) => cookie.name.startsWith("__Host-airlock-"))
    expect(sessionCookie).toMatchObject({ httpOnly: true, secure: true, sameSite: "None" })
    const keyCall = (cookie?: string) =>
      fetch(`${sandbox.urls.frame}/api/key`, {
        method: "POST",
        headers: {
          ...frameCall(),
          authorization: `Bearer ${token}`,
          ...(cookie === undefined ? {} : { cookie })
        },
        body: "{}"
      })
    expect((await keyCall()).status).toBe(401)
    const { privateKey } = (await (await keyCall(`${sessionCookie!.name}=${sessionCookie!.value}`)).json()) as {
      privateKey: Hex
    }
    expect(privateKey).toMatch(/^0x[0-9a-f]{64}$/)
    // ...and none of them ever reached the app, nor does the app's own storage hold the token.
    const everything = JSON.stringify(await received()).toLowerCase()
    expect(everything).not.toContain(privateKey.slice(2).toLowerCase())
    expect(everything).not.toContain(otp)
    expect(everything).not.toContain(token!.toLowerCase())
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain(token!)
  })

  it("restores the session after a reload, switches to the smart account, deploys it on the first send, signs out", async () => {
    await openApp()
    await waitReady()
    const email = `grace.${Date.now()}@example.com`
    await send("CONNECT_EMAIL", { email })
    await send("CONNECT_OTP", { otp: await mailboxCode(email) })

    await openApp()
    await waitReady()
    expect(await send("IS_CONNECTED")).toMatchObject({ payload: { isConnected: true } })
    const user = (await send("GET_USER", { chainId: 1 })).payload as { email: string; address: Address }
    expect(user.email).toBe(email)

    expect((await send("GET_SMART_ACCOUNT_ENABLED_NETWORKS")).payload).toEqual({
      smartAccountEnabledNetworks: [1, 8453]
    })
    const init = (await send("INIT_SMART_ACCOUNT")).payload as { address: Address; isDeployed: boolean }
    expect(init.isDeployed).toBe(false)
    expect(await send("SET_PREFERRED_ACCOUNT", { type: "smartAccount" })).toMatchObject({
      payload: { type: "smartAccount", address: init.address }
    })
    const sent = await send("RPC_REQUEST", {
      method: "eth_sendTransaction",
      params: [{ from: init.address, to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", value: "0x1" }],
      chainId: 1,
      chainNamespace: "eip155"
    })
    expect(sent.type).toBe("@airlock-frame/RPC_REQUEST_SUCCESS")
    const receipt = await createPublicClient({ transport: http(chain().rpcUrl) }).waitForTransactionReceipt({
      hash: sent.payload as Hex
    })
    expect(receipt.to?.toLowerCase()).toBe(init.address.toLowerCase())
    expect((await send("GET_USER", { chainId: 1 })).payload).toMatchObject({
      address: init.address,
      preferredAccountType: "smartAccount",
      smartAccountDeployed: true
    })

    expect((await send("SIGN_OUT")).type).toBe("@airlock-frame/SIGN_OUT_SUCCESS")
    expect(await send("IS_CONNECTED")).toMatchObject({ payload: { isConnected: false } })
    expect(await send("GET_USER")).toMatchObject({
      type: "@airlock-frame/GET_USER_ERROR",
      payload: { message: "Not signed in" }
    })
  })

  it("logs in with a social stand-in: the popup's consent page, the secure site's result posted to the app, CONNECT_SOCIAL", async () => {
    await openApp()
    await waitReady()
    // As core does: the popup opens empty in the click, then goes to the consent page the frame names.
    const popupOpened = page.waitForEvent("popup")
    await page.evaluate(() => {
      ;(window as unknown as { popup: Window | null }).popup = window.open("", "airlock-social", "width=600,height=800")
    })
    const popup = await popupOpened
    const { payload } = (await send("GET_SOCIAL_REDIRECT_URI", { provider: "discord" })) as { payload: { uri: string } }
    expect(payload.uri.startsWith(`${sandbox.urls.frame}/oauth/discord/authorize?state=`)).toBe(true)
    await page.evaluate((uri) => {
      ;(window as unknown as { popup: Window }).popup.location.href = uri
    }, payload.uri)
    await popup.getByRole("heading", { name: "Sign in to" }).waitFor()
    expect(await popup.getByLabel("Discord username").inputValue()).toBe("ada#0")
    const closed = popup.waitForEvent("close")
    await popup.getByRole("button", { name: "Allow" }).click()
    await closed

    const result = (await received()).find(
      (message) => (message as { type?: string }).type === "@airlock-frame/SOCIAL_RESULT"
    ) as { payload: { uri: string } } | undefined
    expect(result?.payload.uri.startsWith(`${sandbox.urls.frame}/social/callback?`)).toBe(true)
    const user = await send("CONNECT_SOCIAL", { uri: result!.payload.uri })
    expect(user).toMatchObject({ type: "@airlock-frame/CONNECT_SOCIAL_SUCCESS", payload: { username: "ada#0" } })
    // a result URL from anywhere but the secure site is refused
    expect(await send("CONNECT_SOCIAL", { uri: "https://evil.example/social/callback?code=x&state=y" })).toMatchObject({
      payload: { message: "The social result did not come from the secure site" }
    })
  })

  it("answers a malformed request with an error, and is not embeddable for a project that allows no origin", async () => {
    await openApp()
    await waitReady()
    expect(await send("CONNECT_OTP", { otp: 123456 })).toMatchObject({
      type: "@airlock-frame/CONNECT_OTP_ERROR",
      payload: { message: "Invalid payload" }
    })
    expect(await send("CONNECT_EMAIL", { email: "x".repeat(2_000_000) })).toMatchObject({
      type: "@airlock-frame/CONNECT_EMAIL_ERROR"
    })
    expect(await send("CONNECT_EMAIL", { email: "not-an-email" })).toMatchObject({
      payload: { message: "Invalid email" }
    })

    // A project that allows no origin: the browser refuses to render the frame, so it never says READY.
    const blocked = new Promise<boolean>((resolve) => {
      page.on("console", (entry) => {
        if (/frame-ancestors/.test(entry.text())) resolve(true)
      })
    })
    await openApp("sandbox-no-origins")
    expect(await blocked).toBe(true)
    expect((await received()).length).toBe(0)
  })

  it("the mailbox, the consent page and the Farcaster page are axe clean", async () => {
    const axeViolations = async () => {
      await page.evaluate(readFileSync(axePath, "utf8"))
      return page.evaluate(async () => {
        const axe = (
          globalThis as unknown as {
            axe: { run: (c: Document) => Promise<{ violations: Array<{ id: string }> }> }
          }
        ).axe
        return (await axe.run(document)).violations.map((violation) => violation.id)
      })
    }
    const started = (await (
      await fetch(`${sandbox.urls.frame}/api/social/start`, {
        method: "POST",
        headers: frameCall(),
        body: JSON.stringify({ provider: "github", projectId: "airlock-demo", appOrigin, appName: "Frame test app" })
      })
    ).json()) as { uri: string }
    const farcaster = (await (
      await fetch(`${sandbox.urls.frame}/api/farcaster/start`, {
        method: "POST",
        headers: frameCall(),
        body: JSON.stringify({ appName: "Frame test app" })
      })
    ).json()) as { url: string }
    for (const url of [`${sandbox.urls.frame}/mailbox`, started.uri, farcaster.url]) {
      await page.goto(url)
      expect(await axeViolations(), url).toEqual([])
    }
    // keyboard only: the consent page's username field, then Allow, are reached with Tab
    await page.goto(started.uri)
    await page.keyboard.press("Tab")
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("username")
    await page.keyboard.press("Tab")
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Allow")
  })
})
