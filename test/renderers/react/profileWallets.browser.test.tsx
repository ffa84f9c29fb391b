import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { mainnet } from "../../../core/networks/index.ts"
import { truncateAddress } from "../../../core/schema/format.ts"
import { defaultProjectConfig } from "../../../core/services/walletRegistry.ts"
import { fakeAdapter } from "../../../core/testing/index.ts"
import { axeWhenSettled, renderAirlock, skipAnimations } from "./setup.tsx"

// ProfileWallets (multi-wallet) through the real flows: two scripted wallets (fakeAdapter) connect, Account leads to
// the view, and its Switch, Disconnect and Add wallet act on core's state as a user's clicks do.

beforeAll(() => skipAnimations())

const alice = "0x1111111111111111111111111111111111111111"
const bob = "0x2222222222222222222222222222222222222222"

const eth = { name: "Ether", symbol: "ETH", chainId: "eip155:1", price: 0, quantity: { decimals: "18", numeric: "1" } }

const setup = async (options: { readonly themeMode?: "light" | "dark"; readonly multiWallet?: boolean } = {}) => {
  const a = fakeAdapter({ connector: { id: "wallet.a", name: "Wallet A" }, accounts: [alice] })
  const b = fakeAdapter({ connector: { id: "wallet.b", name: "Wallet B" }, accounts: [bob] })
  const features = defaultProjectConfig.features.map((f) =>
    f.id === "multi_wallet" ? { ...f, isEnabled: options.multiWallet ?? true } : f
  )
  const rendered = await renderAirlock({
    themeMode: options.themeMode ?? "light",
    networks: [mainnet],
    adapters: [a.adapter, b.adapter],
    walletApi: { projectConfig: { features } },
    blockchainApi: { balances: { [alice]: [eth], [bob]: [eth] } }
  })
  await rendered.client.connect("wallet.a")
  await rendered.client.connect("wallet.b")
  await userEvent.click(rendered.button)
  return { ...rendered, account: page.getByRole("dialog", { name: "Account" }) }
}

const openProfileWallets = async (account: ReturnType<typeof page.getByRole>) => {
  await userEvent.click(account.getByRole("button", { name: "Manage wallets" }))
  const dialog = page.getByRole("dialog", { name: "Wallets" })
  await expect.element(dialog.getByRole("list", { name: "EVM" })).toBeVisible()
  return dialog
}

const rows = (dialog: ReturnType<typeof page.getByRole>) =>
  [...dialog.element().querySelectorAll("[data-part=connection]")].map(
    (row) => `${row.querySelector(".airlock-list-name")?.textContent} ${row.querySelector(".airlock-tag")?.textContent}`
  )

describe("ProfileWallets", () => {
  for (const themeMode of ["light", "dark"] as const) {
    test(`Account leads to the wallets, grouped by namespace with their status (${themeMode}, axe, 1024 and 390 px)`, async () => {
      const { account } = await setup({ themeMode })
      const dialog = await openProfileWallets(account)
      expect(rows(dialog)).toEqual(["Wallet B Active", "Wallet A Connected"])
      await expect.element(dialog.getByRole("button", { name: "Switch to Wallet A" })).toBeVisible()
      await expect.element(dialog.getByRole("button", { name: "Switch to Wallet B" })).not.toBeInTheDocument()
      expect((await axeWhenSettled(document)).violations.map((v) => v.id)).toEqual([])
      for (const width of [1024, 390]) {
        await page.viewport(width, 800)
        await page.screenshot({ path: `../../../.vitest/profileWallets/profile-wallets-${themeMode}-${width}.png` })
      }
      await page.viewport(1024, 800)
    })
  }

  test("Switch makes a listed wallet the one in use: the account shown follows", async () => {
    const { account, client } = await setup()
    const dialog = await openProfileWallets(account)
    await userEvent.click(dialog.getByRole("button", { name: "Switch to Wallet A" }))
    await expect.poll(() => rows(dialog)).toEqual(["Wallet A Active", "Wallet B Connected"])
    expect(client.getState().accounts.eip155.address).toBe(alice)
    await expect.element(dialog.getByText(truncateAddress(alice))).toBeVisible()
  })

  test("Disconnect ends one wallet and leaves the other; Add wallet opens Connect and comes back once connected", async () => {
    const { account, client } = await setup()
    const dialog = await openProfileWallets(account)
    await userEvent.click(dialog.getByRole("button", { name: "Disconnect Wallet B" }))
    await expect.poll(() => rows(dialog)).toEqual(["Wallet A Active"])
    expect(client.getState().accounts.eip155.address).toBe(alice)
    await expect.element(dialog.getByRole("button", { name: "Add wallet" })).toHaveAccessibleDescription("EVM")
    await userEvent.click(dialog.getByRole("button", { name: "Add wallet" }))
    const connect = page.getByRole("dialog", { name: "Connect Wallet" })
    await userEvent.click(connect.getByRole("button", { name: /Wallet B/ }))
    const back = page.getByRole("dialog", { name: "Wallets" })
    await expect.poll(() => rows(back)).toEqual(["Wallet B Active", "Wallet A Connected"])
  })

  test("with multiWallet off (SPEC §9's default) Account offers no wallet management", async () => {
    const { account } = await setup({ multiWallet: false })
    await expect.element(account.getByRole("button", { name: "Disconnect" })).toBeVisible()
    await expect.element(account.getByRole("button", { name: "Manage wallets" })).not.toBeInTheDocument()
  })
})
