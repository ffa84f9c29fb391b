import type { Page } from "playwright-core"
import { beforeEach, describe, expect, it } from "vitest"
import { truncateAddress } from "../../core/schema/format.ts"
import type { Sandbox } from "../../sandbox/index.ts"
import { connectDemo } from "./connectDemo.ts"
import { useE2eSession } from "./session.ts"
import { settled } from "./settled.ts"

// The demo as a visitor on a phone sees it: one account button, long values that wrap, nothing wider than the
// screen, and theme and language switches that change the modal.
describe("the demo page on a 390 px wide phone", () => {
  const session = useE2eSession("airlock-e2e-demo-page-")
  let sandbox: Sandbox
  let page: Page
  beforeEach(async () => {
    ;({ sandbox, page } = session)
    await page.setViewportSize({ width: 390, height: 844 })
  })

  const modal = () => page.locator("dialog.airlock-modal")
  const connect = async () => {
    await connectDemo(page, sandbox.urls.demo)
    return truncateAddress((await page.getByTestId("connection-address").textContent()) ?? "")
  }
  const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth)

  it("after signing a message nothing is wider than the screen, and the modal's sheet is within the viewport", async () => {
    const short = await connect()
    // The address shows once in the header: the ConnectButton is the account button.
    expect(await page.getByRole("banner").getByText(short).count()).toBe(1)
    await page.getByRole("button", { name: "Sign message" }).click()
    await expect
      .poll(() => page.getByTestId("signature").textContent(), { timeout: 15_000 })
      .toMatch(/^0x[0-9a-f]{130}$/)
    expect(await pageWidth()).toBeLessThanOrEqual(390)
    // The long signature wraps inside its card, which stays inside the screen.
    const output = await page.getByTestId("signature").boundingBox()
    expect((output?.x ?? -1) >= 0 && (output?.x ?? 0) + (output?.width ?? 0) <= 390).toBe(true)

    await page.getByRole("banner").getByRole("button", { name: short, exact: true }).click()
    await page.getByRole("dialog", { name: "Account" }).waitFor({ timeout: 15_000 })
    const sheet = modal().locator(".airlock-card")
    // Judged once nothing moves: the view's slide-in and the card's height have ended.
    await settled(page)
    const box = await sheet.boundingBox()
    expect(box).not.toBeNull()
    expect(box!.x).toBeGreaterThanOrEqual(0)
    expect(box!.x + box!.width).toBeLessThanOrEqual(390)
    expect(box!.y).toBeGreaterThanOrEqual(0)
    expect(box!.y + box!.height).toBeLessThanOrEqual(844 + 1)
    expect(await pageWidth()).toBeLessThanOrEqual(390)
  })

  it("the theme switch changes the modal and the page: light, dark, and the system's preference", async () => {
    await page.emulateMedia({ colorScheme: "light" })
    await page.goto(sandbox.urls.demo)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    await page.getByRole("dialog", { name: "Connect Wallet" }).waitFor({ timeout: 15_000 })
    const themes = () =>
      Promise.all([modal().getAttribute("data-theme"), page.evaluate(() => document.documentElement.dataset.theme)])
    await expect.poll(themes).toEqual(["light", "light"])
    // The modal is modal (the page is inert under it): switch with it closed, its dialog element keeps the theme.
    await page.keyboard.press("Escape")
    await page.getByRole("radio", { name: "Dark" }).check()
    await expect.poll(themes).toEqual(["dark", "dark"])
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
    await page.getByRole("radio", { name: "Light" }).check()
    await expect.poll(themes).toEqual(["light", "light"])
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)).not.toBe(background)
    // System follows the preference, also when it changes while the page is open.
    await page.getByRole("radio", { name: "System" }).check()
    await page.emulateMedia({ colorScheme: "dark" })
    await expect.poll(themes).toEqual(["dark", "dark"])
    await page.emulateMedia({ colorScheme: "light" })
    await expect.poll(themes).toEqual(["light", "light"])
    // The choice is kept for the next visit.
    await page.getByRole("radio", { name: "Dark" }).check()
    await page.reload()
    await page.getByRole("button", { name: "Connect Wallet" }).waitFor({ timeout: 15_000 })
    expect(await page.getByRole("radio", { name: "Dark" }).isChecked()).toBe(true)
    await expect.poll(themes).toEqual(["dark", "dark"])
  })

  it("the language switch lists the bundled locales and changes the modal; Arabic mirrors the page", async () => {
    await page.goto(sandbox.urls.demo)
    const language = page.getByLabel("Language")
    await language.waitFor({ timeout: 15_000 })
    expect(
      await language.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))
    ).toEqual(["en", "ar", "de", "es", "fr", "it", "ja", "ko", "pt-BR", "tr", "zh-CN", "zh-TW"])
    await language.selectOption("de")
    await page.getByRole("button", { name: "Wallet verbinden" }).click({ timeout: 15_000 })
    await page.getByRole("dialog", { name: "Wallet verbinden" }).waitFor({ timeout: 15_000 })
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("de")
    await page.keyboard.press("Escape")

    await language.selectOption("ar")
    await page.getByRole("button", { name: "اتصال بالمحفظة" }).click({ timeout: 15_000 })
    await page.getByRole("dialog", { name: "اتصال بالمحفظة" }).waitFor({ timeout: 15_000 })
    expect(await modal().getAttribute("dir")).toBe("rtl")
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      "ar",
      "rtl"
    ])
    // Mirrored: the app's name is at the right of the header, and still nothing overflows.
    const brand = await page.getByRole("heading", { name: "Airlock demo" }).boundingBox()
    expect((brand?.x ?? 0) + (brand?.width ?? 0)).toBeGreaterThan(390 / 2)
    expect(await pageWidth()).toBeLessThanOrEqual(390)
  })
})
