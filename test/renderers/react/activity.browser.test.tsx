import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { mainnet } from "../../../core/networks/index.ts"
import type { Transaction } from "../../../core/schema/transaction.ts"
import { fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"
import { axeWhenSettled, renderAirlock, settled, skipAnimations } from "./setup.tsx"

// The Account view's Activity tab through the real flow: a wallet connects (airlock/testing's fakeAdapter), the tab
// loads the history from the blockchain API (memory layer, 2 per page) and draws it grouped by date.

beforeAll(() => skipAnimations())

// Minutes apart within today (after midnight, whenever the test runs), and 40 days back.
const startOfToday = new Date(new Date().setHours(0, 0, 0, 0)).getTime()
const tx = (i: number, daysAgo: number, status = "confirmed"): Transaction => ({
  id: `tx-${i}`,
  metadata: {
    operationType: i % 2 === 0 ? "receive" : "send",
    hash: `0x${String(i).padStart(64, "0")}`,
    minedAt: new Date(
      daysAgo === 0 ? startOfToday + (60 - i) * 1000 : startOfToday - daysAgo * 86_400_000
    ).toISOString(),
    sentFrom: "0x1",
    sentTo: "0x2",
    status,
    chain: "eip155:1"
  },
  transfers: [{ quantity: { numeric: `${i}.5` }, fungible_info: { symbol: "ETH" }, direction: i % 2 ? "out" : "in" }]
})

const setup = async (options: { themeMode?: "light" | "dark"; fail?: boolean; activity?: boolean } = {}) => {
  const { adapter } = fakeAdapter()
  const rendered = await renderAirlock({
    themeMode: options.themeMode ?? "light",
    networks: [mainnet],
    adapters: [adapter],
    // The remote project configuration decides the activity feature (SPEC §6).
    ...(options.activity === false
      ? { walletApi: { projectConfig: { features: [{ id: "activity", isEnabled: false, config: null }] } } }
      : {}),
    blockchainApi: {
      historyPageSize: 2,
      ...(options.fail ? { failAccountData: true } : {}),
      transactions: { [fakeAccount]: [tx(1, 0), tx(2, 0, "failed"), tx(3, 40)] }
    }
  })
  await rendered.client.connect("test.wallet")
  await userEvent.click(rendered.button)
  const dialog = page.getByRole("dialog", { name: "Account" })
  const activity = dialog.getByRole("tab", { name: "Activity" })
  // The view in place (its chunk loaded, nothing moving): on a loaded machine a click computed mid-way could land
  // beside the tab.
  await expect.element(activity).toBeVisible()
  await settled()
  await userEvent.click(activity)
  await expect.element(activity).toHaveAttribute("aria-selected", "true")
  return { ...rendered, dialog }
}

describe("the Activity tab", () => {
  for (const themeMode of ["light", "dark"] as const) {
    test(`lists the history by date with signs, statuses and explorer links, and loads more (${themeMode}, axe)`, async () => {
      const { dialog } = await setup({ themeMode })
      const today = dialog.getByRole("list", { name: "Activity, Today" })
      await expect.element(today).toBeVisible()
      const rows = today.getByRole("link")
      expect(rows.elements().map((a) => a.getAttribute("href"))).toEqual([
        `https://etherscan.io/tx/0x${"1".padStart(64, "0")}`,
        `https://etherscan.io/tx/0x${"2".padStart(64, "0")}`
      ])
      expect(rows.nth(0).element().textContent).toContain("-1.5 ETH")
      expect(rows.nth(1).element().textContent).toContain("Failed")
      expect(rows.nth(1).element().textContent).toContain("+2.5 ETH")
      let result = await axeWhenSettled(document)
      expect(result.violations.map((v) => v.id)).toEqual([])
      await userEvent.click(dialog.getByRole("button", { name: "Load more" }))
      await expect.element(dialog.getByRole("heading", { name: /\w+ \d{4}/ })).toBeVisible()
      expect(dialog.getByRole("button", { name: "Load more" }).query()).toBeNull()
      result = await axeWhenSettled(document)
      expect(result.violations.map((v) => v.id)).toEqual([])
    })
  }

  test("reaches every row and Load more with Tab alone", async () => {
    const { dialog } = await setup()
    await expect.element(dialog.getByRole("button", { name: "Load more" })).toBeVisible()
    const reached: Array<string> = []
    for (let i = 0; i < 4; i++) {
      await userEvent.keyboard("{Tab}")
      reached.push(document.activeElement?.textContent ?? "")
    }
    expect(reached.some((text) => text.includes("-1.5 ETH"))).toBe(true)
    expect(reached).toContain("Load more")
  })

  test("a failing API leaves the list empty and says 'Failed to fetch transactions'", async () => {
    const { dialog } = await setup({ fail: true })
    await expect.element(page.getByText("Failed to fetch transactions")).toBeVisible()
    await expect.element(dialog.getByText("No activity yet")).toBeVisible()
  })

  test("with the activity feature off, no history is fetched or shown", async () => {
    const { dialog } = await setup({ activity: false })
    await expect.element(dialog.getByText("No activity yet")).toBeVisible()
    expect(dialog.getByRole("tabpanel", { name: "Activity" }).getByRole("link").query()).toBeNull()
  })
})
