import { type Address, createPublicClient, http, parseEther, verifyMessage } from "viem"
import { describe, expect, it } from "vitest"
import { wagmiMessage, wagmiRecipient } from "../../sandbox/demo/src/wagmi/sample.ts"
import { mailedCode } from "./emailLogin.ts"
import { useE2eSession } from "./session.ts"

// Issue 26: a wagmi 2 app and a wagmi 3 app (sandbox/demo/src/wagmi, at `/wagmi2` and `/wagmi3`) with
// `airlock-kit/wagmi` as their connector. wagmi's connect opens Airlock's modal, the Sandbox Wallet connects there,
// useAccount / useConnection show its address, useSignMessage signs (verified here), useSendTransaction moves
// 0.001 ETH (checked on the chain), a reload reconnects through wagmi's own reconnect, useDisconnect disconnects
// Airlock too.
describe.each(["wagmi2", "wagmi3"])("a %s app with Airlock as its connector", (path) => {
  const session = useE2eSession(`airlock-e2e-${path}-`)

  const chain = (chainId: number) => {
    const rpcUrl = session.sandbox.urls.chains.find((c) => c.chainId === chainId)?.rpcUrl
    return createPublicClient({ transport: http(rpcUrl) })
  }
  /** Airlock's own view of the EVM connection, in the page. */
  const airlockStatus = () =>
    session.page.evaluate(
      () =>
        (
          window as unknown as {
            airlock: { getState: () => { accounts: { eip155: { status: string; address?: string } } } }
          }
        ).airlock.getState().accounts.eip155.status
    )

  it("connects the Sandbox Wallet through Airlock's modal, signs, sends, reconnects on reload, disconnects", async () => {
    const { page, sandbox } = session
    await page.goto(`${sandbox.urls.demo}/${path}?sandboxWallet=approve`)
    await page.getByRole("button", { name: "Connect with Airlock" }).click({ timeout: 15_000 })
    await page
      .getByRole("dialog", { name: "Connect Wallet" })
      .getByRole("button", { name: /^Sandbox Wallet/ })
      .click({ timeout: 15_000 })
    const address = page.getByTestId("wagmi-address")
    await expect.poll(() => address.textContent(), { timeout: 15_000 }).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const account = (await address.textContent()) as Address
    expect(account.toLowerCase()).toBe(sandbox.accounts[0]!.address.toLowerCase())
    expect(await page.getByTestId("wagmi-status").textContent()).toBe("connected")
    expect(await page.getByTestId("wagmi-chain").textContent()).toBe("1")
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 15_000 }).toBe(0)
    expect(await airlockStatus()).toBe("connected")

    await page.getByRole("button", { name: "Sign message" }).click()
    const output = page.getByTestId("wagmi-signature")
    await expect.poll(() => output.textContent(), { timeout: 15_000 }).toMatch(/^0x[0-9a-f]{130}$/)
    const signature = (await output.textContent()) as `0x${string}`
    expect(await verifyMessage({ address: account, message: wagmiMessage, signature })).toBe(true)

    const before = await chain(1).getBalance({ address: wagmiRecipient })
    await page.getByRole("button", { name: "Send 0.001 ETH" }).click()
    const hash = page.getByTestId("wagmi-hash")
    await expect.poll(() => hash.textContent(), { timeout: 15_000 }).toMatch(/^0x[0-9a-f]{64}$/)
    await chain(1).waitForTransactionReceipt({ hash: (await hash.textContent()) as `0x${string}` })
    expect(await chain(1).getBalance({ address: wagmiRecipient })).toBe(before + parseEther("0.001"))

    // A reload: wagmi's reconnect finds Airlock's restored session, without the modal.
    await page.reload()
    await expect.poll(() => page.getByTestId("wagmi-status").textContent(), { timeout: 15_000 }).toBe("connected")
    expect((await address.textContent())?.toLowerCase()).toBe(account.toLowerCase())
    expect(await page.getByRole("dialog").count()).toBe(0)

    await page.getByRole("button", { name: "Disconnect" }).click()
    await expect.poll(() => page.getByTestId("wagmi-status").textContent(), { timeout: 15_000 }).toBe("disconnected")
    await expect.poll(airlockStatus, { timeout: 15_000 }).toBe("disconnected")
    // Disconnected for good: a reload stays disconnected.
    await page.reload()
    await page.getByRole("button", { name: "Connect with Airlock" }).waitFor({ timeout: 15_000 })
    await expect.poll(airlockStatus, { timeout: 15_000 }).toBe("disconnected")
    // wagmi's reconnect on mount waits for Airlock's start, finds no stored session and ends disconnected.
    await expect.poll(() => page.getByTestId("wagmi-status").textContent(), { timeout: 15_000 }).toBe("disconnected")
    expect(await page.getByRole("alert").count()).toBe(0)
  }, 120_000)

  it("connects the embedded wallet by email; its signature and transfer pass its Approve Transaction view", async () => {
    const { page, sandbox } = session
    await page.goto(`${sandbox.urls.demo}/${path}`)
    await page.getByRole("button", { name: "Connect with Airlock" }).click({ timeout: 15_000 })
    const email = `wagmi.${path}.${Date.now()}@example.com`
    await page.getByRole("dialog").getByRole("textbox", { name: "Email" }).fill(email, { timeout: 15_000 })
    await page.getByRole("dialog").getByRole("button", { name: "Continue", exact: true }).click()
    await page
      .getByRole("dialog")
      .getByLabel("Code")
      .fill(await mailedCode(sandbox.urls.frame, email), { timeout: 30_000 })
    await expect.poll(() => page.getByTestId("wagmi-status").textContent(), { timeout: 30_000 }).toBe("connected")
    const account = (await page.getByTestId("wagmi-address").textContent()) as Address
    expect(account).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(account.toLowerCase()).not.toBe(sandbox.accounts[0]!.address.toLowerCase())
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 15_000 }).toBe(0)

    const approve = page.getByRole("dialog", { name: "Approve Transaction" })
    await page.getByRole("button", { name: "Sign message" }).click()
    await approve.getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    const output = page.getByTestId("wagmi-signature")
    await expect.poll(() => output.textContent(), { timeout: 30_000 }).toMatch(/^0x[0-9a-f]+$/)
    // The embedded smart account is not deployed yet: an ERC-6492 signature, checked on chain.
    const signature = (await output.textContent()) as `0x${string}`
    expect(await chain(1).verifyMessage({ address: account, message: wagmiMessage, signature })).toBe(true)
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 15_000 }).toBe(0)

    const before = await chain(1).getBalance({ address: wagmiRecipient })
    await page.getByRole("button", { name: "Send 0.001 ETH" }).click()
    await approve.getByText("0.001 ETH").first().waitFor({ timeout: 15_000 })
    await approve.getByRole("button", { name: "Approve" }).click()
    const hash = page.getByTestId("wagmi-hash")
    await expect.poll(() => hash.textContent(), { timeout: 30_000 }).toMatch(/^0x[0-9a-f]{64}$/)
    const receipt = await chain(1).waitForTransactionReceipt({ hash: (await hash.textContent()) as `0x${string}` })
    expect(receipt.status).toBe("success")
    expect(await chain(1).getBalance({ address: wagmiRecipient })).toBe(before + parseEther("0.001"))
    expect(await page.getByRole("alert").count()).toBe(0)
  }, 120_000)
})
