import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Sandbox, startSandbox } from "../../sandbox/index.ts"
import { launchChromium, type PageRecord, watchPage } from "./browser.ts"

// The All Wallets view against the sandbox's real wallet API (650 registry wallets): nothing is put into the state
// by the test, so an empty list here is what a user would see.
describe("All Wallets in the sandbox demo", () => {
  let sandbox: Sandbox
  let browser: Browser
  let dataDir: string
  let context: BrowserContext
  let page: Page
  let record: PageRecord

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "airlock-e2e-all-"))
    ;[sandbox, browser] = await Promise.all([startSandbox({ quiet: true, dataDir }), launchChromium()])
    context = await browser.newContext()
    page = await context.newPage()
    record = watchPage(page)
  }, 60_000)

  afterAll(async () => {
    await context?.close()
    await browser?.close()
    await sandbox?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const walletNames = () => page.getByRole("list", { name: "All Wallets" }).getByRole("listitem").allTextContents()

  it("lists registry wallets after Connect, then All Wallets", async () => {
    await page.goto(sandbox.urls.demo)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    // The registry's size shows on the entry before All Wallets is opened.
    const entry = page.getByRole("dialog").getByRole("button", { name: "All Wallets 650" })
    await entry.click({ timeout: 15_000 })
    const list = page.getByRole("list", { name: "All Wallets" })
    await list.getByRole("listitem").nth(39).waitFor({ timeout: 15_000 })
    expect((await walletNames()).length).toBe(40)
    expect(record.errors).toEqual([])
    expect(record.foreignRequests).toEqual([])
  })

  it("a search narrows the list to matching wallets", async () => {
    const before = await walletNames()
    const target = before[3]?.trim() ?? ""
    expect(target).not.toBe("")
    await page.getByRole("searchbox", { name: "Search wallets" }).fill(target)
    await page.waitForFunction(
      (name) => {
        const items = [...document.querySelectorAll('[role="dialog"] ul li, dialog ul li')]
        return items.length > 0 && items.length < 40 && items.every((li) => li.textContent?.includes(name))
      },
      target,
      { timeout: 15_000 }
    )
    const after = await walletNames()
    expect(after.length).toBeLessThan(before.length)
    expect(after.every((name) => name.includes(target))).toBe(true)
  })

  it("scrolling to the end of the list loads the next page", async () => {
    await page.getByRole("searchbox", { name: "Search wallets" }).fill("")
    const list = page.getByRole("list", { name: "All Wallets" })
    await list.getByRole("listitem").nth(39).waitFor({ timeout: 15_000 })
    // A real scroll of the view to the list's end, as a user's wheel would do.
    await list.getByRole("listitem").nth(39).scrollIntoViewIfNeeded()
    await list.getByRole("listitem").nth(79).waitFor({ timeout: 15_000 })
    expect((await walletNames()).length).toBe(80)
  })
})
