import { type Address, createSolanaRpc, lamports } from "@solana/kit"
import type { Page } from "playwright-core"
import { beforeEach, describe, expect, it } from "vitest"
import type { Sandbox } from "../../sandbox/index.ts"
import { mailedCode } from "./emailLogin.ts"
import { useE2eSession } from "./session.ts"

// Airlock as a Wallet Standard wallet end to end: the demo's `/wallet-adapter` page is an app written for
// `@solana/wallet-adapter-react` and `@solana/web3.js` only. It lists "Airlock" among its wallets; connecting opens
// Airlock's modal, where the visitor logs in by email (the embedded wallet); wallet-adapter's `sendTransaction` then
// goes through Airlock's Approve Transaction to the secure site's frame, which signs and sends to the local Solana.
describe("a @solana/wallet-adapter-react app on Airlock's embedded wallet", () => {
  const session = useE2eSession("airlock-e2e-wallet-adapter-")
  let sandbox: Sandbox
  let page: Page
  beforeEach(() => {
    ;({ sandbox, page } = session)
  })

  const rpc = () => createSolanaRpc(sandbox.urls.solana.rpcUrl)
  const balanceOf = async (address: string) =>
    (
      await rpc()
        .getBalance(address as Address, { commitment: "confirmed" })
        .send()
    ).value

  it("lists Airlock, connects through an email login in Airlock's modal, and sends a SOL transfer that lands on chain", async () => {
    await page.goto(`${sandbox.urls.demo}/wallet-adapter`)
    const wallets = page.getByRole("list", { name: "Wallets" })
    await wallets.getByRole("button", { name: "Airlock", exact: true }).click({ timeout: 15_000 })

    // wallet-adapter's connect opened Airlock's modal: the visitor logs in by email there.
    const email = `wallet-adapter.${Date.now()}@example.com`
    const modal = page.getByRole("dialog").first()
    await modal.getByRole("textbox", { name: "Email" }).fill(email, { timeout: 15_000 })
    await modal.getByRole("button", { name: "Continue", exact: true }).click()
    await modal.getByLabel("Code").fill(await mailedCode(sandbox.urls.frame, email), { timeout: 30_000 })
    const account = page.getByTestId("wa-account")
    await expect
      .poll(() => account.textContent(), { timeout: 30_000 })
      .toMatch(/^connected [1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const owner = ((await account.textContent()) ?? "").replace(/^connected /, "")
    // The account is the embedded wallet's Solana account, the one Airlock shows connected.
    expect(
      await page.evaluate(
        () =>
          (
            window as unknown as { airlock: { getState(): { accounts: { solana: { address?: string } } } } }
          ).airlock.getState().accounts.solana.address
      )
    ).toBe(owner)

    // Funds from the local faucet, then wallet-adapter's sendTransaction of 0.01 SOL to a sandbox account.
    await rpc()
      .requestAirdrop(owner as Address, lamports(1_000_000_000n))
      .send()
    await expect.poll(() => balanceOf(owner), { timeout: 15_000 }).toBe(1_000_000_000n)
    const receiver = sandbox.solana.accounts[1]!.address
    const before = await balanceOf(receiver)
    await page.getByLabel("Receiver").fill(receiver)
    await page.getByRole("button", { name: "Send 0.01 SOL" }).click()
    const approve = page.getByRole("dialog", { name: "Approve Transaction" })
    await approve.getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    await expect
      .poll(() => page.getByTestId("wa-result").textContent(), { timeout: 15_000 })
      .toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
    await expect.poll(() => balanceOf(receiver), { timeout: 15_000 }).toBe(before + 10_000_000n)
    expect(await balanceOf(owner)).toBeLessThan(1_000_000_000n - 10_000_000n + 1n)
  })
})
