import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { createSolanaRpc, type Address as SolanaAddress } from "@solana/kit"
import type { Page } from "playwright-core"
import { type Address, createPublicClient, erc20Abi, formatUnits, http, parseUnits } from "viem"
import { beforeEach, describe, expect, it } from "vitest"
import { formatBalance, truncateAddress } from "../../core/schema/format.ts"
import type { Sandbox } from "../../sandbox/index.ts"
import { useE2eSession } from "./session.ts"
import { settled } from "./settled.ts"

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js")

// Buying crypto end to end, as a person: the demo, the Sandbox Wallet, Account's Buy, the onramp form, the provider
// list, the sandbox ramp's buy page in a popup (its own origin), and the chain. What the chain holds afterwards is the
// proof, read with viem / @solana/kit from the chain itself.
describe("buying crypto from the Account view", () => {
  const session = useE2eSession("airlock-e2e-onramp-")
  let sandbox: Sandbox
  let page: Page
  beforeEach(() => {
    ;({ sandbox, page } = session)
  })

  const owner = () => sandbox.accounts[0]?.address as Address
  const chain = () => createPublicClient({ transport: http(sandbox.urls.chains.find((c) => c.chainId === 1)?.rpcUrl) })
  const usdcOf = (address: Address) =>
    chain().readContract({
      address: sandbox.contracts[1]!.usdc,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [address]
    })
  const walletDialog = () => page.locator("[data-sandbox-wallet=prompt]").getByRole("dialog")
  const account = () => page.getByRole("dialog", { name: "Account" })
  const buy = () => page.getByRole("dialog", { name: "Buy Crypto" })
  const providers = () => page.getByRole("dialog", { name: "Choose Provider" })
  const progress = () => page.getByRole("dialog", { name: "Buying" })

  const connectEvm = async () => {
    await page.goto(sandbox.urls.demo)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^Sandbox Wallet/ })
      .click({ timeout: 15_000 })
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    await page
      .getByRole("button", { name: truncateAddress(owner()), exact: true })
      .first()
      .click({ timeout: 15_000 })
  }

  /** Account's Buy, the amount typed, until the quote shows; what it says the amount gets. */
  const quote = async (amount: string) => {
    await buy().getByLabel("You pay").fill(amount)
    await expect
      .poll(() => buy().getByTestId("onramp-quote-amount").textContent(), { timeout: 15_000 })
      .toMatch(/^You get/)
    return (await buy().getByTestId("onramp-quote-amount").textContent()) ?? ""
  }

  /** The provider list's Sandbox Ramp, in the popup it opens. */
  const openRamp = async (): Promise<Page> => {
    await buy().getByRole("button", { name: "Continue" }).click()
    const [popup] = await Promise.all([
      page.waitForEvent("popup", { timeout: 15_000 }),
      providers()
        .getByRole("button", { name: /^Sandbox Ramp/ })
        .click({ timeout: 15_000 })
    ])
    await popup.getByRole("button", { name: "Pay" }).waitFor({ timeout: 15_000 })
    expect(new URL(popup.url()).origin).toBe(sandbox.urls.ramp)
    return popup
  }

  const axeViolations = async () => {
    await settled(page)
    await page.evaluate(readFileSync(axePath, "utf8"))
    return page.evaluate(async () => {
      const axe = (
        globalThis as unknown as {
          axe: {
            run: (c: Element) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>
          }
        }
      ).axe
      const result = await axe.run(document.querySelector("dialog[open]")!)
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`)
    })
  }

  it("buys 50 USD of USDC: the wallet's USDC on chain rises by the quoted amount and Account shows it", async () => {
    await connectEvm()
    await account().getByRole("button", { name: "Buy" }).click({ timeout: 15_000 })
    await buy().getByLabel("You buy").waitFor({ timeout: 15_000 })
    // SPEC §4: USDC and USD
    expect(await buy().getByLabel("You buy").inputValue()).toBe("USDC")
    expect(await buy().getByLabel("Pay with").inputValue()).toBe("USD")
    expect(await axeViolations()).toEqual([])
    const quoted = await quote("50")
    const amount = /^You get ([\d.,]+) USDC$/.exec(quoted)?.[1]?.replaceAll(",", "")
    expect(amount).toBe("49.15")
    const before = await usdcOf(owner())
    const popup = await openRamp()
    expect(await providers().count()).toBe(0)
    expect(await progress().getByTestId("onramp-progress").textContent()).toBe(
      "Complete the purchase in the Sandbox Ramp window"
    )
    expect(await popup.getByLabel("Amount").inputValue()).toBe("50")
    await popup.getByRole("button", { name: "Pay" }).click()
    await expect
      .poll(() => progress().getByTestId("onramp-progress").textContent(), { timeout: 30_000 })
      .toBe("Bought 49.15 USDC")
    const after = await usdcOf(owner())
    expect(after - before).toBe(parseUnits(amount!, 6))
    await progress().getByRole("button", { name: "Done" }).click()
    await expect
      .poll(() => account().getByRole("list", { name: "Tokens" }).textContent(), { timeout: 15_000 })
      .toContain(formatBalance(formatUnits(after, 6), "USDC"))
  })

  it("refuses 5 USD and 8,000 USD by card before the provider opens", async () => {
    await connectEvm()
    let popups = 0
    page.on("popup", () => popups++)
    await account().getByRole("button", { name: "Buy" }).click({ timeout: 15_000 })
    await quote("5")
    expect(await buy().getByTestId("onramp-problem").textContent()).toBe("The minimum is 10.00 USD")
    expect(await buy().getByTestId("onramp-continue").isDisabled()).toBe(true)
    await quote("8000")
    expect(await buy().getByTestId("onramp-problem").textContent()).toBe("The maximum is 7500.00 USD")
    expect(await buy().getByTestId("onramp-continue").isDisabled()).toBe(true)
    expect(await axeViolations()).toEqual([])
    // A bank account takes 8,000
    await buy().getByLabel("Payment method").selectOption("ach_bank_account")
    await expect.poll(() => buy().getByTestId("onramp-continue").isDisabled()).toBe(false)
    expect(popups).toBe(0)
  })

  it("a purchase cancelled on the provider's page changes nothing", async () => {
    await connectEvm()
    await account().getByRole("button", { name: "Buy" }).click({ timeout: 15_000 })
    await quote("50")
    const before = await usdcOf(owner())
    const popup = await openRamp()
    await Promise.all([
      popup.waitForEvent("close", { timeout: 15_000 }),
      popup.getByRole("button", { name: "Cancel" }).click()
    ])
    await expect
      .poll(() => progress().getByTestId("onramp-progress").textContent(), { timeout: 15_000 })
      .toBe("The purchase was cancelled: nothing was charged")
    expect(await usdcOf(owner())).toBe(before)
  })

  it("runs with the keyboard alone: Buy, the amount, Continue, a provider", async () => {
    await connectEvm()
    await account().getByRole("button", { name: "Buy" }).waitFor({ timeout: 15_000 })
    const focused = () => page.evaluate(() => document.activeElement?.textContent ?? "")
    const tabTo = async (text: string | RegExp) => {
      for (let i = 0; i < 30; i++) {
        const now = await focused()
        if (typeof text === "string" ? now === text : text.test(now)) return
        await page.keyboard.press("Tab")
      }
      throw new Error(`Tab never reached ${String(text)}`)
    }
    await tabTo("Buy")
    await page.keyboard.press("Enter")
    await buy().getByLabel("You pay").waitFor({ timeout: 15_000 })
    for (
      let i = 0;
      i < 10 &&
      !(await buy()
        .getByLabel("You pay")
        .evaluate((e) => e === document.activeElement));
      i++
    ) {
      await page.keyboard.press("Tab")
    }
    await page.keyboard.type("25")
    await expect.poll(() => buy().getByTestId("onramp-continue").isDisabled(), { timeout: 15_000 }).toBe(false)
    await tabTo("Continue")
    await page.keyboard.press("Enter")
    await providers().getByRole("button", { name: /^Meld/ }).waitFor({ timeout: 15_000 })
    expect(await axeViolations()).toEqual([])
    await tabTo(/Sandbox Ramp/)
    const [popup] = await Promise.all([page.waitForEvent("popup", { timeout: 15_000 }), page.keyboard.press("Enter")])
    await popup.getByRole("button", { name: "Pay" }).waitFor({ timeout: 15_000 })
    await popup.close()
    await expect
      .poll(() => progress().getByTestId("onramp-progress").textContent(), { timeout: 15_000 })
      .toBe("The purchase was cancelled: nothing was charged")
    expect(await axeViolations()).toEqual([])
  })

  it("buys SOL on the Solana chain: the wallet's SOL rises by the quoted amount", async () => {
    const solanaOwner = sandbox.solana.accounts[0]!.address
    const rpc = createSolanaRpc(sandbox.urls.solana.rpcUrl)
    const lamports = async () =>
      (await rpc.getBalance(solanaOwner as SolanaAddress, { commitment: "confirmed" }).send()).value
    await page.goto(sandbox.urls.demo)
    await page.getByRole("button", { name: "Ethereum" }).click({ timeout: 15_000 })
    await page
      .getByRole("dialog", { name: "Choose Network" })
      .getByRole("button", { name: /^Solana Sandbox/ })
      .click()
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^Sandbox Solana Wallet/ })
      .click({ timeout: 15_000 })
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    await page
      .getByRole("button", { name: new RegExp(truncateAddress(solanaOwner).replaceAll(".", "\\.")) })
      .first()
      .click({ timeout: 15_000 })
    await account().getByRole("button", { name: "Buy" }).click({ timeout: 15_000 })
    await buy().getByLabel("You buy").selectOption("SOL")
    const quoted = await quote("100")
    const amount = /^You get ([\d.,]+) SOL$/.exec(quoted)?.[1]
    expect(amount).toBe("0.656")
    const before = await lamports()
    const popup = await openRamp()
    await popup.getByRole("button", { name: "Pay" }).click()
    await expect
      .poll(() => progress().getByTestId("onramp-progress").textContent(), { timeout: 30_000 })
      .toBe("Bought 0.656 SOL")
    expect((await lamports()) - before).toBe(656_000_000n)
  })
})
