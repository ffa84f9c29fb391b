import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { base, mainnet, solana, solanaDevnet } from "../../../core/networks/index.ts"
import { fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"
import { axeWhenSettled, renderAirlock, skipAnimations } from "./setup.tsx"

// The modal for an app on EVM and Solana, driven through the real connect flow: the Solana account's Account view,
// its explorer link, and a Disconnect that ends only the namespace shown.

beforeAll(() => skipAnimations())

const solanaAddress = "8swV2M1CbyejEo6ScGRSXSpoiAXQGeKz9Df1Z1tnPaMJ"

const sol = (numeric: string) => ({
  name: "Solana",
  symbol: "SOL",
  chainId: solana.caipNetworkId,
  price: 0,
  quantity: { decimals: "9", numeric }
})

const setup = async (themeMode: "light" | "dark" = "light") => {
  const evm = fakeAdapter({ connector: { id: "test.wallet", name: "Test Wallet" } })
  const sola = fakeAdapter({
    namespace: "solana",
    accounts: [solanaAddress],
    chainId: solana.id,
    connector: { id: "Test Solana Wallet", name: "Test Solana Wallet" }
  })
  const { client, button } = await renderAirlock({
    themeMode,
    networks: [mainnet, base, solana, solanaDevnet],
    adapters: [evm.adapter, sola.adapter],
    blockchainApi: { balances: { [solanaAddress]: [sol("12.3456789")] } }
  })
  return { client, button, evmWallet: evm.wallet }
}

const axeViolations = async () => {
  const result = await axeWhenSettled(document)
  return result.violations.map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(", ")}`)
}

describe("a Solana account in the modal", () => {
  for (const themeMode of ["light", "dark"] as const) {
    test(`Account shows the truncated base58 address, the SOL balance and Solscan's account page (${themeMode}, axe)`, async () => {
      const { client, button } = await setup(themeMode)
      await client.connect("Test Solana Wallet")
      await userEvent.click(button)
      const dialog = page.getByRole("dialog", { name: "Account" })
      await expect.element(dialog).toBeVisible()
      await expect.element(dialog.getByText("8swV...tnPaMJ")).toBeVisible()
      await expect.element(dialog.getByText("12.345 SOL", { exact: true }).first()).toBeVisible()
      // The Tokens tab lists SOL with its quantity and value.
      const tokens = dialog.getByRole("list", { name: "Tokens" })
      await expect.element(tokens.getByText("Solana")).toBeVisible()
      await expect.element(tokens.getByText("12.345 SOL")).toBeVisible()
      await expect
        .element(dialog.getByRole("link", { name: "Block Explorer" }))
        .toHaveAttribute("href", `https://solscan.io/account/${solanaAddress}`)
      await expect.element(dialog.getByRole("button", { name: "Solana" })).toBeVisible()
      expect(await axeViolations()).toEqual([])
    })
  }

  test("on devnet, the explorer link keeps Solscan's cluster", async () => {
    const { client, button } = await setup()
    await client.connect("Test Solana Wallet")
    await client.switchNetwork(solanaDevnet)
    await userEvent.click(button)
    await expect
      .element(page.getByRole("link", { name: "Block Explorer" }))
      .toHaveAttribute("href", `https://solscan.io/account/${solanaAddress}?cluster=devnet`)
  })

  test("Disconnect on the Solana account ends Solana only; the EVM account is shown after a switch back", async () => {
    const { client, button } = await setup()
    await client.connect("test.wallet")
    await client.connect("Test Solana Wallet")
    expect(client.getState().activeNamespace).toBe("solana")
    await userEvent.click(button)
    await userEvent.click(page.getByRole("button", { name: "Disconnect" }))
    await expect.poll(() => client.getState().accounts.solana.status).toBe("disconnected")
    expect(client.getState().accounts.eip155).toMatchObject({ status: "connected", address: fakeAccount })
    // The app is still on Solana, now with no account there: opening shows Connect; on EVM, the EVM account.
    await client.open()
    await expect.element(page.getByRole("dialog", { name: "Connect Wallet" })).toBeVisible()
    await client.close()
    await client.switchNetwork(mainnet)
    await client.open()
    await expect.element(page.getByRole("dialog", { name: "Account" })).toBeVisible()
    await expect.element(page.getByText("0x52...169EE7").first()).toBeVisible()
  })

  test("choosing the Solana network from an EVM account shows Connect when Solana has no connection (switching flag set)", async () => {
    const { client, button } = await setup()
    await client.connect("test.wallet")
    await userEvent.click(button)
    const flags: Array<boolean> = []
    const stop = client.subscribe((state) => flags.push(state.switchingNamespace))
    await userEvent.click(page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Ethereum" }))
    await userEvent.click(
      page.getByRole("dialog", { name: "Choose Network" }).getByRole("button", { name: /^Solana$/ })
    )
    await expect.element(page.getByRole("dialog", { name: "Connect Wallet" })).toBeVisible()
    stop()
    expect(flags).toContain(true)
    expect(client.getState()).toMatchObject({ activeNamespace: "solana", switchingNamespace: false })
    expect(client.getState().accounts.eip155.status).toBe("connected")
  })

  test("choosing the EVM network from the Solana account closes the modal, as a chain switch does; the button shows the EVM account", async () => {
    const { client, button } = await setup()
    await client.connect("test.wallet")
    await client.connect("Test Solana Wallet")
    await userEvent.click(button)
    const account = page.getByRole("dialog", { name: "Account" })
    await expect.element(account.getByText("8swV...tnPaMJ")).toBeVisible()
    await userEvent.click(account.getByRole("button", { name: "Solana" }))
    await userEvent.click(
      page.getByRole("dialog", { name: "Choose Network" }).getByRole("button", { name: /^Ethereum/ })
    )
    await expect.poll(() => client.getState().modal.open).toBe(false)
    await expect.element(button).toHaveTextContent("0x52...169EE7")
    expect(client.getState().activeNamespace).toBe("eip155")
  })

  test("choosing another network of a namespace whose wallet is connected there asks that wallet first", async () => {
    const { client, button, evmWallet } = await setup()
    await client.connect("test.wallet")
    await client.connect("Test Solana Wallet")
    await userEvent.click(button)
    await userEvent.click(page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Solana" }))
    await userEvent.click(page.getByRole("dialog", { name: "Choose Network" }).getByRole("button", { name: /^Base/ }))
    // The EVM wallet is on Ethereum: it must approve the move to Base (Switch Network), which the fake does at once.
    await expect.poll(() => client.getState().activeNetworks.eip155?.caipNetworkId).toBe("eip155:8453")
    expect(evmWallet.switches).toEqual(["eip155:8453"])
    expect(client.getState().activeNamespace).toBe("eip155")
  })
})
