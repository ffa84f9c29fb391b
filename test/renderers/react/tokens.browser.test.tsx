import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { en } from "../../../core/i18n/en/index.ts"
import { mainnet } from "../../../core/networks/index.ts"
import type { TokenBalance } from "../../../core/schema/token.ts"
import { fakeAccount, fakeAdapter, type TestAirlockOptions } from "../../../core/testing/index.ts"
import { axeWhenSettled, renderAirlock, skipAnimations } from "./setup.tsx"

// The Account view's Tokens tab through the real flow: a wallet connects (airlock/testing's fakeAdapter), the
// blockchain API (memory layer) answers, and the tab draws what it answered.

beforeAll(() => skipAnimations())

const row = (symbol: string, name: string, numeric: string, value: number, decimals = "18", address?: string) =>
  ({
    name,
    symbol,
    chainId: "eip155:1",
    price: Number(numeric) === 0 ? 0 : value / Number(numeric),
    value,
    quantity: { decimals, numeric },
    ...(address === undefined ? {} : { address: `eip155:1:${address}` })
  }) as TokenBalance

const setup = async (
  options: { themeMode?: "light" | "dark"; fail?: boolean; locale?: TestAirlockOptions["locale"] } = {}
) => {
  const { adapter } = fakeAdapter()
  const rendered = await renderAirlock({
    themeMode: options.themeMode ?? "light",
    ...(options.locale === undefined ? {} : { locale: options.locale }),
    networks: [mainnet],
    adapters: [adapter],
    blockchainApi: {
      ...(options.fail ? { failAccountData: true } : {}),
      balances: {
        [fakeAccount]: [
          row("USDC", "USD Coin", "1234.5", 1234.5, "6", "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"),
          row("ETH", "Ether", "1.23999", 3099.975),
          row("PUNK", "Punks", "2", 0, "0", "0x1111111111111111111111111111111111111111")
        ]
      }
    }
  })
  await rendered.client.connect("test.wallet")
  await userEvent.click(rendered.button)
  return { ...rendered, dialog: page.getByRole("dialog", { name: "Account" }) }
}

describe("the Tokens tab", () => {
  for (const themeMode of ["light", "dark"] as const) {
    test(`lists the account's tokens, most valuable first, with quantity, USD value and total (${themeMode}, axe)`, async () => {
      const { dialog } = await setup({ themeMode })
      const list = dialog.getByRole("list", { name: "Tokens" })
      await expect.element(list).toBeVisible()
      const rows = list.getByRole("listitem")
      await expect.poll(() => rows.elements().length).toBe(2)
      expect(rows.nth(0).element().textContent).toBe("EEther1.239 ETH$3,099.98")
      expect(rows.nth(1).element().textContent).toBe(
        "UUSD Coin1,234.5 USDC$1,234.50".replace("1,234.5 USDC", "1234.5 USDC")
      )
      await expect.element(dialog.getByText("$4,334.48")).toBeVisible()
      // A 0-decimal token (an NFT collection) is not listed.
      expect(list.element().textContent).not.toContain("Punks")
      const result = await axeWhenSettled(document)
      expect(result.violations.map((v) => v.id)).toEqual([])
    })
  }

  test("writes quantities and dollars as the client's locale writes numbers (German)", async () => {
    const { dialog } = await setup({ locale: { locale: "de", dir: "ltr", messages: en } })
    const rows = dialog.getByRole("list", { name: "Tokens" }).getByRole("listitem")
    await expect.poll(() => rows.elements().length).toBe(2)
    expect(rows.nth(0).element().textContent).toBe("EEther1,239 ETH3.099,98\u00a0$")
    expect(rows.nth(1).element().textContent).toBe("UUSD Coin1234,5 USDC1.234,50\u00a0$")
    await expect.element(dialog.getByText("4.334,48\u00a0$")).toBeVisible()
  })

  test("says 'Token Balance Unavailable' when the API fails with nothing to show", async () => {
    const { dialog } = await setup({ fail: true })
    await expect.element(dialog.getByText("Token Balance Unavailable").first()).toBeVisible()
    expect(dialog.getByRole("list", { name: "Tokens" }).query()).toBeNull()
  })
})
