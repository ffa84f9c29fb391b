import type { Page } from "playwright-core"
import { type Address, createPublicClient, erc20Abi, http, parseEther, parseUnits } from "viem"
import { beforeEach, describe, expect, it } from "vitest"
import { truncateAddress } from "../../core/schema/format.ts"
import { ammContracts } from "../../sandbox/chain/amm.ts"
import type { Sandbox } from "../../sandbox/index.ts"
import { loginByEmail } from "./emailLogin.ts"
import { useE2eSession } from "./session.ts"

// Swap end to end, as a person: the demo, the Sandbox Wallet (each transaction approved, or refused, on its own
// dialog), and the sandbox's real Uniswap V2 on anvil. The chain is the proof: balances and the router's allowance
// read with viem, before and after.
describe("swapping from the Account view", () => {
  const session = useE2eSession("airlock-e2e-swap-")
  let sandbox: Sandbox
  let page: Page
  beforeEach(() => {
    ;({ sandbox, page } = session)
  })

  const me = () => sandbox.accounts[0]?.address as Address
  const chain = () => {
    const rpcUrl = sandbox.urls.chains.find((c) => c.chainId === 1)?.rpcUrl
    return createPublicClient({ transport: http(rpcUrl) })
  }
  const usdc = () => sandbox.contracts[1]!.usdc
  const usdcOf = (address: Address) =>
    chain().readContract({ address: usdc(), abi: erc20Abi, functionName: "balanceOf", args: [address] })
  const allowance = () =>
    chain().readContract({
      address: usdc(),
      abi: erc20Abi,
      functionName: "allowance",
      args: [me(), ammContracts.router]
    })
  const walletDialog = () => page.locator("[data-sandbox-wallet=prompt]").getByRole("dialog")
  const swap = () => page.getByRole("dialog", { name: "Swap" })

  const openSwap = async () => {
    await page.goto(sandbox.urls.demo)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^Sandbox Wallet/ })
      .click({ timeout: 15_000 })
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    await page
      .getByRole("button", { name: truncateAddress(me()), exact: true })
      .first()
      .click({ timeout: 15_000 })
    await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Swap", exact: true }).click()
    await swap().getByLabel("You pay").waitFor({ timeout: 15_000 })
  }

  /** Types `amount` and waits for the quote, then opens the preview; gives its minimum received in base units. */
  const review = async (amount: string, decimals: number) => {
    await swap().getByLabel("You pay").fill(amount)
    await expect.poll(() => swap().getByTestId("swap-to-amount").textContent(), { timeout: 15_000 }).not.toBe("0")
    await swap().getByRole("button", { name: "Review swap" }).click({ timeout: 15_000 })
    const minimum = (await swap().getByTestId("swap-preview-minimum").textContent({ timeout: 15_000 })) ?? ""
    const [value] = minimum.replaceAll(",", "").split(" ")
    return parseUnits(value ?? "0", decimals)
  }

  it("ETH -> USDC: 0.1 ETH buys at least the preview's minimum, and ETH falls by 0.1 plus the fee", async () => {
    await openSwap()
    // The form starts on the network's coin, to the first token.
    await expect.poll(() => swap().getByRole("button", { name: /ETH/ }).first().isVisible()).toBe(true)
    const [ethBefore, usdcBefore] = await Promise.all([chain().getBalance({ address: me() }), usdcOf(me())])
    const minimum = await review("0.1", 6)
    expect(minimum).toBeGreaterThan(0n)
    const fee = (await swap().getByTestId("swap-preview-fee").textContent()) ?? ""
    const feeCap = parseEther(fee.split(" ")[0] ?? "0")
    await swap().getByRole("button", { name: "Swap", exact: true }).click()
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    await page.getByText(/^Swapped 0\.1 ETH for [\d.,]+ USDC$/).waitFor({ timeout: 30_000 })

    const [ethAfter, usdcAfter] = await Promise.all([chain().getBalance({ address: me() }), usdcOf(me())])
    expect(usdcAfter - usdcBefore).toBeGreaterThanOrEqual(minimum)
    const spentOnGas = ethBefore - ethAfter - parseEther("0.1")
    expect(spentOnGas).toBeGreaterThan(0n)
    // The preview's fee is the gas limit at the quoted price: what was paid is at most that.
    expect(spentOnGas).toBeLessThanOrEqual(feeCap)
  })

  it("USDC -> ETH: a refused approval changes nothing; approving then swapping spends exactly the amount", async () => {
    await openSwap()
    await swap().getByRole("button", { name: "Switch tokens" }).click()
    const usdcBefore = await usdcOf(me())
    const ethBefore = await chain().getBalance({ address: me() })
    expect(await allowance()).toBe(0n)
    await review("100", 18)
    // The allowance is short: the preview asks to approve USDC first.
    await swap().getByRole("button", { name: "Approve USDC" }).click()
    await walletDialog().getByRole("button", { name: "Reject" }).click({ timeout: 15_000 })
    await swap().getByRole("alert").waitFor({ timeout: 15_000 })
    expect(await swap().getByRole("alert").textContent()).toBe("Transaction rejected in the wallet")
    expect([await allowance(), await usdcOf(me()), await chain().getBalance({ address: me() })]).toEqual([
      0n,
      usdcBefore,
      ethBefore
    ])

    // Again, approved this time: the approval is mined, then Swap.
    await swap().getByRole("button", { name: "Approve USDC" }).click()
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    await swap().getByRole("button", { name: "Swap", exact: true }).click({ timeout: 30_000 })
    expect(await allowance()).toBeGreaterThan(0n)
    const minimum = parseUnits(
      ((await swap().getByTestId("swap-preview-minimum").textContent()) ?? "0").replaceAll(",", "").split(" ")[0] ??
        "0",
      18
    )
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    await page.getByText(/^Swapped 100 USDC for [\d.,]+ ETH$/).waitFor({ timeout: 30_000 })
    expect(usdcBefore - (await usdcOf(me()))).toBe(parseUnits("100", 6))
    // ETH: at least the minimum received, less the gas of the two transactions (well under 0.01 ETH here).
    const ethGained = (await chain().getBalance({ address: me() })) - ethBefore
    expect(ethGained).toBeGreaterThan(minimum - parseEther("0.01"))
  })

  it("the embedded wallet's smart account swaps 0.01 ETH -> USDC from the preview, without a second approval", async () => {
    const email = `swap.${Date.now()}@example.com`
    await page.goto(sandbox.urls.demo)
    await loginByEmail(page, sandbox.urls.frame, email)
    const smart = (await page.getByTestId("connection-address").textContent()) as Address
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 15_000 }).toBe(0)

    await page
      .getByRole("button", { name: truncateAddress(smart), exact: true })
      .first()
      .click({ timeout: 15_000 })
    await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Swap", exact: true }).click()
    await swap().getByLabel("You pay").waitFor({ timeout: 15_000 })
    const usdcBefore = await usdcOf(smart)
    const minimum = await review("0.01", 6)
    await swap().getByRole("button", { name: "Swap", exact: true }).click()
    // The preview is where the user approved it (as with Send): the embedded wallet does not ask a second time in
    // Approve Transaction, and the frame signs and sends the smart account's user operation.
    const approvals = page.getByRole("dialog", { name: "Approve Transaction" })
    await expect
      .poll(
        async () =>
          (await approvals.count()) > 0
            ? "asked again in Approve Transaction"
            : (await page.getByText(/^Swapped 0\.01 ETH for [\d.,]+ USDC$/).count()) > 0,
        { timeout: 30_000 }
      )
      .toBe(true)
    expect((await usdcOf(smart)) - usdcBefore).toBeGreaterThanOrEqual(minimum)
  })

  it("on the demo's network outside SPEC's swap list (Linea), Swap says 'Network not supported for Swaps'", async () => {
    await openSwap()
    await page.keyboard.press("Escape")
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0)
    await page.getByRole("button", { name: "Ethereum" }).click()
    await page
      .getByRole("dialog", { name: "Choose Network" })
      .getByRole("button", { name: /^Linea/ })
      .click()
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    await page.getByRole("button", { name: "Linea" }).waitFor({ timeout: 15_000 })
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 15_000 }).toBe(0)
    await page
      .getByRole("button", { name: truncateAddress(me()), exact: true })
      .first()
      .click({ timeout: 15_000 })
    await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Swap", exact: true }).click()
    await expect
      .poll(() => swap().getByRole("alert").textContent(), { timeout: 15_000 })
      .toBe("Network not supported for Swaps")
    expect(await swap().getByLabel("You pay").count()).toBe(0)
  })
})
