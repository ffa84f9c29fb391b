import { devices } from "playwright-core"
import { verifyMessage } from "viem"
import { describe, expect, it } from "vitest"
import { truncateAddress } from "../../core/schema/format.ts"
import { openAllWallets } from "../fixtures/demo.ts"
import { watchPage } from "./browser.ts"
import { useE2eSession } from "./session.ts"

// A phone visiting the demo: the Sandbox Mobile Wallet is chosen in All Wallets, and its registry link (which holds
// the pairing URI) is what opens it; later, a signing request brings the same wallet forward by itself.
describe("WalletConnect wallet links on a phone", () => {
  const session = useE2eSession("airlock-e2e-links-")

  it("the wallet's link opens it with the pairing; it connects; a signing request opens it again and verifies", async () => {
    const context = await session.browser.newContext({ ...devices["iPhone 13"] })
    try {
      const page = await context.newPage()
      const record = watchPage(page)
      const { demo } = session.sandbox.urls
      await openAllWallets(page, demo)
      await page
        .getByRole("grid", { name: "All Wallets" })
        .getByRole("button", { name: "Sandbox Mobile Wallet", exact: true })
        .click({ timeout: 15_000 })
      // On a phone there is no QR code to scan: the view offers the wallet's own app.
      await page.getByText("Continue in Sandbox Mobile Wallet").waitFor({ timeout: 15_000 })
      expect(await page.getByRole("img", { name: /QR code/ }).count()).toBe(0)
      const open = page.getByRole("link", { name: "Open Sandbox Mobile Wallet", exact: true })
      await open.waitFor({ timeout: 15_000 })
      expect(await open.getAttribute("href")).toMatch(
        new RegExp(`^${demo.replace(/[.:/]/g, "\\$&")}/mobile-wallet/wc\\?uri=wc%3A[0-9a-f]{64}%402%3F`)
      )

      // The tap: a plain link, followed by the browser itself (no script between the tap and the wallet).
      const [walletPage] = await Promise.all([context.waitForEvent("page"), open.click()])
      await walletPage.getByRole("status").filter({ hasText: "Paired" }).waitFor({ timeout: 15_000 })
      const account = session.sandbox.accounts[0]?.address as `0x${string}`
      await page.bringToFront()
      await page
        .getByRole("button", { name: truncateAddress(account), exact: true })
        .first()
        .waitFor({ timeout: 15_000 })

      // Remembered: the signing request opens the same wallet (its link without a pairing), and the wallet signs.
      const [forward] = await Promise.all([
        context.waitForEvent("page"),
        page.getByRole("button", { name: "Sign message" }).click()
      ])
      expect(forward.url()).toBe(`${demo}/mobile-wallet/`)
      const output = page.getByTestId("signature")
      await expect.poll(() => output.textContent(), { timeout: 15_000 }).toMatch(/^0x[0-9a-f]{130}$/)
      const signature = (await output.textContent()) as `0x${string}`
      expect(await verifyMessage({ address: account, message: "Hello from Airlock", signature })).toBe(true)
      expect(record.errors).toEqual([])
      expect(record.foreignRequests).toEqual([])
    } finally {
      await context.close()
    }
  })
})
