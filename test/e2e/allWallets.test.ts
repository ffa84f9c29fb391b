import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { describe, expect, it } from "vitest"
import { makeSandboxRegistry } from "../../server/api/sandboxRegistry.ts"
import { openAllWallets as openDemoAllWallets } from "../fixtures/demo.ts"
import { useE2eSession } from "./session.ts"
import { settled } from "./settled.ts"

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js")
/** The registry's last wallet, the one a full scroll ends on. */
const lastWallet = makeSandboxRegistry().wallets.at(-1)?.name ?? ""

// The All Wallets view against the sandbox's real wallet API (650 registry wallets): nothing is put into the state
// by the test, so an empty list here is what a user would see.
describe("All Wallets in the sandbox demo", () => {
  const session = useE2eSession("airlock-e2e-all-")

  const grid = () => session.page.getByRole("grid", { name: "All Wallets" })
  /** The wallet names drawn in the grid right now (only the rows in sight and a few around them). */
  const drawnNames = () =>
    session.page.$$eval('[role="grid"] [role="gridcell"] .airlock-wallet-card-name', (names) =>
      names.map((name) => name.textContent ?? "")
    )
  const openAllWallets = () => openDemoAllWallets(session.page, session.sandbox.urls.demo)

  it("scrolls to the last of 650 registry wallets with only the rows in sight in the DOM", async () => {
    await openAllWallets()
    expect(await grid().getAttribute("aria-rowcount")).toBe("163")
    // A wheel over the grid, as a user scrolls, until the registry's last wallet is drawn; pages load on the way.
    const box = await grid().boundingBox()
    await session.page.mouse.move((box?.x ?? 0) + 40, (box?.y ?? 0) + 40)
    let drawn: Array<string> = []
    for (let turn = 0; turn < 400 && !drawn.includes(lastWallet); turn++) {
      await session.page.mouse.wheel(0, 1200)
      drawn = await drawnNames()
    }
    expect(drawn).toContain(lastWallet)
    // The DOM holds a few rows, never the 650 wallets.
    expect(drawn.length).toBeGreaterThan(0)
    expect(drawn.length).toBeLessThanOrEqual(48)
    await expect.poll(() => grid().getByRole("button", { name: lastWallet, exact: true }).isVisible()).toBe(true)
    expect(session.record.errors).toEqual([])
  })

  it("a search narrows the grid to matching wallets; the clear button brings the registry back", async () => {
    await openAllWallets()
    const search = session.page.getByRole("searchbox", { name: "Search wallets" })
    await search.pressSequentially("ledger")
    await expect.poll(drawnNames, { timeout: 15_000 }).toEqual(["Ledger Live"])
    await session.page.getByRole("button", { name: "Clear search" }).click()
    await expect.poll(() => search.inputValue()).toBe("")
    await expect.poll(async () => (await drawnNames()).slice(0, 2)).toEqual(["MetaMask", "Coinbase Wallet"])
  })

  it("by keyboard alone: into the grid, across it, and Enter opens the chosen wallet", async () => {
    await openAllWallets()
    await session.page.getByRole("searchbox", { name: "Search wallets" }).focus()
    await session.page.keyboard.press("ArrowDown")
    await session.page.keyboard.press("ArrowRight")
    await session.page.keyboard.press("ArrowRight")
    const focused = () =>
      session.page.evaluate(() => document.activeElement?.querySelector(".airlock-wallet-card-name")?.textContent)
    expect(await focused()).toBe("Trust Wallet")
    await session.page.keyboard.press("ArrowDown")
    expect(await focused()).toBe("Zerion")
    await session.page.keyboard.press("Enter")
    // Not installed in this browser: the WalletConnect view for that wallet, its QR code named after it.
    await session.page.getByRole("img", { name: "WalletConnect QR code for Zerion" }).waitFor({ timeout: 15_000 })
    // On a desktop, its registry links are offered beside the QR code, each holding the same pairing URI.
    const hrefs = await session.page
      .locator("a.airlock-wallet-link")
      .evaluateAll((links) => links.map((link) => [link.textContent, link.getAttribute("href") ?? ""]))
    expect(hrefs.map(([label]) => label)).toEqual(["Open Zerion desktop app", "Open Zerion web app"])
    const uris = hrefs.map(([, href]) => decodeURIComponent(href?.split("wc?uri=")[1] ?? ""))
    expect(uris[0]).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    expect(uris[1]).toBe(uris[0])
    expect(hrefs[0]?.[1]).toMatch(/^zerion-desktop:\/\/wc\?uri=/)
    expect(hrefs[1]?.[1]).toMatch(/^http:\/\/127\.0\.0\.1\/wallets\/zerion\/app\/wc\?uri=/)
  })

  it("the Sandbox Wallet, installed in this browser, is tagged and connects through the extension", async () => {
    await openDemoAllWallets(session.page, `${session.sandbox.urls.demo}/?sandboxWallet=approve`)
    const installed = grid().getByRole("button", { name: "Sandbox Wallet Installed" })
    await installed.click({ timeout: 15_000 })
    await session.page.getByText("connected", { exact: true }).waitFor({ timeout: 15_000 })
  })

  it("axe finds no violations on the grid", async () => {
    await openAllWallets()
    await settled(session.page)
    // Evaluated over the DevTools protocol: the demo's CSP (script-src 'self') refuses an added script tag.
    await session.page.evaluate(readFileSync(axePath, "utf8"))
    const violations = await session.page.evaluate(async () => {
      const axe = (
        globalThis as unknown as { axe: { run: (c: Document) => Promise<{ violations: Array<{ id: string }> }> } }
      ).axe
      return (await axe.run(document)).violations.map((violation) => violation.id)
    })
    expect(violations).toEqual([])
  })
})
