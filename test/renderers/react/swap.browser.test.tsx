import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { mainnet } from "../../../core/networks/index.ts"
import type { SwapToken } from "../../../core/schema/api/convert.ts"
import type { TokenBalance } from "../../../core/schema/token.ts"
import type { BlockchainApiSeed } from "../../../core/services/BlockchainApi.ts"
import { fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"
import { axeWhenSettled, renderAirlock, settled, skipAnimations } from "./setup.tsx"

// Swap through the real flows: a wallet connects (fakeAdapter), the swap tokens, prices and quotes come from the
// blockchain API's memory layer, the form is filled as a user does, and the wallet's requests are what the fake records.

beforeAll(() => skipAnimations())

const native = "eip155:1:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"
const usdcAddress = "eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48"
const swapTokens: ReadonlyArray<SwapToken> = [
  { name: "Ether", symbol: "ETH", address: native, decimals: 18 },
  { name: "USD Coin", symbol: "USDC", address: usdcAddress, decimals: 6 },
  { name: "Dai", symbol: "DAI", address: "eip155:1:0x6b175474e89094c44da98b954eedeac495271d0f", decimals: 18 }
]
const eth: TokenBalance = {
  name: "Ether",
  symbol: "ETH",
  chainId: "eip155:1",
  price: 2000,
  value: 2500,
  quantity: { decimals: "18", numeric: "1.25" }
}
const usdc: TokenBalance = {
  name: "USD Coin",
  symbol: "USDC",
  chainId: "eip155:1",
  address: usdcAddress,
  price: 1,
  value: 120.5,
  quantity: { decimals: "6", numeric: "120.5" }
}
const hash = `0x${"cd".repeat(32)}`

/** 1 ETH = 2000 USDC, and back; 1:1 otherwise. */
const swapQuote: BlockchainApiSeed["swapQuote"] = (query) => {
  const amount = BigInt(query.amount)
  const out =
    query.from === native && query.to === usdcAddress
      ? (amount * 2000n) / 10n ** 12n
      : query.from === usdcAddress && query.to === native
        ? (amount * 10n ** 12n) / 2000n
        : amount
  return { quotes: [{ fromAmount: query.amount, fromAccount: "", toAmount: String(out), toAccount: "" }] }
}

const setup = async (themeMode: "light" | "dark" = "light") => {
  const { adapter, wallet } = fakeAdapter()
  const rendered = await renderAirlock({
    themeMode,
    networks: [mainnet],
    adapters: [adapter],
    blockchainApi: {
      balances: { [fakeAccount]: [eth, usdc] },
      swapTokens,
      prices: { DAI: { name: "Dai", symbol: "DAI", price: 1 } },
      swapQuote
    }
  })
  await rendered.client.connect("test.wallet")
  await userEvent.click(rendered.button)
  await userEvent.click(page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Swap" }))
  const dialog = page.getByRole("dialog", { name: "Swap" })
  await expect.element(dialog.getByRole("button", { name: "Enter amount" })).toBeVisible()
  return { ...rendered, wallet, dialog }
}

const sent = (requests: ReadonlyArray<{ readonly method: string; readonly params?: unknown }>) =>
  requests.filter((r) => r.method === "eth_sendTransaction").map((r) => (r.params as ReadonlyArray<unknown>)[0])

describe("Swap", () => {
  test("the Account view offers Swap first, in SPEC's order (swaps, receive, send)", async () => {
    const { adapter } = fakeAdapter()
    const { client, button } = await renderAirlock({ networks: [mainnet], adapters: [adapter] })
    await client.connect("test.wallet")
    await userEvent.click(button)
    const account = page.getByRole("dialog", { name: "Account" })
    await expect.element(account.getByRole("button", { name: "Swap" })).toBeVisible()
    const features = account.element().querySelectorAll(".airlock-feature-button")
    const names = [...features].map((b) => b.textContent).filter((n) => n === "Swap" || n === "Receive" || n === "Send")
    expect(names).toEqual(["Swap", "Receive", "Send"])
  })

  for (const themeMode of ["light", "dark"] as const) {
    test(`typing an amount shows the quote, its USD values, then the preview (${themeMode}, axe)`, async () => {
      const { dialog } = await setup(themeMode)
      let result = await axeWhenSettled(document)
      expect(result.violations.map((v) => v.id)).toEqual([])
      await userEvent.fill(dialog.getByLabelText("You pay", { exact: true }), "0.5")
      await expect.element(dialog.getByTestId("swap-to-amount")).toHaveTextContent("1000")
      await expect.element(dialog.getByTestId("swap-from-usd")).toHaveTextContent("$1,000.00")
      await expect.element(dialog.getByTestId("swap-to-usd")).toHaveTextContent("$1,000.00")
      await userEvent.click(dialog.getByRole("button", { name: "Review swap" }))
      await expect.element(dialog.getByTestId("swap-preview-minimum")).toHaveTextContent("990 USDC")
      await expect.element(dialog.getByTestId("swap-preview-fee")).toHaveTextContent("0.00015 ETH $0.30")
      await expect.element(dialog.getByText("1 ETH = 2000 USDC")).toBeVisible()
      result = await axeWhenSettled(document)
      expect(result.violations.map((v) => v.id)).toEqual([])
    })
  }

  test("says 'Insufficient balance' above the balance", async () => {
    const { dialog } = await setup()
    await userEvent.fill(dialog.getByLabelText("You pay", { exact: true }), "2")
    const action = dialog.getByRole("button", { name: "Insufficient balance" })
    await expect.element(action).toBeVisible()
    await expect.element(action).toBeDisabled()
  })

  test("selects a token from the searchable list, holdings first, then approves and swaps", async () => {
    const { dialog, wallet, client } = await setup()
    await userEvent.click(dialog.getByTestId("swap-from-token"))
    const list = dialog.getByRole("list", { name: "You pay" })
    await expect.element(list).toBeVisible()
    const rows = [...list.element().querySelectorAll(".airlock-list-name")].map((b) => b.textContent)
    // Holdings first (the most valuable first), then the rest of the network's list.
    expect(rows).toEqual(["ETH Ether", "USDC USD Coin", "DAI Dai"])
    await userEvent.keyboard("usd")
    await userEvent.click(dialog.getByRole("button", { name: /^USDC/ }))
    // Paying with the token to receive swaps the two: ETH is received now.
    await expect
      .poll(() => dialog.getByTestId("swap-to-token").element().querySelector(".airlock-list-name")?.textContent)
      .toBe("ETH")
    await userEvent.fill(dialog.getByLabelText("You pay", { exact: true }), "10")
    await expect.element(dialog.getByTestId("swap-to-amount")).toHaveTextContent("0.005")
    await userEvent.click(dialog.getByRole("button", { name: "Review swap" }))
    wallet.answerNext(hash)
    await userEvent.click(dialog.getByRole("button", { name: "Approve USDC" }))
    await expect.element(dialog.getByRole("button", { name: "Swap", exact: true })).toBeVisible()
    wallet.answerNext(hash)
    await userEvent.click(dialog.getByRole("button", { name: "Swap", exact: true }))
    await expect.element(page.getByText("Swapped 10 USDC for 0.005 ETH")).toBeVisible()
    expect(client.getState().modal.view).toBe("Account")
    expect(sent(wallet.requests).map((tx) => (tx as { data: string }).data.slice(0, 10))).toEqual([
      "0x095ea7b3",
      "0x12aa3caf"
    ])
  })

  test("screenshots: form, token select and preview, light and dark, desktop and 390 px", async () => {
    for (const theme of ["light", "dark"] as const) {
      for (const width of [1024, 390]) {
        await page.viewport(width, 760)
        document.body.replaceChildren()
        const { dialog } = await setup(theme)
        await userEvent.fill(dialog.getByLabelText("You pay", { exact: true }), "0.5")
        await expect.element(dialog.getByTestId("swap-to-amount")).toHaveTextContent("1000")
        await settled()
        await page.screenshot({ path: `../../../.vitest/swap/form-${theme}-${width}.png` })
        await userEvent.click(dialog.getByTestId("swap-to-token"))
        await expect.element(dialog.getByRole("list", { name: "You receive" })).toBeVisible()
        await settled()
        await page.screenshot({ path: `../../../.vitest/swap/select-${theme}-${width}.png` })
        await userEvent.click(dialog.getByRole("button", { name: /^USDC/ }))
        await userEvent.click(dialog.getByRole("button", { name: "Review swap" }))
        await expect.element(dialog.getByTestId("swap-preview-minimum")).toBeVisible()
        await settled()
        await page.screenshot({ path: `../../../.vitest/swap/preview-${theme}-${width}.png` })
      }
    }
  })
})
