import { devices, type Page } from "playwright-core"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { truncateAddress } from "../../core/schema/format.ts"
import type { Sandbox } from "../../sandbox/index.ts"
import { createMobileWallet, type MobileWallet } from "../../sandbox/wallet/mobile.ts"
import { type PageRecord, watchPage } from "./browser.ts"
import { useE2eSession } from "./session.ts"

// The demo's custom connect page (`/custom-connect`, sandbox/demo/src/CustomConnect.tsx): built only on the public
// wallet list (`useAirlockWallets`) and wallet buttons (`WalletButton`), no modal. A wallet button connects the Sandbox
// Wallet the page injects; a registry wallet chosen in the list connects the Sandbox Mobile Wallet over the relay.
describe("wallet buttons and a custom connect UI on the headless wallet list", () => {
  const session = useE2eSession("airlock-e2e-walletbuttons-")
  let sandbox: Sandbox
  let page: Page
  let record: PageRecord

  beforeEach(() => {
    ;({ sandbox, page, record } = session)
  })

  /** What the client's provider answers `method` with, in the page (the truth the wallet gave the app). */
  const ask = (method: string) =>
    page.evaluate(
      (m) =>
        (window as unknown as { airlock: { request: (a: { method: string }) => Promise<unknown> } }).airlock.request({
          method: m
        }),
      method
    )
  const modalShown = () => page.getByRole("dialog", { name: /Connect Wallet|Sandbox Wallet|All Wallets/ }).count()

  it("a wallet button connects the Sandbox Wallet with no modal", async () => {
    await page.goto(`${sandbox.urls.demo}/custom-connect`)
    const button = page.getByRole("region", { name: "Wallet buttons" }).getByRole("button", { name: "Sandbox Wallet" })
    await button.click({ timeout: 15_000 })
    // The wallet's own approval dialog, as a person would answer it; Airlock's modal never opens.
    await page
      .locator("[data-sandbox-wallet=prompt]")
      .getByRole("dialog")
      .getByRole("button", { name: "Approve" })
      .click({ timeout: 15_000 })
    const account = sandbox.accounts[0]!.address
    await expect
      .poll(() => page.getByTestId("custom-account").textContent(), { timeout: 15_000 })
      .toBe(truncateAddress(account))
    expect(await modalShown()).toBe(0)
    expect(((await ask("eth_accounts")) as Array<string>).map((a) => a.toLowerCase())).toEqual([account.toLowerCase()])
    expect(await ask("eth_chainId")).toBe("0x1")
    expect(await button.getAttribute("data-state")).toBe("connected")
    expect(record.errors).toEqual([])
  })

  it("the email wallet button opens the modal at Email Login (the code needs the modal's steps)", async () => {
    await page.goto(`${sandbox.urls.demo}/custom-connect`)
    await page
      .getByRole("region", { name: "Wallet buttons" })
      .getByRole("button", { name: "Continue with Email" })
      .click({ timeout: 15_000 })
    const dialog = page.getByRole("dialog", { name: "Email Login" })
    await dialog.waitFor({ timeout: 15_000 })
    // Its email field (the view's code comes with the embedded wallet's views).
    await dialog.getByRole("textbox").first().waitFor({ timeout: 15_000 })
    expect(record.errors).toEqual([])
  })

  it("on a phone, choosing a registry wallet in the list opens its app with the pairing, and it connects", async () => {
    const phone = await session.browser.newContext({ ...devices["iPhone 13"] })
    try {
      const page = await phone.newPage()
      const record = watchPage(page)
      await page.goto(`${sandbox.urls.demo}/custom-connect`)
      const list = page.getByRole("list", { name: "Wallet list" })
      await list.getByRole("button").first().waitFor({ timeout: 15_000 })
      await page.getByRole("searchbox", { name: "Search wallets" }).fill("Sandbox Mobile")
      const row = list.getByRole("button", { name: "Sandbox Mobile Wallet" })
      await expect.poll(() => list.getByRole("button").count(), { timeout: 15_000 }).toBe(1)
      // No QR code to scan with the same phone: core opens the wallet's own link, the pairing URI in it.
      const [walletPage] = await Promise.all([phone.waitForEvent("page"), row.click()])
      expect(walletPage.url()).toMatch(/\/mobile-wallet\/wc\?uri=wc%3A[0-9a-f]{64}%402%3F/)
      await walletPage.getByRole("status").filter({ hasText: "Paired" }).waitFor({ timeout: 15_000 })
      const account = sandbox.accounts[0]!.address
      await page.bringToFront()
      await expect
        .poll(() => page.getByTestId("custom-account").textContent(), { timeout: 15_000 })
        .toBe(truncateAddress(account))
      const accounts = (await page.evaluate(() =>
        (window as unknown as { airlock: { request: (a: { method: string }) => Promise<unknown> } }).airlock.request({
          method: "eth_accounts"
        })
      )) as Array<string>
      expect(accounts.map((a) => a.toLowerCase())).toEqual([account.toLowerCase()])
      expect(record.errors).toEqual([])
      expect(record.foreignRequests).toEqual([])
    } finally {
      await phone.close()
    }
  })

  describe("through WalletConnect", () => {
    let wallet: MobileWallet
    beforeEach(async () => {
      wallet = await createMobileWallet({
        relayUrl: sandbox.urls.relay,
        projectId: sandbox.urls.projectId,
        chains: sandbox.urls.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl }))
      })
    })
    afterEach(async () => {
      await wallet?.stop()
    })

    it("a registry wallet found by the list's search pairs with the phone wallet and connects its account", async () => {
      await page.goto(`${sandbox.urls.demo}/custom-connect`)
      const list = page.getByRole("list", { name: "Wallet list" })
      await list.getByRole("button").first().waitFor({ timeout: 15_000 })
      await page.getByRole("searchbox", { name: "Search wallets" }).fill("Zerion")
      const zerion = list.getByRole("button", { name: "Zerion" })
      await zerion.waitFor({ timeout: 15_000 })
      // The search's matches replace the pages once SPEC §9's 300 ms have passed.
      await expect.poll(() => list.getByRole("button").count(), { timeout: 15_000 }).toBe(1)
      await zerion.click()
      // The pairing for the chosen wallet: its URI, as a QR code would hold it; the phone's wallet uses it.
      const pairing = page.getByRole("region", { name: "Pairing" })
      await pairing.getByText("Pair with Zerion").waitFor({ timeout: 15_000 })
      const uri = (await page.getByTestId("pairing-uri").textContent()) ?? ""
      expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
      await wallet.pair(uri)
      await expect
        .poll(() => page.getByTestId("custom-account").textContent(), { timeout: 15_000 })
        .toBe(truncateAddress(wallet.address))
      expect(await modalShown()).toBe(0)
      expect(((await ask("eth_accounts")) as Array<string>).map((a) => a.toLowerCase())).toEqual([
        wallet.address.toLowerCase()
      ])
      // Remembered as the wallet the user chose, not as "WalletConnect": the next visit lists it as recent.
      const recent = await page.evaluate(() => localStorage.getItem("@airlock/recent_wallets"))
      expect(JSON.parse(recent ?? "[]")[0]?.name).toBe("Zerion")
      expect(record.errors).toEqual([])
    })
  })
})
