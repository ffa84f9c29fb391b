import { type Address, createPublicClient, http, parseEther, verifyMessage } from "viem"
import { describe, expect, it } from "vitest"
import { sampleMessage, sampleRecipient } from "../../sandbox/demo/src/appkit/sample.ts"
import { useE2eSession } from "./session.ts"

// Issue 26: an app written against AppKit's React API (sandbox/demo/src/appkit, served at `/appkit`), with only its
// imports and endpoints changed, runs on `airlock-kit/appkit/react`: `useAppKit().open()` shows Airlock's modal, the
// Sandbox Wallet connects, `useAppKitAccount` shows the address, `useAppKitNetwork().switchNetwork` moves the wallet,
// and viem over `useAppKitProvider("eip155").walletProvider` signs a message (verified here) and sends 0.001 ETH
// (checked on the chain).
describe("an AppKit app on airlock-kit/appkit", () => {
  const session = useE2eSession("airlock-e2e-appkit-")

  const chain = (chainId: number) => {
    const rpcUrl = session.sandbox.urls.chains.find((c) => c.chainId === chainId)?.rpcUrl
    return createPublicClient({ transport: http(rpcUrl) })
  }

  it("connects through useAppKit().open(), switches network, signs and sends", async () => {
    const { page, sandbox } = session
    await page.goto(`${sandbox.urls.demo}/appkit?sandboxWallet=approve`)
    await page.getByRole("button", { name: "Open modal" }).click({ timeout: 15_000 })
    await page
      .getByRole("dialog", { name: "Connect Wallet" })
      .getByRole("button", { name: /^Sandbox Wallet/ })
      .click({ timeout: 15_000 })
    const address = page.getByTestId("appkit-address")
    await expect.poll(() => address.textContent(), { timeout: 15_000 }).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const account = (await address.textContent()) as Address
    expect(await page.getByTestId("appkit-status").textContent()).toBe("connected")
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 15_000 }).toBe(0)
    // <appkit-button /> (Airlock's ConnectButton, registered by createAppKit) shows the connected address too.
    await expect.poll(() => page.getByRole("button", { name: /^0x/ }).count()).toBe(1)
    expect(await page.getByTestId("appkit-chain").textContent()).toBe("1")

    await page.getByRole("button", { name: "Switch to Base" }).click()
    await expect.poll(() => page.getByTestId("appkit-chain").textContent(), { timeout: 15_000 }).toBe("8453")

    await page.getByRole("button", { name: "Sign message" }).click()
    const output = page.getByTestId("appkit-signature")
    await expect.poll(() => output.textContent(), { timeout: 15_000 }).toMatch(/^0x[0-9a-f]{130}$/)
    const signature = (await output.textContent()) as `0x${string}`
    expect(await verifyMessage({ address: account, message: sampleMessage, signature })).toBe(true)

    const before = await chain(8453).getBalance({ address: sampleRecipient })
    await page.getByRole("button", { name: "Send 0.001 ETH" }).click()
    const hash = page.getByTestId("appkit-hash")
    await expect.poll(() => hash.textContent(), { timeout: 15_000 }).toMatch(/^0x[0-9a-f]{64}$/)
    // The wallet moved with the switch: the transfer lands on Base.
    await chain(8453).waitForTransactionReceipt({ hash: (await hash.textContent()) as `0x${string}` })
    expect(await chain(8453).getBalance({ address: sampleRecipient })).toBe(before + parseEther("0.001"))
    expect(await page.getByRole("alert").count()).toBe(0)
  }, 90_000)
})
