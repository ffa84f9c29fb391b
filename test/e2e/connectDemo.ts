/**
 * The demo's connect flow as a visitor goes through it, for tests whose subject comes after: the demo opened with the
 * sandbox wallet approving on its own, Connect Wallet, the Sandbox Wallet row, and the page's own word that it is
 * connected (the modal closed).
 */
import type { Page } from "playwright-core"
import { expect } from "vitest"

/** Connects the demo at `demoUrl` through its modal; resolves once the page says "connected" and no dialog is open. */
export const connectDemo = async (page: Page, demoUrl: string): Promise<void> => {
  await page.goto(`${demoUrl}/?sandboxWallet=approve`)
  await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
  await page
    .getByRole("dialog", { name: "Connect Wallet" })
    .getByRole("button", { name: /^Sandbox Wallet/ })
    .click({ timeout: 15_000 })
  await expect.poll(() => page.getByTestId("connection-status").textContent(), { timeout: 15_000 }).toBe("connected")
  await expect.poll(() => page.getByRole("dialog").count()).toBe(0)
}
