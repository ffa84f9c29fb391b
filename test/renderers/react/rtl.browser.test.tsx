import { afterAll, beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import type { LocaleCatalogue } from "../../../core/i18n/catalogue.ts"
import { mainnet } from "../../../core/networks/index.ts"
import type { Connector } from "../../../core/schema/connector.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { fakeAdapter } from "../../../core/testing/index.ts"
import { pseudoRtl } from "../../fixtures/pseudoLocales.ts"
import { renderAirlock, settled, skipAnimations } from "./setup.tsx"

// Right-to-left: the modal takes the locale's direction and mirrors (the header, rows, tabs, the back chevron, arrow
// keys), checked in Chromium at a phone's width against the same modal left-to-right. Screenshots land in .vitest/rtl/.

beforeAll(async () => {
  skipAnimations()
  await page.viewport(390, 844)
})
afterAll(() => page.viewport(1280, 800))

const english: LocaleCatalogue | undefined = undefined
const injected: Connector = { id: "io.metamask", type: "ANNOUNCED", name: "MetaMask", chain: "eip155" }
const withWallets = (state: AirlockState): AirlockState => ({
  ...state,
  connectors: [injected],
  wallets: { ...state.wallets, recent: [{ id: "rainbow", name: "Rainbow" }], count: 600 }
})

const box = (element: Element | null | undefined) => {
  if (element == null) throw new Error("missing element")
  return element.getBoundingClientRect()
}
const dialog = () => document.querySelector("dialog.airlock-modal") as HTMLDialogElement
const inDialog = (selector: string) => dialog().querySelector(selector)

const openConnect = async (locale: LocaleCatalogue | undefined) => {
  const { button } = await renderAirlock({ state: withWallets, ...(locale === undefined ? {} : { locale }) })
  await userEvent.click(button)
  await expect.poll(() => inDialog(".airlock-list-item"), { timeout: 10_000 }).not.toBeNull()
  // Boxes and screenshots of the view at rest, not sliding in.
  await settled()
}

const openAccount = async (locale: LocaleCatalogue | undefined) => {
  const { adapter } = fakeAdapter()
  const { client, button } = await renderAirlock({
    networks: [mainnet],
    adapters: [adapter],
    ...(locale === undefined ? {} : { locale })
  })
  await client.connect("test.wallet")
  await userEvent.click(button)
  await expect.poll(() => inDialog(".airlock-tabs"), { timeout: 10_000 }).not.toBeNull()
  await settled()
  return client
}

describe("a right-to-left locale", () => {
  test("Connect: the dialog takes the locale's dir and lang; close, images and text sit mirrored", async () => {
    await openConnect(pseudoRtl)
    expect(dialog().getAttribute("dir")).toBe("rtl")
    expect(dialog().getAttribute("lang")).toBe("ar-XB")
    const card = box(inDialog(".airlock-card"))
    const middle = card.left + card.width / 2
    // The close button starts the row on the left; a wallet's image is at its right, the name's text right-aligned.
    expect(box(inDialog(".airlock-close")).right).toBeLessThan(middle)
    const row = inDialog(".airlock-list-item")
    expect(box(row?.querySelector("[data-part=wallet-image]")).left).toBeGreaterThan(
      box(row?.querySelector(".airlock-list-name")).left
    )
    expect(getComputedStyle(row as Element).direction).toBe("rtl")
    await page.screenshot({ path: "../../../.vitest/rtl/connect-rtl-390.png" })
  })

  test("Connect left-to-right, for comparison: close on the right, images first", async () => {
    await openConnect(english)
    expect(dialog().getAttribute("dir")).toBe("ltr")
    const card = box(inDialog(".airlock-card"))
    expect(box(inDialog(".airlock-close")).left).toBeGreaterThan(card.left + card.width / 2)
    const row = inDialog(".airlock-list-item")
    expect(box(row?.querySelector("[data-part=wallet-image]")).left).toBeLessThan(
      box(row?.querySelector(".airlock-list-name")).left
    )
    await page.screenshot({ path: "../../../.vitest/rtl/connect-ltr-390.png" })
  })

  test("Account: tabs run right to left and the arrows follow them; back points right, at the right", async () => {
    const client = await openAccount(pseudoRtl)
    const tabs = [...dialog().querySelectorAll<HTMLElement>("[role=tab]")]
    expect(tabs.map((tab) => tab.id.split("-").at(-1))).toEqual(["Tokens", "NFTs", "Activity"])
    // The first tab is the rightmost.
    expect(box(tabs[0]).left).toBeGreaterThan(box(tabs[2]).left)
    tabs[0]?.focus()
    await userEvent.keyboard("{ArrowLeft}")
    await expect.poll(() => document.activeElement?.id).toBe(tabs[1]?.id)
    expect(tabs[1]?.getAttribute("aria-selected")).toBe("true")
    await settled()
    // The network row: its icon at the right of its name.
    const network = [...dialog().querySelectorAll(".airlock-account-actions .airlock-list-item")][0]
    expect(box(network?.querySelector(".airlock-network-icon")).left).toBeGreaterThan(
      box(network?.querySelector(".airlock-list-name")).left
    )
    await page.screenshot({ path: "../../../.vitest/rtl/account-rtl-390.png" })

    client.push("Receive")
    await expect.poll(() => inDialog(".airlock-receive"), { timeout: 10_000 }).not.toBeNull()
    await settled()
    const back = inDialog(".airlock-back") as HTMLElement
    expect(back.hidden).toBe(false)
    expect(box(back).left).toBeGreaterThan(box(inDialog(".airlock-close")).left)
    // The chevron drawn pointing left is mirrored to point right, where the way back is.
    expect(getComputedStyle(back.querySelector("svg") as Element).transform).toBe("matrix(-1, 0, 0, 1, 0, 0)")
    await page.screenshot({ path: "../../../.vitest/rtl/receive-rtl-390.png" })
  })

  test("Account left-to-right, for comparison: the first tab leftmost, back at the left pointing left", async () => {
    const client = await openAccount(english)
    const tabs = [...dialog().querySelectorAll<HTMLElement>("[role=tab]")]
    expect(box(tabs[0]).left).toBeLessThan(box(tabs[2]).left)
    await page.screenshot({ path: "../../../.vitest/rtl/account-ltr-390.png" })
    client.push("Receive")
    await expect.poll(() => inDialog(".airlock-receive"), { timeout: 10_000 }).not.toBeNull()
    await settled()
    const back = inDialog(".airlock-back") as HTMLElement
    expect(box(back).left).toBeLessThan(box(inDialog(".airlock-close")).left)
    expect(getComputedStyle(back.querySelector("svg") as Element).transform).toBe("none")
  })

  test("setLocale to a right-to-left catalogue mirrors an open modal", async () => {
    const client = await openAccount(english)
    await client.setLocale(pseudoRtl)
    await expect.poll(() => dialog().getAttribute("dir")).toBe("rtl")
    await settled()
    const tabs = [...dialog().querySelectorAll<HTMLElement>("[role=tab]")]
    expect(box(tabs[0]).left).toBeGreaterThan(box(tabs[2]).left)
  })
})
