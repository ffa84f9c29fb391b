import type { Page } from "playwright-core"
import { beforeEach, describe, expect, it } from "vitest"
import type { Sandbox } from "../../sandbox/index.ts"
import type { PageRecord } from "./browser.ts"
import { mailedCode as mailedCodeOf } from "./emailLogin.ts"
import { useE2eSession } from "./session.ts"

// Sign in with the wallet end to end: the demo with `?siwx=…` (serverSiwx over the sandbox API's /auth/v1 routes),
// the wallets the sandbox offers approving on their own, and the truth read where it lives: the API's session route,
// asked with the browser's own cookie.
describe("sign in with the wallet (SIWX) in the demo", () => {
  const session = useE2eSession("airlock-e2e-siwx-")
  let sandbox: Sandbox
  let page: Page
  let record: PageRecord
  beforeEach(() => {
    ;({ sandbox, page, record } = session)
  })

  const evmAccount = () => sandbox.accounts[0]?.address as string
  const solanaAccount = () => sandbox.solana.accounts[0]?.address as string
  const signView = () => page.getByRole("dialog", { name: "Sign In" })

  /** What the sandbox API says this browser is signed in as (its cookie, sent by the browser context). */
  const serverSessions = async (): Promise<ReadonlyArray<{ address: string; chainId: string; email?: string }>> => {
    const response = await session.context.request.get(`${sandbox.urls.api}/auth/v1/me?projectId=airlock-demo`, {
      headers: { origin: new URL(sandbox.urls.demo).origin }
    })
    expect(response.status()).toBe(200)
    return ((await response.json()) as { sessions: Array<{ address: string; chainId: string }> }).sessions
  }

  const openDemo = (mode: "required" | "optional") =>
    page.goto(`${sandbox.urls.demo}/?sandboxWallet=approve&siwx=${mode}`)

  /** The demo project captures an email before signing in (its `email_capture` feature): Skip it. */
  const skipCapture = () =>
    page.getByRole("dialog", { name: "Email" }).getByRole("button", { name: "Skip" }).click({ timeout: 15_000 })

  /** The newest sign-in code (email capture's) the sandbox mailbox holds for `email`. */
  const mailedCode = (email: string) => mailedCodeOf(sandbox.urls.frame, email, "is your sign-in code")

  const connectSandboxWallet = async () => {
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    await page
      .getByRole("dialog", { name: "Connect Wallet" })
      .getByRole("button", { name: /^Sandbox Wallet/ })
      .click({ timeout: 15_000 })
  }

  it("EVM: connect captures an email (mailed code), then asks to sign in; the server session names both; a reload does not ask again; disconnect ends it", async () => {
    const email = `ada.${Date.now()}@example.com`
    await openDemo("required")
    await connectSandboxWallet()
    // Email capture first, required like the sign-in: no close button.
    const capture = page.getByRole("dialog", { name: "Email" })
    await capture.getByRole("textbox", { name: "Email" }).fill(email, { timeout: 15_000 })
    expect(await capture.getByRole("button", { name: "Close" }).count()).toBe(0)
    await capture.getByRole("button", { name: "Continue", exact: true }).click()
    await page
      .getByRole("dialog", { name: "Confirm Email" })
      .getByLabel("Code")
      .fill(await mailedCode(email), { timeout: 15_000 })
    await signView().waitFor({ timeout: 15_000 })
    // Required: no close button, Escape does not close.
    expect(await signView().getByRole("button", { name: "Close" }).count()).toBe(0)
    await page.keyboard.press("Escape")
    expect(await signView().count()).toBe(1)
    await signView().getByRole("button", { name: "Sign in" }).click()
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 15_000 }).toBe(0)
    await expect.poll(() => page.getByTestId("siwx-status").textContent()).toBe("authenticated")
    expect(await serverSessions()).toMatchObject([{ address: evmAccount(), chainId: "eip155:1", email }])
    await expect
      .poll(() => page.getByTestId("siwx-server").textContent())
      .toBe(`Signed in as ${evmAccount()} on eip155:1 (${email})`)

    await page.reload()
    await expect.poll(() => page.getByTestId("siwx-status").textContent(), { timeout: 15_000 }).toBe("authenticated")
    expect(await page.getByRole("dialog").count()).toBe(0)
    expect(await serverSessions()).toHaveLength(1)

    await page.getByRole("button", { name: /0x/ }).first().click()
    await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Disconnect" }).click()
    await expect
      .poll(() => page.getByTestId("connection-status").textContent(), { timeout: 15_000 })
      .toBe("disconnected")
    await expect.poll(() => serverSessions(), { timeout: 15_000 }).toEqual([])
    expect(record.errors).toEqual([])
  })

  it("required: Cancel on the sign view disconnects, and the server has no session", async () => {
    await openDemo("required")
    await connectSandboxWallet()
    await skipCapture()
    await signView().getByRole("button", { name: "Cancel" }).click({ timeout: 15_000 })
    await expect
      .poll(() => page.getByTestId("connection-status").textContent(), { timeout: 15_000 })
      .toBe("disconnected")
    expect(await page.getByRole("dialog").count()).toBe(0)
    expect(await serverSessions()).toEqual([])
  })

  it("optional: Cancel keeps the wallet connected and signed out; signing in later from the page works", async () => {
    await openDemo("optional")
    await connectSandboxWallet()
    await skipCapture()
    await signView().getByRole("button", { name: "Cancel" }).click({ timeout: 15_000 })
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0)
    expect(await page.getByTestId("connection-status").textContent()).toBe("connected")
    expect(await page.getByTestId("siwx-status").textContent()).toBe("unauthenticated")
    await page.getByRole("button", { name: "Sign in", exact: true }).click()
    await expect.poll(() => page.getByTestId("siwx-status").textContent(), { timeout: 15_000 }).toBe("authenticated")
    expect(await serverSessions()).toMatchObject([{ address: evmAccount(), chainId: "eip155:1" }])
  })

  it("Solana: the Sandbox Solana Wallet signs in with its own sign-in screen (solana:signIn); the server verifies the text it wrote", async () => {
    // The wallet asks this time, so its own screens show: Connect, then Sign in (not Sign message).
    await page.goto(`${sandbox.urls.demo}/?sandboxWallet=prompt&siwx=required`)
    const wallet = page.locator("[data-sandbox-wallet=prompt]")
    await page.getByRole("button", { name: "Ethereum" }).click({ timeout: 15_000 })
    await page
      .getByRole("dialog", { name: "Choose Network" })
      .getByRole("button", { name: /^Solana Sandbox/ })
      .click()
    await page
      .getByRole("dialog", { name: "Connect Wallet" })
      .getByRole("button", { name: /^Sandbox Solana Wallet/ })
      .click({ timeout: 15_000 })
    await wallet
      .getByRole("dialog", { name: "Connect", exact: true })
      .getByRole("button", { name: "Approve" })
      .click({ timeout: 15_000 })
    await skipCapture()
    await signView().getByRole("button", { name: "Sign in" }).click({ timeout: 15_000 })
    const signIn = wallet.getByRole("dialog", { name: "Sign in", exact: true })
    await signIn.getByText(/asks you to sign in with your Solana account\.$/).waitFor({ timeout: 15_000 })
    const written = (await signIn.locator("pre").textContent()) ?? ""
    expect(written.split("\n").slice(0, 2)).toEqual([
      `${new URL(sandbox.urls.demo).host} wants you to sign in with your Solana account:`,
      solanaAccount()
    ])
    await signIn.getByRole("button", { name: "Approve" }).click()
    await expect.poll(() => page.getByTestId("siwx-status").textContent(), { timeout: 15_000 }).toBe("authenticated")
    const [signedIn] = await serverSessions()
    expect(signedIn).toMatchObject({ address: solanaAccount(), message: written })
    expect(signedIn?.chainId).toBe(sandbox.urls.solana.caipNetworkId)
  })
})
