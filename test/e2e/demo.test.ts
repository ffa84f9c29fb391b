import type { Page } from "playwright-core"
import { beforeEach, describe, expect, it } from "vitest"
import type { Sandbox } from "../../sandbox/index.ts"
import type { PageRecord } from "./browser.ts"
import { useE2eSession } from "./session.ts"

describe("the sandbox demo in Chromium", () => {
  const session = useE2eSession("airlock-e2e-")
  let sandbox: Sandbox
  let page: Page
  let record: PageRecord
  beforeEach(() => {
    ;({ sandbox, page, record } = session)
  })

  it("announces the Sandbox Wallet over EIP-6963 and the page lists it", async () => {
    // Seen by the page itself, not only by the demo's panel: a listener added before any script runs.
    await page.addInitScript(() => {
      const seen: Array<string> = []
      Object.assign(window, { __announced: seen })
      window.addEventListener("eip6963:announceProvider", (event) => {
        seen.push((event as CustomEvent<{ info: { rdns: string } }>).detail.info.rdns)
      })
    })
    await page.goto(sandbox.urls.demo)
    const wallets = page.getByTestId("eip6963-wallets")
    await wallets.waitFor({ timeout: 15_000 })
    expect(await wallets.locator('li[data-rdns="dev.airlock.sandbox"]').textContent()).toContain("Sandbox Wallet")
    expect(await page.evaluate(() => (window as unknown as { __announced: Array<string> }).__announced)).toContain(
      "dev.airlock.sandbox"
    )
  })

  it("shows a Connect Wallet button and a disconnected state on Ethereum, with no error and no foreign request", async () => {
    await page.goto(sandbox.urls.demo)
    await page.getByRole("button", { name: "Connect Wallet" }).waitFor({ timeout: 15_000 })
    expect(await page.getByTestId("connection-status").textContent()).toBe("disconnected")
    expect(await page.getByTestId("connection-network").textContent()).toBe("Ethereum (eip155:1)")
    // let on-demand chunks and background fetches (config, modal preload) happen before judging the network
    await page.waitForLoadState("networkidle")
    expect(record.foreignRequests).toEqual([])
    expect(record.errors).toEqual([])
  })

  it("opens the modal from the Connect Wallet button while talking only to loopback hosts", async () => {
    await page.goto(sandbox.urls.demo)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    await page.getByRole("dialog").waitFor({ timeout: 15_000 })
    await page.waitForLoadState("networkidle")
    expect(record.foreignRequests).toEqual([])
  })

  it("keeps working under its strict CSP: the page reports no policy violation", async () => {
    await page.addInitScript(() => {
      const violations: Array<string> = []
      Object.assign(window, { __violations: violations })
      document.addEventListener("securitypolicyviolation", (event) => {
        violations.push(`${event.violatedDirective} ${event.blockedURI}`)
      })
    })
    await page.goto(sandbox.urls.demo)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    await page.getByRole("dialog").waitFor({ timeout: 15_000 })
    await page.waitForLoadState("networkidle")
    expect(await page.evaluate(() => (window as unknown as { __violations: Array<string> }).__violations)).toEqual([])
  })
})
