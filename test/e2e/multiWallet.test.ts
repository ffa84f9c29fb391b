import type { Page } from "playwright-core"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { truncateAddress } from "../../core/schema/format.ts"
import type { Sandbox } from "../../sandbox/index.ts"
import { createMobileWallet, type MobileWallet } from "../../sandbox/wallet/mobile.ts"
import { connectDemo } from "./connectDemo.ts"
import { mailedCode } from "./emailLogin.ts"
import { useE2eSession } from "./session.ts"

// Multi-wallet end to end (issue 25): the demo (its project has multi_wallet on) connects the Sandbox Wallet, then the
// embedded wallet by email, then the Sandbox Mobile Wallet over WalletConnect, each added from ProfileWallets; switching
// between them moves what `airlock.getProvider()` answers for `eth_accounts`; disconnecting one leaves the others,
// and a reload brings the rest back.
describe("several wallets at once in the demo", () => {
  const session = useE2eSession("airlock-e2e-multi-")
  let sandbox: Sandbox
  let page: Page
  let phone: MobileWallet

  beforeEach(async () => {
    ;({ sandbox, page } = session)
    await session.context.grantPermissions(["clipboard-read", "clipboard-write"])
    phone = await createMobileWallet({
      relayUrl: sandbox.urls.relay,
      projectId: sandbox.urls.projectId,
      chains: sandbox.urls.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl }))
    })
  })

  afterEach(async () => {
    await phone?.stop()
  })

  const wallets = () => page.getByRole("dialog", { name: "Wallets" })
  const evmRows = () => wallets().getByRole("list", { name: "EVM" }).locator("[data-part=connection]")
  const address = async () => (await page.getByTestId("connection-address").textContent()) ?? ""

  /** The names and statuses ProfileWallets lists for EVM, in order. */
  const listed = async () =>
    (await evmRows().evaluateAll((rows) =>
      rows.map(
        (row) =>
          `${row.querySelector(".airlock-list-name")?.textContent} ${row.querySelector(".airlock-tag")?.textContent}`
      )
    )) as Array<string>

  /** From the page (modal closed): the account button, Account, Manage wallets. */
  const openWallets = async () => {
    await page
      .getByRole("button", { name: truncateAddress(await address()), exact: true })
      .first()
      .click({ timeout: 15_000 })
    await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Manage wallets" }).click()
    await evmRows().first().waitFor({ timeout: 15_000 })
  }

  const closeModal = async () => {
    await page.getByRole("dialog").first().getByRole("button", { name: "Close" }).click()
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0)
  }

  /** The demo's `eth_accounts` through `airlock.getProvider("eip155")`, lower-cased. */
  const providerAccounts = async () => {
    await page.getByRole("button", { name: "Read eth_accounts" }).click()
    const output = page.getByTestId("provider-accounts")
    await expect.poll(() => output.textContent(), { timeout: 15_000 }).toMatch(/^0x/)
    return ((await output.textContent()) ?? "").toLowerCase().split(" ")
  }

  const addEvmWallet = async () => {
    await wallets().getByRole("button", { name: "Add wallet" }).first().click()
    return page.getByRole("dialog", { name: "Connect Wallet" })
  }

  it("connects three wallets, switches between them (eth_accounts follows), disconnects one and restores the rest after a reload", async () => {
    const sandboxWallet = sandbox.accounts[0]!.address.toLowerCase()
    await connectDemo(page, sandbox.urls.demo)
    expect((await address()).toLowerCase()).toBe(sandboxWallet)

    // The embedded wallet by email, added from ProfileWallets: it comes back there with the new wallet in use.
    await openWallets()
    const email = `multi-${Date.now()}@airlock.test`
    const connect = await addEvmWallet()
    await connect.getByRole("textbox", { name: "Email" }).fill(email, { timeout: 15_000 })
    await connect.getByRole("button", { name: "Continue", exact: true }).click()
    await page
      .getByRole("dialog")
      .getByLabel("Code")
      .fill(await mailedCode(sandbox.urls.frame, email), { timeout: 30_000 })
    await expect.poll(listed, { timeout: 30_000 }).toHaveLength(2)
    const embedded = (await address()).toLowerCase()
    expect(embedded).not.toBe(sandboxWallet)

    // The phone wallet over WalletConnect, from the copied pairing link.
    await (await addEvmWallet()).getByRole("button", { name: /^WalletConnect/ }).click({ timeout: 15_000 })
    await page.getByRole("img", { name: /WalletConnect QR code/ }).waitFor({ timeout: 15_000 })
    await page.getByRole("button", { name: "Copy link" }).click()
    await phone.pair(await page.evaluate(() => navigator.clipboard.readText()))
    await expect.poll(listed, { timeout: 30_000 }).toHaveLength(3)
    expect(phone.sessions()).toHaveLength(1)
    const rows = await listed()
    // The phone wallet is listed by the name its session announced, not as "WalletConnect".
    expect(rows[0]).toBe("Sandbox Mobile Wallet Active")
    expect(rows.slice(1).every((row) => row.endsWith(" Connected"))).toBe(true)
    expect((await address()).toLowerCase()).toBe(phone.address.toLowerCase())
    await closeModal()
    expect(await providerAccounts()).toContain(phone.address.toLowerCase())

    // Switching: the Sandbox Wallet, then the embedded wallet; the page's account and the provider follow each.
    for (const [name, expected] of [
      ["Switch to Sandbox Wallet", sandboxWallet],
      ["Switch to Email & Socials", embedded]
    ] as const) {
      await openWallets()
      await wallets().getByRole("button", { name }).click()
      await expect.poll(async () => (await address()).toLowerCase(), { timeout: 15_000 }).toBe(expected)
      await closeModal()
      expect(await providerAccounts()).toContain(expected)
    }

    // Disconnecting the phone wallet (listed, not in use) leaves the other two, the embedded wallet still in use.
    await openWallets()
    await wallets().getByRole("button", { name: "Disconnect Sandbox Mobile Wallet", exact: true }).click()
    await expect.poll(listed, { timeout: 15_000 }).toHaveLength(2)
    // The session ended in the phone wallet too (through the relay), not only in the page.
    await expect.poll(() => phone.sessions(), { timeout: 15_000 }).toEqual([])
    expect((await address()).toLowerCase()).toBe(embedded)
    const before = await listed()
    await closeModal()

    // A reload restores both: the one in use stays in use, the other listed.
    await page.reload()
    await expect.poll(() => page.getByTestId("connection-status").textContent(), { timeout: 30_000 }).toBe("connected")
    expect((await address()).toLowerCase()).toBe(embedded)
    await openWallets()
    await expect.poll(listed, { timeout: 15_000 }).toEqual(before)
  }, 180_000)
})
