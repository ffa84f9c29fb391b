import type { Page } from "playwright-core"
import { type Address, createPublicClient, erc20Abi, formatEther, http, parseEther } from "viem"
import { beforeEach, describe, expect, it } from "vitest"
import { formatBalance, truncateAddress } from "../../core/schema/format.ts"
import type { Sandbox } from "../../sandbox/index.ts"
import { useE2eSession } from "./session.ts"

// Send end to end, as a person: the demo, the Sandbox Wallet (every signature approved on its own dialog), anvil.
// What the chain holds afterwards is the proof, read with viem from the chain itself.
describe("sending from the Account view", () => {
  const session = useE2eSession("airlock-e2e-send-")
  let sandbox: Sandbox
  let page: Page
  beforeEach(() => {
    ;({ sandbox, page } = session)
  })

  const sender = () => sandbox.accounts[0]?.address as Address
  const receiver = () => sandbox.accounts[2]?.address as Address
  const chain = () => {
    const rpcUrl = sandbox.urls.chains.find((c) => c.chainId === 1)?.rpcUrl
    return createPublicClient({ transport: http(rpcUrl) })
  }
  const usdcOf = (address: Address) =>
    chain().readContract({
      address: sandbox.contracts[1]!.usdc,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [address]
    })
  const walletDialog = () => page.locator("[data-sandbox-wallet=prompt]").getByRole("dialog")
  const account = () => page.getByRole("dialog", { name: "Account" })
  const send = () => page.getByRole("dialog", { name: "Send" })

  const openSend = async () => {
    await page.goto(sandbox.urls.demo)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^Sandbox Wallet/ })
      .click({ timeout: 15_000 })
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    await page
      .getByRole("button", { name: truncateAddress(sender()), exact: true })
      .first()
      .click({ timeout: 15_000 })
    await account().getByRole("button", { name: "Send" }).click()
    await send()
      .getByRole("button", { name: / Balance / })
      .waitFor({ timeout: 15_000 })
  }

  const pickToken = async (name: string) => {
    await send()
      .getByRole("button", { name: / Balance / })
      .click()
    await send()
      .getByRole("list", { name: "Your tokens" })
      .getByRole("button", { name: new RegExp(name) })
      .click()
  }

  const fill = async (amount: string, to: string) => {
    await send().getByLabel("Amount", { exact: true }).fill(amount)
    await send().getByLabel("To", { exact: true }).fill(to)
  }

  it("sends 0.01 ETH: the preview shows the fee, the receiver's balance grows by exactly that, Activity lists it", async () => {
    await openSend()
    await pickToken("Ether")
    const before = await chain().getBalance({ address: receiver() })
    await fill("0.01", receiver())
    await send().getByRole("button", { name: "Preview send" }).click()
    await expect.poll(() => send().getByTestId("send-preview-amount").textContent()).toMatch(/^0\.01 ETH/)
    expect(await send().getByTestId("send-preview-fee").textContent()).toMatch(/^0\.0\d* ETH$/)
    await send().getByRole("button", { name: "Send", exact: true }).click()
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    // Back on Account once it is mined, with the snack.
    await page.getByText("Sent 0.01 ETH").waitFor({ timeout: 30_000 })
    expect(await chain().getBalance({ address: receiver() })).toBe(before + parseEther("0.01"))
    // The sender's balance was fetched again (past the API's cache): the Tokens tab shows what the chain holds now.
    const left = formatBalance(formatEther(await chain().getBalance({ address: sender() })), "ETH")
    await expect
      .poll(() => account().getByRole("list", { name: "Tokens" }).getByRole("listitem").first().textContent())
      .toContain(left)
    await account().getByRole("tab", { name: "Activity" }).click()
    await expect
      .poll(() => account().locator("[data-part=activity-row]").first().textContent(), { timeout: 15_000 })
      .toContain("-0.01 ETH")
  })

  it("sends 1 USDC: the receiver's token balance grows by exactly 1.000000", async () => {
    await openSend()
    await pickToken("USD Coin")
    const before = await usdcOf(receiver())
    await fill("1", receiver())
    await send().getByRole("button", { name: "Preview send" }).click()
    await expect.poll(() => send().getByTestId("send-preview-amount").textContent()).toMatch(/^1 USDC/)
    await send().getByRole("button", { name: "Send", exact: true }).click()
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    await page.getByText("Sent 1 USDC").waitFor({ timeout: 30_000 })
    expect(await usdcOf(receiver())).toBe(before + 1_000_000n)
  })

  it("sends to a name the Account view shows: the preview gives the resolved address, and that address receives", async () => {
    const alice = sandbox.accounts[1]?.address as Address
    await openSend()
    await pickToken("Ether")
    // A name nothing resolves is refused when the transfer is prepared, never taken for a receiver.
    await fill("0.01", "nobody.airlock")
    await send().getByRole("button", { name: "Preview send" }).click()
    await expect
      .poll(() => send().locator(".airlock-send-error").textContent())
      .toBe("Could not resolve nobody.airlock")
    const before = await chain().getBalance({ address: alice })
    await fill("0.01", "alice.airlock")
    await send().getByRole("button", { name: "Preview send" }).click()
    await expect
      .poll(() => send().getByTestId("send-preview-to").textContent())
      .toBe(`alice.airlock (${truncateAddress(alice)})`)
    expect(await send().getByTestId("send-preview-to").getAttribute("title")).toBe(alice)
    await send().getByRole("button", { name: "Send", exact: true }).click()
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    await page.getByText("Sent 0.01 ETH").waitFor({ timeout: 30_000 })
    expect(await chain().getBalance({ address: alice })).toBe(before + parseEther("0.01"))
  })

  it("refuses bad input with a clear message and sends nothing: over the balance, a bad address, zero, 30 decimals", async () => {
    await openSend()
    await pickToken("Ether")
    const nonce = await chain().getTransactionCount({ address: sender() })
    const problem = async (amount: string, to: string) => {
      await fill(amount, to)
      const preview = send().getByRole("button", { name: "Preview send" })
      expect(await preview.isDisabled()).toBe(true)
      return send().locator(".airlock-send-error").textContent()
    }
    expect(await problem("100000000", receiver())).toBe("Insufficient balance")
    expect(await problem("0.01", "0x1234")).toBe("Invalid address")
    expect(await problem("0", receiver())).toBe("The amount must be above zero")
    expect(await problem("0.01", "")).toBe("An amount and receiver address are required")
    expect(await problem(`0.${"1".repeat(30)}`, receiver())).toBe("ETH has at most 18 decimals")
    expect(await problem("1e3", receiver())).toBe("Enter an amount as a number, like 0.5")
    // A mixed-case address whose checksum is wrong is refused when the transfer is prepared.
    const badChecksum = receiver().replace(/[a-f]/, (c) => c.toUpperCase())
    await fill("0.01", badChecksum)
    await send().getByRole("button", { name: "Preview send" }).click()
    await expect.poll(() => send().locator(".airlock-send-error").textContent()).toMatch(/^Invalid address/)
    expect(await chain().getTransactionCount({ address: sender() })).toBe(nonce)
  })

  it("a refusal in the wallet keeps the preview with 'Transaction rejected in the wallet', and nothing is sent", async () => {
    await openSend()
    await pickToken("Ether")
    const nonce = await chain().getTransactionCount({ address: sender() })
    await fill("0.01", receiver())
    await send().getByRole("button", { name: "Preview send" }).click()
    await send().getByRole("button", { name: "Send", exact: true }).click()
    await walletDialog().getByRole("button", { name: "Reject" }).click({ timeout: 15_000 })
    await send()
      .getByRole("alert")
      .filter({ hasText: "Transaction rejected in the wallet" })
      .waitFor({ timeout: 15_000 })
    expect(await chain().getTransactionCount({ address: sender() })).toBe(nonce)
  })
})
