import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { type Address, createSolanaRpc, getBase58Encoder, getPublicKeyFromAddress, verifySignature } from "@solana/kit"
import type { Page } from "playwright-core"
import { beforeEach, describe, expect, it } from "vitest"
import { formatLamports } from "../../adapters/solana/rpc.ts"
import { formatBalance, truncateAddress } from "../../core/schema/format.ts"
import type { Sandbox } from "../../sandbox/index.ts"
import { readQrCode } from "../fixtures/qr.ts"
import type { PageRecord } from "./browser.ts"
import { useE2eSession } from "./session.ts"
import { settled } from "./settled.ts"

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js")

// The Solana slice end to end: the demo dapp on EVM and Solana networks, `solana()` finding the Sandbox Solana
// Wallet the page injects (Wallet Standard), litesvm behind the sandbox's JSON-RPC server, and the wallet's own
// approval dialog clicked as a person would.
describe("the Sandbox Solana Wallet in the demo", () => {
  const session = useE2eSession("airlock-e2e-solana-")
  let sandbox: Sandbox
  let page: Page
  let record: PageRecord
  beforeEach(() => {
    ;({ sandbox, page, record } = session)
  })

  const owner = () => sandbox.solana.accounts[0]!.address
  const receiver = () => sandbox.solana.accounts[1]!.address
  const rpc = () => createSolanaRpc(sandbox.urls.solana.rpcUrl)
  const lamportsOf = async (address: string) =>
    (
      await rpc()
        .getBalance(address as Address, { commitment: "confirmed" })
        .send()
    ).value
  const walletDialog = () => page.locator("[data-sandbox-wallet=prompt]").getByRole("dialog")
  const modal = () => page.getByRole("dialog", { name: /Connect Wallet|Account|Choose Network/ })

  /** Chooses `to` in the network list the network button (`from`) opens. */
  const switchNetwork = async (from: string, to: RegExp) => {
    await page.getByRole("button", { name: from }).click({ timeout: 15_000 })
    await page.getByRole("dialog", { name: "Choose Network" }).getByRole("button", { name: to }).click()
  }

  /**
   * A visitor on the EVM network (the app's default) first chooses Solana with the network button: the Connect view
   * then offers the Solana wallets (it lists the active namespace's browser wallets only).
   */
  const connectSolana = async () => {
    await switchNetwork("Ethereum", /^Solana Sandbox/)
    await modal()
      .getByRole("button", { name: /^Sandbox Solana Wallet/ })
      .click({ timeout: 15_000 })
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    await expect
      .poll(() => page.getByTestId("solana-account").textContent(), { timeout: 15_000 })
      .toBe(`connected ${owner()}`)
  }

  /** Sends 0.01 SOL to the receiver from the demo's Solana panel; the wallet's dialog is answered with `answer`. */
  const sendSolToReceiver = async (answer: "Approve" | "Reject") => {
    await page.getByLabel("Receiver").fill(receiver())
    await page.getByRole("button", { name: "Send 0.01 SOL" }).click()
    await walletDialog().getByRole("button", { name: answer }).click({ timeout: 15_000 })
  }

  /** The account button once it shows the Solana account's short address. */
  const solanaAccountButton = () =>
    page.getByRole("button", { name: new RegExp(truncateAddress(owner()).replaceAll(".", "\\.")) }).first()

  const axeViolations = async () => {
    // The view measured at rest, not fading in.
    await settled(page)
    await page.evaluate(readFileSync(axePath, "utf8"))
    return page.evaluate(async () => {
      const axe = (
        globalThis as unknown as {
          axe: {
            run: (c: Document) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }>
          }
        }
      ).axe
      const result = await axe.run(document)
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(", ")}`)
    })
  }

  it("connects: the short base58 address and the SOL balance litesvm holds; Connect and Account are axe clean", async () => {
    await page.goto(sandbox.urls.demo)
    // On Ethereum (the default network) the Connect view offers the EVM wallet only, not the Wallet Standard one.
    await page.getByRole("button", { name: "Connect Wallet" }).first().click({ timeout: 15_000 })
    await modal()
      .getByRole("button", { name: /^Sandbox Wallet/ })
      .waitFor({ timeout: 15_000 })
    expect(
      await modal()
        .getByRole("button", { name: /^Sandbox Solana Wallet/ })
        .count()
    ).toBe(0)
    await page.keyboard.press("Escape")
    await page.waitForFunction(() => document.querySelector("dialog[open]") === null)
    // Choosing Solana in the network list keeps the modal on Connect, now with the Solana wallet.
    await switchNetwork("Ethereum", /^Solana Sandbox/)
    await modal()
      .getByRole("button", { name: /^Sandbox Solana Wallet/ })
      .waitFor({ timeout: 15_000 })
    expect(
      await modal()
        .getByRole("button", { name: /^Sandbox Wallet/ })
        .count()
    ).toBe(0)
    expect(await axeViolations()).toEqual([])
    await modal()
      .getByRole("button", { name: /^Sandbox Solana Wallet/ })
      .click()
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    const balance = formatBalance(formatLamports(await lamportsOf(owner())), "SOL")
    const short = truncateAddress(owner())
    expect(short).toMatch(/^\w{4}\.\.\.\w{6}$/)
    // The header's account button (the ConnectButton) opens Account, which shows the balance.
    await page.getByRole("button", { name: short, exact: true }).click({ timeout: 15_000 })
    const account = page.getByRole("dialog", { name: "Account" })
    await account.getByText(short).waitFor({ timeout: 15_000 })
    await account.getByText(balance).first().waitFor()
    // The Tokens tab: SOL and the sandbox's USDC, with what the chain holds.
    const [usdcAccount] = (
      await rpc()
        .getTokenAccountsByOwner(
          owner() as Address,
          { mint: sandbox.solana.usdcMint as Address },
          { encoding: "jsonParsed" }
        )
        .send()
    ).value
    const usdc = (usdcAccount!.account.data as { parsed: { info: { tokenAmount: { uiAmountString: string } } } }).parsed
      .info.tokenAmount.uiAmountString
    const tokens = account.getByRole("list", { name: "Tokens" })
    await tokens.getByRole("listitem").nth(1).waitFor({ timeout: 15_000 })
    const rows = await tokens.getByRole("listitem").allTextContents()
    expect(rows[0]).toContain(balance)
    expect(rows[1]).toContain(formatBalance(usdc, "USDC"))
    // The account's NFT (a 0-decimal mint) is not a token (SPEC §5): it is on the NFTs tab.
    expect(rows).toHaveLength(2)
    await account.getByRole("tab", { name: "NFTs" }).click()
    await account.getByRole("list", { name: "NFTs" }).getByText("Airlock Sol Punk #1").waitFor({ timeout: 15_000 })
    await account.getByRole("tab", { name: "Tokens" }).click()
    expect(await page.getByTestId("connection-network").textContent()).toBe(
      `Solana Sandbox (${sandbox.urls.solana.caipNetworkId})`
    )
    expect(await axeViolations()).toEqual([])
    // Receive: a QR code that a phone reads as the base58 address, and Solana's network only.
    await account.getByRole("button", { name: "Receive" }).click()
    const receive = page.getByRole("dialog", { name: "Receive" })
    await receive.getByRole("img", { name: /QR code of the address/ }).waitFor({ timeout: 15_000 })
    expect(await readQrCode(receive.locator("[data-part=qr-code]"))).toBe(owner())
    const networks = receive
      .getByRole("list", { name: /on these networks/ })
      .getByRole("listitem")
      .locator("span:not([aria-hidden])")
    expect(await networks.allTextContents()).toEqual(["Solana Sandbox"])
    expect(await axeViolations()).toEqual([])
    expect(record.errors).toEqual([])
  })

  it("signs a message the test verifies with the account's public key", async () => {
    await page.goto(sandbox.urls.demo)
    await connectSolana()
    await page.getByRole("button", { name: "Sign Solana message" }).click()
    await walletDialog().getByText("Hello from Airlock on Solana").waitFor({ timeout: 15_000 })
    await walletDialog().getByRole("button", { name: "Approve" }).click()
    await expect
      .poll(() => page.getByTestId("solana-signature").textContent(), { timeout: 15_000 })
      .toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
    const signature = new Uint8Array(
      getBase58Encoder().encode((await page.getByTestId("solana-signature").textContent())!)
    )
    const key = await getPublicKeyFromAddress(owner() as Address)
    const message = new TextEncoder().encode("Hello from Airlock on Solana")
    expect(await verifySignature(key, signature as never, message)).toBe(true)
    expect(await verifySignature(key, signature as never, new TextEncoder().encode("something else"))).toBe(false)
  })

  it("signs and sends 0.01 SOL: the receiver's balance on the chain grows by exactly that", async () => {
    await page.goto(sandbox.urls.demo)
    await connectSolana()
    const before = await lamportsOf(receiver())
    await sendSolToReceiver("Approve")
    await expect
      .poll(() => page.getByTestId("solana-transaction").textContent(), { timeout: 15_000 })
      .toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
    await expect.poll(() => lamportsOf(receiver()), { timeout: 15_000 }).toBe(before + 10_000_000n)
    const signature = (await page.getByTestId("solana-transaction").textContent())!
    const { value } = await rpc()
      .getSignatureStatuses([signature as never])
      .send()
    expect(value[0]?.err).toBeNull()
    // Activity: the transfer just made is the newest row, "-0.01 SOL", linking its signature on the explorer; the
    // seeded SOL and USDC transfers follow.
    await solanaAccountButton().click()
    const dialog = page.getByRole("dialog", { name: "Account" })
    await dialog.getByRole("tab", { name: "Activity" }).click()
    const rows = dialog.locator("[data-part=activity-row]")
    await rows.first().waitFor({ timeout: 15_000 })
    const link = new URL((await rows.first().locator("a").getAttribute("href")) ?? "")
    expect(`${link.origin}${link.pathname}`).toBe(`https://explorer.solana.com/tx/${signature}`)
    expect(link.searchParams.get("customUrl")).toBe(sandbox.urls.solana.rpcUrl)
    expect(await rows.first().locator(".airlock-activity-description").textContent()).toBe("-0.01 SOL")
    const descriptions = await rows.locator(".airlock-activity-description").allTextContents()
    expect(descriptions.some((d) => d.endsWith(" USDC"))).toBe(true)
  })

  /** Sends `amount` of the token named `token` to the receiver from the modal's Send, approving in the wallet. */
  const sendFromModal = async (token: string, amount: string, snack: string) => {
    // After a send the modal is back on Account; else it is opened from the account button.
    const account = page.getByRole("dialog", { name: "Account" })
    if (!(await account.isVisible())) await solanaAccountButton().click({ timeout: 15_000 })
    await account.getByRole("button", { name: "Send" }).click()
    const send = page.getByRole("dialog", { name: "Send" })
    await send.getByRole("button", { name: / Balance / }).click({ timeout: 15_000 })
    await send
      .getByRole("list", { name: "Your tokens" })
      .getByRole("button", { name: new RegExp(token) })
      .click()
    await send.getByLabel("Amount", { exact: true }).fill(amount)
    await send.getByLabel("To", { exact: true }).fill(receiver())
    await send.getByRole("button", { name: "Preview send" }).click()
    // A transfer's fee on the sandbox chain: 5000 lamports per signature, one signature.
    await expect
      .poll(() => send.getByTestId("send-preview-fee").textContent(), { timeout: 15_000 })
      .toBe("0.000005 SOL")
    await send.getByRole("button", { name: "Send", exact: true }).click()
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    await page.getByText(snack).waitFor({ timeout: 30_000 })
  }

  const usdcOf = async (owner: string) => {
    const { value } = await rpc()
      .getTokenAccountsByOwner(
        owner as Address,
        { mint: sandbox.solana.usdcMint as Address },
        { encoding: "jsonParsed" }
      )
      .send()
    const amount = (value[0]?.account.data as { parsed: { info: { tokenAmount: { amount: string } } } } | undefined)
      ?.parsed.info.tokenAmount.amount
    return BigInt(amount ?? "0")
  }

  it("sends 0.01 SOL and 1 USDC from the modal's Send: the receiver's balances on the chain grow by exactly that", async () => {
    await page.goto(sandbox.urls.demo)
    await connectSolana()
    const lamports = await lamportsOf(receiver())
    await sendFromModal("Solana|SOL", "0.01", "Sent 0.01 SOL")
    expect(await lamportsOf(receiver())).toBe(lamports + 10_000_000n)
    const usdc = await usdcOf(receiver())
    await sendFromModal("USD Coin", "1", "Sent 1 USDC")
    expect(await usdcOf(receiver())).toBe(usdc + 1_000_000n)
  })

  it("a refused signature changes nothing on the chain and says so", async () => {
    await page.goto(sandbox.urls.demo)
    await connectSolana()
    const before = await lamportsOf(receiver())
    await sendSolToReceiver("Reject")
    await expect
      .poll(() => page.getByTestId("solana-transaction").textContent(), { timeout: 15_000 })
      .toMatch(/reject/i)
    expect(await lamportsOf(receiver())).toBe(before)
  })

  it("stays connected after a reload, without asking the wallet again", async () => {
    await page.goto(sandbox.urls.demo)
    await connectSolana()
    await page.reload()
    await expect
      .poll(() => page.getByTestId("solana-account").textContent(), { timeout: 15_000 })
      .toBe(`connected ${owner()}`)
    expect(await walletDialog().count()).toBe(0)
  })

  it("holds an EVM and a Solana connection: each network shows its own account; disconnecting Solana keeps EVM", async () => {
    await page.goto(sandbox.urls.demo)
    await connectSolana()
    // The EVM Sandbox Wallet too: back on Ethereum (no EVM connection yet, so the modal stays on Connect, now listing
    // the EVM wallets).
    await switchNetwork("Solana Sandbox", /^Ethereum/)
    await modal()
      .getByRole("button", { name: /^Sandbox Wallet/ })
      .click({ timeout: 15_000 })
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    const evmAddress = sandbox.accounts[0]!.address
    await expect
      .poll(() => page.getByTestId("eip155-account").textContent(), { timeout: 15_000 })
      .toBe(`connected ${evmAddress}`)
    expect(await page.getByTestId("solana-account").textContent()).toBe(`connected ${owner()}`)
    expect(await page.getByTestId("connection-address").textContent()).toBe(evmAddress)
    const closed = () => page.waitForFunction(() => document.querySelector("dialog[open]") === null)
    await closed()

    // To the Solana network from the page's network button: a switch to a namespace with a connection closes the
    // modal, as a chain switch does, and the page's account is the Solana one.
    await switchNetwork("Ethereum", /^Solana Sandbox/)
    await closed()
    await expect.poll(() => page.getByTestId("connection-address").textContent()).toBe(owner())
    await solanaAccountButton().click({ timeout: 15_000 })
    const account = page.getByRole("dialog", { name: "Account" })
    await account.getByText(truncateAddress(owner())).waitFor({ timeout: 15_000 })

    // Back to Ethereum from the Account view's network row: the EVM account (its wallet is on chain 1 already).
    await account.getByRole("button", { name: "Solana Sandbox" }).click()
    await page
      .getByRole("dialog", { name: "Choose Network" })
      .getByRole("button", { name: /^Ethereum/ })
      .click()
    await closed()
    await expect.poll(() => page.getByTestId("connection-address").textContent()).toBe(evmAddress)

    // And to Solana again, where Disconnect ends Solana only: EVM stays connected.
    await switchNetwork("Ethereum", /^Solana Sandbox/)
    await closed()
    await solanaAccountButton().click({ timeout: 15_000 })
    await account.getByText(truncateAddress(owner())).waitFor({ timeout: 15_000 })
    await account.getByRole("button", { name: "Disconnect" }).click()
    await expect.poll(() => page.getByTestId("solana-account").textContent(), { timeout: 15_000 }).toBe("disconnected")
    expect(await page.getByTestId("eip155-account").textContent()).toBe(`connected ${evmAddress}`)
    expect(record.errors).toEqual([])
  })
})
