import {
  type Address,
  createSolanaRpc,
  getBase58Encoder,
  getPublicKeyFromAddress,
  type SignatureBytes,
  verifySignature
} from "@solana/kit"
import type { Page } from "playwright-core"
import { createPublicClient, http, verifyMessage } from "viem"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { truncateAddress } from "../../core/schema/format.ts"
import type { Sandbox } from "../../sandbox/index.ts"
import { createMobileWallet, type MobileWallet } from "../../sandbox/wallet/mobile.ts"
import type { PageRecord } from "./browser.ts"
import { useE2eSession } from "./session.ts"

// WalletConnect end to end: the demo in Chromium shows a pairing QR; the Sandbox Mobile Wallet (a real SDK wallet in
// this process) pairs from the link the page copies, through the sandbox relay only.
describe("WalletConnect in the demo, with the Sandbox Mobile Wallet", () => {
  const session = useE2eSession("airlock-e2e-wc-")
  let sandbox: Sandbox
  let page: Page
  let record: PageRecord
  let wallet: MobileWallet

  beforeEach(async () => {
    ;({ sandbox, page, record } = session)
    await session.context.grantPermissions(["clipboard-read", "clipboard-write"])
    wallet = await createMobileWallet({
      relayUrl: sandbox.urls.relay,
      projectId: sandbox.urls.projectId,
      chains: sandbox.urls.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl }))
    })
  })

  afterEach(async () => {
    await wallet?.stop()
  })

  /** Opens the demo's modal on WalletConnect, once its QR code shows. */
  const openWalletConnect = async () => {
    await page.goto(sandbox.urls.demo)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^WalletConnect/ })
      .click({ timeout: 15_000 })
    await page.getByRole("img", { name: /WalletConnect QR code/ }).waitFor({ timeout: 15_000 })
  }

  /** Pairs from the page's link and waits until the page shows the wallet's account connected. */
  const pairAndConnect = async () => {
    await pairFromThePage()
    await page
      .getByRole("button", { name: truncateAddress(wallet.address), exact: true })
      .first()
      .waitFor({
        timeout: 15_000
      })
  }

  /** Opens WalletConnect from Connect and copies the pairing link as a user would; returns it. */
  const copyPairingLink = async () => {
    await openWalletConnect()
    await page.getByRole("button", { name: "Copy link" }).click()
    const uri = await page.evaluate(() => navigator.clipboard.readText())
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    return uri
  }

  /** Copies the pairing link from the page and hands it to the wallet. */
  const pairFromThePage = async () => {
    const uri = await copyPairingLink()
    await wallet.pair(uri)
  }

  it("pairs from the copied link and connects the wallet's account; a message it signs verifies", async () => {
    await pairFromThePage()
    const short = truncateAddress(wallet.address)
    await page.getByRole("button", { name: short, exact: true }).first().waitFor({ timeout: 15_000 })
    expect(await page.getByTestId("connection-address").textContent()).toBe(wallet.address)
    await page.getByRole("button", { name: "Sign message" }).click()
    const output = page.getByTestId("signature")
    await expect.poll(() => output.textContent(), { timeout: 15_000 }).toMatch(/^0x[0-9a-f]{130}$/)
    const signature = (await output.textContent()) as `0x${string}`
    expect(await verifyMessage({ address: wallet.address, message: "Hello from Airlock", signature })).toBe(true)
    expect(record.foreignRequests).toEqual([])
  })

  it("sends a transaction through the session that anvil mines", async () => {
    await pairAndConnect()
    await page.getByRole("button", { name: "Send 0.001 ETH to myself" }).click()
    const output = page.getByTestId("transaction")
    await expect.poll(() => output.textContent(), { timeout: 15_000 }).toMatch(/^0x[0-9a-f]{64}$/)
    const hash = (await output.textContent()) as `0x${string}`
    const chain = sandbox.urls.chains.find((c) => c.chainId === 1)
    const client = createPublicClient({ transport: http(chain?.rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe("success")
    expect(receipt.from.toLowerCase()).toBe(wallet.address.toLowerCase())
  })

  it("one session carries EVM and Solana: both accounts connect; a Solana message signed over it verifies and SOL sent over it lands", async () => {
    const both = await createMobileWallet({
      relayUrl: sandbox.urls.relay,
      projectId: sandbox.urls.projectId,
      chains: sandbox.urls.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl })),
      solana: { rpcUrl: sandbox.urls.solana.rpcUrl, chain: sandbox.urls.solana.caipNetworkId }
    })
    try {
      const uri = await copyPairingLink()
      await both.pair(uri)
      const solanaAddress = both.solanaAddress!
      await expect
        .poll(() => page.getByTestId("solana-account").textContent(), { timeout: 15_000 })
        .toBe(`connected ${solanaAddress}`)
      expect(await page.getByTestId("eip155-account").textContent()).toBe(`connected ${both.address}`)
      // The app stays on EVM (the connector's namespace); the Solana panel signs through the same session.
      await page.getByRole("button", { name: "Sign Solana message" }).click()
      const output = page.getByTestId("solana-signature")
      await expect.poll(() => output.textContent(), { timeout: 15_000 }).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
      const signature = new Uint8Array(getBase58Encoder().encode((await output.textContent())!)) as SignatureBytes
      const key = await getPublicKeyFromAddress(solanaAddress as Address)
      const message = new TextEncoder().encode("Hello from Airlock on Solana")
      expect(await verifySignature(key, signature, message)).toBe(true)
      expect(both.events.some((e) => e.kind === "request" && e.method === "solana_signMessage")).toBe(true)
      // And 0.01 SOL signed and sent by the phone's wallet: the receiver's balance on the chain grows by exactly that.
      const receiver = sandbox.solana.accounts[2]!.address
      const rpc = createSolanaRpc(sandbox.urls.solana.rpcUrl)
      const balance = async () => (await rpc.getBalance(receiver).send()).value
      const before = await balance()
      await page.getByLabel("Receiver").fill(receiver)
      await page.getByRole("button", { name: "Send 0.01 SOL" }).click()
      await expect
        .poll(() => page.getByTestId("solana-transaction").textContent(), { timeout: 15_000 })
        .toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
      expect(await balance()).toBe(before + 10_000_000n)
      expect(both.events.some((e) => e.method === "solana_signAndSendTransaction" && e.answer === "approved")).toBe(
        true
      )
      expect(record.foreignRequests).toEqual([])
    } finally {
      await both.stop()
    }
  })

  it("Disconnect in the modal ends a session that carries EVM and Solana for both, and the header agrees", async () => {
    const both = await createMobileWallet({
      relayUrl: sandbox.urls.relay,
      projectId: sandbox.urls.projectId,
      chains: sandbox.urls.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl })),
      solana: { rpcUrl: sandbox.urls.solana.rpcUrl, chain: sandbox.urls.solana.caipNetworkId }
    })
    try {
      await both.pair(await copyPairingLink())
      await expect
        .poll(() => page.getByTestId("solana-account").textContent(), { timeout: 15_000 })
        .toBe(`connected ${both.solanaAddress}`)
      // The modal closes once the session connects; then the header's account button opens Account.
      await page.getByRole("dialog").waitFor({ state: "hidden", timeout: 15_000 })
      await page
        .getByRole("button", { name: truncateAddress(both.address), exact: true })
        .first()
        .click({ timeout: 15_000 })
      await page
        .getByRole("dialog", { name: "Account" })
        .getByRole("button", { name: "Disconnect" })
        .click({ timeout: 15_000 })
      await expect
        .poll(() => page.getByTestId("eip155-account").textContent(), { timeout: 15_000 })
        .toBe("disconnected")
      await expect
        .poll(() => page.getByTestId("solana-account").textContent(), { timeout: 15_000 })
        .toBe("disconnected")
      await page.getByRole("button", { name: "Connect Wallet" }).first().waitFor({ timeout: 15_000 })
      // The session ended in the wallet too, not just in the app.
      await expect.poll(() => both.sessions(), { timeout: 15_000 }).toEqual([])
    } finally {
      await both.stop()
    }
  })

  it("stays connected after a reload: the stored session comes back without a new QR", async () => {
    await pairFromThePage()
    const short = truncateAddress(wallet.address)
    await page.getByRole("button", { name: short, exact: true }).first().waitFor({ timeout: 15_000 })
    await page.reload()
    await page.getByRole("button", { name: short, exact: true }).first().waitFor({ timeout: 15_000 })
    expect(await page.getByTestId("connection-status").textContent()).toBe("connected")
    expect(await page.getByRole("img", { name: /WalletConnect QR code/ }).count()).toBe(0)
    // And the session still carries requests.
    await page.getByRole("button", { name: "Sign message" }).click()
    await expect
      .poll(() => page.getByTestId("signature").textContent(), { timeout: 15_000 })
      .toMatch(/^0x[0-9a-f]{130}$/)
  })

  it("pairs through the sandbox's wallet page, as a person pasting the link would", async () => {
    const uri = await copyPairingLink()
    const walletPage = await session.context.newPage()
    await walletPage.goto(`${sandbox.urls.demo}/mobile-wallet`)
    await walletPage.getByLabel("WalletConnect link").fill(uri)
    await walletPage.getByRole("button", { name: "Pair" }).click()
    await walletPage.getByRole("status").filter({ hasText: "Paired" }).waitFor({ timeout: 15_000 })
    // The sandbox's wallet signs with anvil's first account, as the Sandbox Wallet does.
    const first = sandbox.accounts[0]?.address as string
    await page
      .getByRole("button", { name: truncateAddress(first), exact: true })
      .first()
      .waitFor({ timeout: 15_000 })
    await walletPage.getByRole("listitem").filter({ hasText: "proposal from Airlock Demo: approved" }).waitFor()
  })

  it("shows disconnected when the wallet ends the session", async () => {
    await pairAndConnect()
    await wallet.disconnectAll()
    await expect
      .poll(() => page.getByTestId("connection-status").textContent(), { timeout: 15_000 })
      .toBe("disconnected")
  })

  it("closing the modal gives the pairing up, and WalletConnect can be chosen again", async () => {
    await openWalletConnect()
    await page.keyboard.press("Escape")
    // The button does not stay on "Connecting...".
    await page.getByRole("button", { name: "Connect Wallet" }).waitFor({ timeout: 15_000 })
    expect(await page.getByTestId("connection-status").textContent()).toBe("disconnected")
    await pairAndConnect()
  })

  it("shows 'Connection rejected' when the wallet refuses the session", async () => {
    wallet.setMode("reject")
    await pairFromThePage()
    await page
      .getByRole("dialog")
      .getByRole("status")
      .filter({ hasText: "Connection rejected" })
      .waitFor({ timeout: 15_000 })
  })
})
