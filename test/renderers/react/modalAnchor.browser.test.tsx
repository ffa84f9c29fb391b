import { afterEach, beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import type { WalletListing } from "../../../core/schema/wallet.ts"
import { renderAirlock, settled, skipAnimations } from "./setup.tsx"

// Animations on: the card's height animates (SPEC §2, 150 ms); the edge it is anchored at must not move meanwhile.
beforeAll(() => skipAnimations(false))
afterEach(async () => {
  skipAnimations(false)
  await page.viewport(1280, 800)
})

const registry: ReadonlyArray<WalletListing> = Array.from({ length: 80 }, (_, n) => ({
  id: `w${n}`,
  name: `Wallet ${n}`,
  rdns: `io.wallet${n}`
}))

const card = () => document.querySelector<HTMLDialogElement>("dialog[open]")!
const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))

/**
 * The card's box on every frame from now until `shown` holds and nothing moves any more (`settled`: the height's
 * spring ended), and 10 frames more: what a user sees of the change `act` makes.
 */
const boxesDuring = async (act: () => unknown, shown: () => boolean): Promise<DOMRect[]> => {
  const boxes: DOMRect[] = [card().getBoundingClientRect()]
  let stop = false
  const look = () => {
    boxes.push(card().getBoundingClientRect())
    if (!stop) requestAnimationFrame(look)
  }
  requestAnimationFrame(look)
  await act()
  await expect.poll(shown, { timeout: 5000 }).toBe(true)
  await settled()
  for (let i = 0; i < 10; i++) await frame()
  stop = true
  await frame()
  return boxes
}

/** How far `edge` moved over `boxes`, in px. */
const travel = (boxes: DOMRect[], edge: "top" | "bottom"): number => {
  const values = boxes.map((box) => box[edge])
  return Math.max(...values) - Math.min(...values)
}

const openOnConnect = async () => {
  const rendered = await renderAirlock({ walletApi: { wallets: registry } })
  await userEvent.click(rendered.button)
  await expect.element(page.getByRole("dialog", { name: "Connect Wallet" })).toBeVisible()
  // The opening's own animations end first.
  await settled()
  return rendered
}

const walletsDrawn = () => document.querySelector("dialog[open] .airlock-wallet-card") !== null
const listEmpty = () => document.querySelector('dialog[open] .airlock-empty[role="status"]') !== null

describe.each([
  { width: 1280, edge: "top" as const, where: "desktop: the top edge" },
  { width: 390, edge: "bottom" as const, where: "bottom sheet: the bottom edge" }
])("the card's height changes from a fixed anchor ($where)", ({ width, edge }) => {
  test("stays put when All Wallets opens and when Back returns to Connect", async () => {
    await page.viewport(width, 800)
    const { client } = await openOnConnect()
    const pushed = await boxesDuring(() => client.push("AllWallets"), walletsDrawn)
    // The height did change (All Wallets is taller than Connect), so the check below is not vacuous.
    expect(Math.abs((pushed.at(-1)?.height ?? 0) - (pushed[0]?.height ?? 0))).toBeGreaterThan(40)
    expect(travel(pushed, edge)).toBeLessThan(1)
    const back = await boxesDuring(
      () => client.goBack(),
      () => document.querySelector('dialog[open] [data-view="Connect"]') !== null
    )
    expect(travel(back, edge)).toBeLessThan(1)
  })

  test("stays put, and the card keeps its height, when a search empties the All Wallets list", async () => {
    await page.viewport(width, 800)
    const { client } = await openOnConnect()
    client.push("AllWallets")
    await expect.poll(walletsDrawn).toBe(true)
    await settled()
    const search = page.getByRole("searchbox", { name: "Search wallets" })
    const boxes = await boxesDuring(() => userEvent.fill(search, "no such wallet"), listEmpty)
    expect(travel(boxes, edge)).toBeLessThan(1)
    expect(travel(boxes, "top")).toBeLessThan(1)
    expect(travel(boxes, "bottom")).toBeLessThan(1)
  })
})
