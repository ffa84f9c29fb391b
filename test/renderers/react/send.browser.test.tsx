import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { mainnet } from "../../../core/networks/index.ts"
import type { TokenBalance } from "../../../core/schema/token.ts"
import { fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"
import { axeWhenSettled, renderAirlock, skipAnimations } from "./setup.tsx"

// Send through the real flow: a wallet connects (airlock/testing's fakeAdapter), the token list comes from the
// blockchain API (memory layer), the form is filled by keyboard, and the wallet's request is what the fake records.

beforeAll(() => skipAnimations())

const receiver = "0x000000000000000000000000000000000000dEaD"
const eth: TokenBalance = {
  name: "Ether",
  symbol: "ETH",
  chainId: "eip155:1",
  price: 2500,
  value: 3125,
  quantity: { decimals: "18", numeric: "1.25" }
}
const usdc: TokenBalance = {
  name: "USD Coin",
  symbol: "USDC",
  chainId: "eip155:1",
  address: "eip155:1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
  price: 1,
  value: 120.5,
  quantity: { decimals: "6", numeric: "120.5" }
}

const setup = async (themeMode: "light" | "dark" = "light") => {
  const { adapter, wallet } = fakeAdapter()
  const rendered = await renderAirlock({
    themeMode,
    networks: [mainnet],
    adapters: [adapter],
    blockchainApi: { balances: { [fakeAccount]: [eth, usdc] } }
  })
  await rendered.client.connect("test.wallet")
  await userEvent.click(rendered.button)
  await userEvent.click(page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Send" }))
  const dialog = page.getByRole("dialog", { name: "Send" })
  await expect.element(dialog.getByRole("button", { name: /^Ether Balance/ })).toBeVisible()
  return { ...rendered, wallet, dialog }
}

describe("Send", () => {
  for (const themeMode of ["light", "dark"] as const) {
    test(`the form says what is missing, the preview shows amount, USD and fee (${themeMode}, axe)`, async () => {
      const { dialog } = await setup(themeMode)
      await expect.element(dialog.getByText("An amount and receiver address are required")).toBeVisible()
      expect((dialog.getByRole("button", { name: "Preview send" }).element() as HTMLButtonElement).disabled).toBe(true)
      let result = await axeWhenSettled(document)
      expect(result.violations.map((v) => v.id)).toEqual([])
      await userEvent.fill(dialog.getByLabelText("Amount", { exact: true }), "0.5")
      await expect.element(dialog.getByTestId("send-usd")).toHaveTextContent("$1,250.00")
      await userEvent.fill(dialog.getByLabelText("To", { exact: true }), receiver)
      await userEvent.click(dialog.getByRole("button", { name: "Preview send" }))
      await expect.element(dialog.getByTestId("send-preview-amount")).toHaveTextContent("0.5 ETH $1,250.00")
      await expect.element(dialog.getByTestId("send-preview-fee")).toHaveTextContent("0.000021 ETH")
      result = await axeWhenSettled(document)
      expect(result.violations.map((v) => v.id)).toEqual([])
    })
  }

  test("by keyboard alone: pick USDC, Max, a receiver, preview, send — the wallet gets the transfer", async () => {
    const { dialog, wallet } = await setup()
    ;(dialog.getByRole("button", { name: / Balance / }).element() as HTMLElement).focus()
    await userEvent.keyboard("{Enter}")
    await expect.element(dialog.getByRole("searchbox", { name: "Search tokens" })).toBeVisible()
    await userEvent.keyboard("usd")
    await userEvent.keyboard("{Tab}{Enter}")
    await expect.element(dialog.getByRole("button", { name: /^USD Coin Balance/ })).toBeVisible()
    ;(dialog.getByRole("button", { name: "Max" }).element() as HTMLElement).focus()
    await userEvent.keyboard("{Enter}")
    await expect.element(dialog.getByLabelText("Amount", { exact: true })).toHaveValue("120.5")
    await userEvent.keyboard("{Tab}")
    await userEvent.keyboard(receiver)
    await userEvent.keyboard("{Enter}")
    const send = dialog.getByRole("button", { name: "Send", exact: true })
    await expect.element(send).toBeVisible()
    ;(send.element() as HTMLElement).focus()
    await userEvent.keyboard("{Enter}")
    await expect.element(page.getByText("Sent 120.5 USDC")).toBeVisible()
    const sent = wallet.requests.find((r) => r.method === "eth_sendTransaction")
    expect(sent?.params).toEqual([
      { from: fakeAccount, to: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", value: `0x${(120_500_000n).toString(16)}` }
    ])
  })

  test("Max on the native coin leaves the network fee, with a fifth to spare: 1.25 ETH less 1.2 × 0.000021", async () => {
    const { dialog } = await setup()
    await userEvent.click(dialog.getByRole("button", { name: "Max" }))
    await expect.element(dialog.getByLabelText("Amount", { exact: true })).toHaveValue("1.2499748")
  })

  test("bad input is refused with its message before anything reaches the wallet", async () => {
    const { dialog, wallet } = await setup()
    const amount = dialog.getByLabelText("Amount", { exact: true })
    await userEvent.fill(dialog.getByLabelText("To", { exact: true }), receiver)
    for (const [typed, message] of [
      ["2", "Insufficient balance"],
      [`0.${"1".repeat(30)}`, "ETH has at most 18 decimals"],
      ["0", "The amount must be above zero"],
      ["1e2", "Enter an amount as a number, like 0.5"]
    ] as const) {
      await userEvent.fill(amount, typed)
      await expect.element(dialog.getByText(message)).toBeVisible()
    }
    await userEvent.fill(amount, "0.1")
    await userEvent.fill(dialog.getByLabelText("To", { exact: true }), "0xnot-an-address")
    await expect.element(dialog.getByText("Invalid address")).toBeVisible()
    expect(wallet.requests.filter((r) => r.method === "eth_sendTransaction")).toEqual([])
  })
})
