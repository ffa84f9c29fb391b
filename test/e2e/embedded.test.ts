import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import type { BrowserContext, Page } from "playwright-core"
import { type Address, createPublicClient, formatEther, type Hex, http } from "viem"
import { beforeEach, describe, expect, it } from "vitest"
import { truncateAddress } from "../../core/schema/format.ts"
import { shortenEmail } from "../../core/schema/loginName.ts"
import type { Sandbox } from "../../sandbox/index.ts"
import { sessionKey } from "../../server/frame/page/frame.ts"
import { useE2eSession } from "./session.ts"
import { settled } from "./settled.ts"

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js")

// The embedded wallet end to end, as a visitor without a wallet: the demo's modal, the sandbox's secure site in its
// cross-origin frame, the mailbox for the codes, anvil for what the chain holds. Every message the app's window gets
// from the frame is recorded, to prove no key or code ever reaches it.
describe("the embedded wallet through the modal", () => {
  const session = useE2eSession("airlock-e2e-embedded-")
  let sandbox: Sandbox
  let page: Page
  beforeEach(() => {
    ;({ sandbox, page } = session)
  })

  const rpcUrl = () => sandbox.urls.chains.find((c) => c.chainId === 1)!.rpcUrl
  const chain = () => createPublicClient({ transport: http(rpcUrl()) })
  const modal = () => page.getByRole("dialog").first()
  const status = () => page.getByTestId("connection-status")
  const address = () => page.getByTestId("connection-address")

  /** Records every message the app's window receives from the secure site, from the first script on. */
  const recordFrameMessages = async (target: Page) => {
    await target.addInitScript((frameOrigin: string) => {
      const w = window as unknown as { frameMessages: unknown[] }
      w.frameMessages = []
      window.addEventListener("message", (event) => {
        if (event.origin === frameOrigin) w.frameMessages.push(event.data)
      })
    }, sandbox.urls.frame)
  }
  const frameMessages = (target: Page = page) =>
    target.evaluate(() => JSON.stringify((window as unknown as { frameMessages: unknown[] }).frameMessages))

  const mail = async (email: string) => {
    const response = await fetch(`${sandbox.urls.frame}/mailbox/messages?to=${encodeURIComponent(email)}`)
    return ((await response.json()) as { messages: Array<{ body: string; code: string | null; link: string | null }> })
      .messages
  }
  /** The newest code mailed to `email` that is not one of `seen`. */
  const newCode = async (email: string, seen: ReadonlyArray<string> = []): Promise<string> => {
    let code: string | undefined
    await expect
      .poll(
        async () => {
          code = (await mail(email)).find((m) => m.code !== null && !seen.includes(m.code))?.code ?? undefined
          return code
        },
        { timeout: 15_000 }
      )
      .toMatch(/^\d{6}$/)
    return code as string
  }

  /** From the demo's Connect button to the code view of `email`. */
  const startEmailLogin = async (target: Page, email: string) => {
    await target.goto(sandbox.urls.demo)
    await target.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    // The Connect view holds the email field itself.
    await target.getByRole("dialog").getByRole("textbox", { name: "Email" }).fill(email, { timeout: 15_000 })
    await target.getByRole("dialog").getByRole("button", { name: "Continue", exact: true }).click()
  }

  const loginByEmail = async (target: Page, email: string) => {
    await startEmailLogin(target, email)
    const code = await newCode(email)
    await target.getByRole("dialog").getByLabel("Code").fill(code, { timeout: 30_000 })
    await expect
      .poll(() => target.getByTestId("connection-status").textContent(), { timeout: 30_000 })
      .toBe("connected")
    return code
  }

  /** Opens Account from the demo's account button (named by the connected address, shortened). */
  const accountView = async () => {
    const connected = (await address().textContent()) as string
    await page
      .getByRole("button", { name: truncateAddress(connected), exact: true })
      .first()
      .click()
    return page.getByRole("dialog", { name: "Account" })
  }

  it("logs in with the mailbox's code: connected with the smart account and its anvil balance, signs through Approve, keeps the login over a reload, and the app never sees a secret", async () => {
    await recordFrameMessages(page)
    const email = `ada.${Date.now()}@example.com`
    const started = Date.now()
    const code = await loginByEmail(page, email)
    // The modal closed once connected; the account is the smart account (SPEC §6's default on EVM).
    expect(await page.getByRole("dialog").count()).toBe(0)
    const smart = (await address().textContent()) as Address
    expect(smart).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(await chain().getCode({ address: smart })).toBeUndefined()
    const balance = formatEther(await chain().getBalance({ address: smart }))
    await expect.poll(() => page.getByText(`${balance} ETH`).count(), { timeout: 15_000 }).toBeGreaterThan(0)
    console.info(`email login, code submitted to connected: ${Date.now() - started} ms including the mailbox`)

    // personal_sign from the page (viem over airlock.getProvider) waits for the user in ApproveTransaction.
    await page.getByRole("button", { name: "Sign message" }).click()
    const approve = page.getByRole("dialog", { name: "Approve Transaction" })
    await approve.getByText("Hello from Airlock").waitFor({ timeout: 15_000 })
    await approve.getByRole("button", { name: "Approve" }).click()
    await expect.poll(() => page.getByTestId("signature").textContent(), { timeout: 30_000 }).toMatch(/^0x/)
    const signature = (await page.getByTestId("signature").textContent()) as Hex
    // The smart account is not deployed yet: an ERC-6492 signature, which viem's public verifier checks on chain.
    expect(await chain().verifyMessage({ address: smart, message: "Hello from Airlock", signature })).toBe(true)
    // The modal was opened for the request: it closes again.
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0)

    // Rejecting refuses with EIP-1193's 4001 message.
    await page.getByRole("button", { name: "Sign message" }).click()
    await approve.getByRole("button", { name: "Reject" }).click({ timeout: 15_000 })
    await expect.poll(() => page.getByTestId("signature").textContent()).toContain("User rejected")

    // A reload restores the session without a new login (the messages so far are kept: the reload clears them).
    const beforeReload = await frameMessages()
    await page.reload()
    await expect.poll(() => status().textContent(), { timeout: 30_000 }).toBe("connected")
    expect(await address().textContent()).toBe(smart)

    // Nothing secret reached the app's window: not the code, not the key, not the session token.
    const frame = page.frames().find((f) => f.url().startsWith(sandbox.urls.frame))!
    // The login is the demo's, on the demo's origin: the frame keeps its token under that pair.
    const binding = { projectId: sandbox.urls.projectId, appOrigin: new URL(sandbox.urls.demo).origin }
    const token = (await frame.evaluate((key) => localStorage.getItem(key), sessionKey(binding))) as string
    expect(token).toMatch(/^[\w-]{20,}$/)
    // (Node may send the secure site's Origin and the pair, as the frame page does, and the session's HttpOnly cookie
    // the browser holds, to read the key for the check: the session is bound to that cookie.)
    const sessionCookie = (await page.context().cookies(sandbox.urls.frame)).find((cookie) =>
      cookie.name.startsWith("__Host-airlock-")
    )
    const { privateKey } = (await (
      await fetch(`${sandbox.urls.frame}/api/key`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${token}`,
          origin: sandbox.urls.frame,
          "x-airlock-project-id": binding.projectId,
          "x-airlock-app-origin": binding.appOrigin,
          cookie: `${sessionCookie?.name}=${sessionCookie?.value}`
        },
        body: "{}"
      })
    ).json()) as { privateKey: Hex }
    const everything = `${beforeReload}${await frameMessages()}`.toLowerCase()
    expect(everything).toContain("connect_otp_success")
    expect(everything).not.toContain(code)
    expect(everything).not.toContain(privateKey.slice(2).toLowerCase())
    expect(everything).not.toContain(token.toLowerCase())
    const appStorage = await page.evaluate(() => JSON.stringify(localStorage))
    expect(appStorage).not.toContain(token)
    expect(appStorage).not.toContain(privateKey.slice(2))
  })

  it("sends from the EOA and from the smart account, which deploys on its first send", async () => {
    const email = `grace.${Date.now()}@example.com`
    await loginByEmail(page, email)
    const smart = (await address().textContent()) as Address

    // Switch to the EOA from the Account view, then send 0.001 ETH to itself through Approve.
    let account = await accountView()
    // The account type says what the user gets; the technical terms are secondary.
    await account.getByText("Gas-free and recoverable; created on your first transaction").waitFor({ timeout: 15_000 })
    expect(await account.locator("[data-part=account-type]").textContent()).toBe(
      "Smart accountGas-free and recoverable; created on your first transaction"
    )
    await account.getByRole("button", { name: "Use a standard account (EOA)" }).click({ timeout: 15_000 })
    await expect.poll(() => address().textContent(), { timeout: 15_000 }).not.toBe(smart)
    const eoa = (await address().textContent()) as Address
    await page.keyboard.press("Escape")
    const sendToSelf = async () => {
      await page.getByRole("button", { name: "Send 0.001 ETH to myself" }).click()
      const approve = page.getByRole("dialog", { name: "Approve Transaction" })
      await approve.getByText("Send a transaction").waitFor({ timeout: 15_000 })
      expect(await approve.getByText("0.001 ETH").count()).toBe(1)
      await approve.getByRole("button", { name: "Approve" }).click()
      await expect.poll(() => page.getByTestId("transaction").textContent(), { timeout: 30_000 }).toMatch(/^0x/)
      return chain().waitForTransactionReceipt({ hash: (await page.getByTestId("transaction").textContent()) as Hex })
    }
    const fromEoa = await sendToSelf()
    expect(fromEoa.status).toBe("success")
    expect(fromEoa.from.toLowerCase()).toBe(eoa.toLowerCase())

    // Back to the smart account: its first send deploys it, and the transfer runs from the contract.
    account = await accountView()
    await account.getByRole("button", { name: "Use a smart account" }).click({ timeout: 15_000 })
    await expect.poll(() => address().textContent(), { timeout: 15_000 }).toBe(smart)
    await page.keyboard.press("Escape")
    expect(await chain().getCode({ address: smart })).toBeUndefined()
    const fromSmart = await sendToSelf()
    expect(fromSmart.status).toBe("success")
    expect(fromSmart.to?.toLowerCase()).toBe(smart.toLowerCase())
    expect((await chain().getCode({ address: smart }))?.length ?? 0).toBeGreaterThan(2)
    // The Account view says so.
    account = await accountView()
    await account.getByText("Smart account", { exact: true }).waitFor({ timeout: 15_000 })
  })

  it("signs a known account in on a new device with a code, as it would a new one; only the mailbox hears of the device", async () => {
    const email = `hedy.${Date.now()}@example.com`
    const first = await loginByEmail(page, email)
    // Another browser profile is another device. The frame answers as for any email (no "Register Device" step that
    // would tell a stranger the account exists); the mail says a new device is signing in.
    const other: BrowserContext = await session.browser.newContext()
    try {
      const second = await other.newPage()
      await startEmailLogin(second, email)
      await second.getByRole("dialog", { name: "Confirm Email" }).waitFor({ timeout: 30_000 })
      await expect
        .poll(async () => (await mail(email)).some((m) => /device it has not seen/.test(m.body)), { timeout: 15_000 })
        .toBe(true)
      await second
        .getByRole("dialog")
        .getByLabel("Code")
        .fill(await newCode(email, [first]))
      await expect
        .poll(() => second.getByTestId("connection-status").textContent(), { timeout: 30_000 })
        .toBe("connected")
    } finally {
      await other.close()
    }
  })

  it("updates the email with a code to each address, then signs out back to Connect with the login forgotten", async () => {
    const email = `ida.${Date.now()}@example.com`
    const newEmail = `ida.new.${Date.now()}@example.com`
    const first = await loginByEmail(page, email)
    const account = await accountView()
    await account.getByText(email).waitFor({ timeout: 15_000 })
    await account.getByRole("button", { name: "Edit email" }).click()
    const edit = page.getByRole("dialog", { name: "Edit Email" })
    await edit.getByLabel("New email").fill(newEmail)
    await edit.getByRole("button", { name: "Save" }).click()
    await page
      .getByRole("dialog", { name: "Confirm Current Email" })
      .getByLabel("Code")
      .fill(await newCode(email, [first]))
    await page
      .getByRole("dialog", { name: "Confirm New Email" })
      .getByLabel("Code")
      .fill(await newCode(newEmail))
    await page.getByText("Email updated").waitFor({ timeout: 15_000 })
    // Shown shortened: it is over 30 characters (SPEC §5).
    expect(newEmail.length).toBeGreaterThan(30)
    await page.getByRole("dialog", { name: "Account" }).getByText(shortenEmail(newEmail)).waitFor({ timeout: 15_000 })
    expect(await page.evaluate(() => localStorage.getItem("@airlock/email"))).toBe(newEmail)

    await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Disconnect" }).click()
    await expect.poll(() => status().textContent(), { timeout: 15_000 }).toBe("disconnected")
    expect(await page.evaluate(() => localStorage.getItem("@airlock/email"))).toBeNull()
    await page.reload()
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    await modal().getByRole("textbox", { name: "Email" }).waitFor({ timeout: 15_000 })
    expect(await status().textContent()).toBe("disconnected")
  })

  it("logs in with a social account through the stand-in's popup; a popup closed first reads 'Popup closed'", async () => {
    await page.goto(sandbox.urls.demo)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      modal().getByRole("button", { name: "Continue with GitHub" }).click({ timeout: 15_000 })
    ])
    await popup.getByRole("button", { name: "Allow" }).click({ timeout: 15_000 })
    await expect.poll(() => status().textContent(), { timeout: 30_000 }).toBe("connected")
    const account = await accountView()
    await account.getByText("Logged in as").waitFor({ timeout: 15_000 })
    await account.getByRole("button", { name: "Disconnect" }).click()
    await expect.poll(() => status().textContent(), { timeout: 15_000 }).toBe("disconnected")

    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    const [closing] = await Promise.all([
      page.waitForEvent("popup"),
      modal().getByRole("button", { name: "Continue with Google" }).click({ timeout: 15_000 })
    ])
    await closing.waitForLoadState()
    await closing.close()
    await page.getByRole("dialog", { name: "Social Login" }).getByText("Popup closed").waitFor({ timeout: 15_000 })
    expect(await status().textContent()).toBe("disconnected")
  })

  it("names a Discord login without its trailing 0, reads a cancelled consent as 'Connection rejected', and logs in with Farcaster by its approval page", async () => {
    await page.goto(sandbox.urls.demo)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    const [cancelled] = await Promise.all([
      page.waitForEvent("popup"),
      modal().getByRole("button", { name: "Continue with Discord" }).click({ timeout: 15_000 })
    ])
    await cancelled.getByRole("button", { name: "Cancel" }).click({ timeout: 15_000 })
    await page
      .getByRole("dialog", { name: "Social Login" })
      .getByText("Connection rejected")
      .waitFor({ timeout: 15_000 })

    // Try again opens a new popup in its click.
    const [popup] = await Promise.all([
      page.waitForEvent("popup"),
      page.getByRole("dialog", { name: "Social Login" }).getByRole("button", { name: "Try again" }).click()
    ])
    await popup.getByLabel("Discord username").fill("ada_lovelace0")
    await popup.getByRole("button", { name: "Allow" }).click()
    await expect.poll(() => status().textContent(), { timeout: 30_000 }).toBe("connected")
    let account = await accountView()
    await account.getByText("ada_lovelace", { exact: true }).waitFor({ timeout: 15_000 })
    await account.getByRole("button", { name: "Disconnect" }).click()
    await expect.poll(() => status().textContent(), { timeout: 15_000 }).toBe("disconnected")

    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    await modal().getByRole("button", { name: "Continue with Farcaster" }).click({ timeout: 15_000 })
    const farcaster = page.getByRole("dialog", { name: "Farcaster" })
    await farcaster.getByRole("img", { name: "Farcaster login QR code" }).waitFor({ timeout: 15_000 })
    const approval = (await farcaster.getByRole("link", { name: "Open approval page" }).getAttribute("href")) as string
    expect(approval.startsWith(sandbox.urls.frame)).toBe(true)
    // The approval happens elsewhere (a phone scanning the QR): another page here.
    const phone = await session.context.newPage()
    await phone.goto(approval)
    await phone.getByRole("button", { name: "Approve" }).click()
    await expect.poll(() => status().textContent(), { timeout: 30_000 }).toBe("connected")
    account = await accountView()
    await account.getByText("Logged in as").waitFor({ timeout: 15_000 })
  })

  it("takes a pasted code with its spaces and dashes", async () => {
    const email = `lin.${Date.now()}@example.com`
    await startEmailLogin(page, email)
    const field = page.getByRole("dialog", { name: "Confirm Email" }).getByLabel("Code")
    await field.waitFor({ timeout: 15_000 })
    const code = await newCode(email)
    const pasted = `${code.slice(0, 3)} - ${code.slice(3)}`
    await field.evaluate((input, text) => {
      const data = new DataTransfer()
      data.setData("text/plain", text)
      input.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }))
    }, pasted)
    await expect.poll(() => status().textContent(), { timeout: 30_000 }).toBe("connected")
  })

  for (const colorScheme of ["light", "dark"] as const) {
    it(`logs in with the keyboard alone, every embedded view axe clean (${colorScheme})`, async () => {
      await page.emulateMedia({ colorScheme })
      const violations = async () => {
        // Each view measured at rest, not fading in (its text at a passing opacity fails colour contrast).
        await settled(page)
        await page.evaluate(readFileSync(axePath, "utf8"))
        return page.evaluate(async () => {
          const axe = (
            globalThis as unknown as { axe: { run: (c: Element) => Promise<{ violations: Array<{ id: string }> }> } }
          ).axe
          return (await axe.run(document.querySelector("[data-airlock]") ?? document.body)).violations.map((v) => v.id)
        })
      }
      const email = `kay.${colorScheme}.${Date.now()}@example.com`
      await page.goto(sandbox.urls.demo)
      await page.getByRole("button", { name: "Connect Wallet" }).focus({ timeout: 15_000 })
      await page.keyboard.press("Enter")
      // The Connect view's own email field: Tab to it, type, Enter.
      await modal().getByRole("textbox", { name: "Email" }).waitFor({ timeout: 15_000 })
      const onEmail = () => page.evaluate(() => document.activeElement?.getAttribute("type") === "email")
      for (let presses = 0; presses < 30 && !(await onEmail()); presses++) {
        await page.keyboard.press("Tab")
      }
      expect(await onEmail()).toBe(true)
      expect(await violations()).toEqual([])
      await page.keyboard.type(email)
      await page.keyboard.press("Enter")
      const confirm = page.getByRole("dialog", { name: "Confirm Email" })
      await confirm.getByLabel("Code").waitFor({ timeout: 15_000 })
      expect(await violations()).toEqual([])
      // A wrong code reads the frame's refusal, and the field takes the focus again.
      await page.keyboard.type("000000")
      await expect.poll(() => confirm.getByRole("alert").textContent(), { timeout: 15_000 }).not.toBe("")
      expect(await violations()).toEqual([])
      await page.keyboard.type(await newCode(email))
      await expect.poll(() => status().textContent(), { timeout: 30_000 }).toBe("connected")

      await page.getByRole("button", { name: "Sign message" }).click()
      const approve = page.getByRole("dialog", { name: "Approve Transaction" })
      await approve.getByRole("button", { name: "Reject" }).waitFor({ timeout: 15_000 })
      expect(await violations()).toEqual([])
      await approve.getByRole("button", { name: "Reject" }).click()
      const account = await accountView()
      await account.getByRole("button", { name: "Use a standard account (EOA)" }).waitFor({ timeout: 15_000 })
      expect(await violations()).toEqual([])
      await account.getByRole("button", { name: "Edit email" }).click()
      await page.getByRole("dialog", { name: "Edit Email" }).getByLabel("New email").waitFor()
      expect(await violations()).toEqual([])
    })
  }
})
