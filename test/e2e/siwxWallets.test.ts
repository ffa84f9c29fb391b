import type { Page } from "playwright-core"
import { type Address, createPublicClient, getAddress, type Hex, http } from "viem"
import { isErc6492Signature } from "viem/utils"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { truncateAddress } from "../../core/schema/format.ts"
import type { Sandbox } from "../../sandbox/index.ts"
import { createMobileWallet, type MobileWallet } from "../../sandbox/wallet/mobile.ts"
import type { PageRecord } from "./browser.ts"
import { loginByEmail, mailedCode as mailedCodeOf } from "./emailLogin.ts"
import { useE2eSession } from "./session.ts"

// Sign in with the wallet for the wallets siwx.test.ts leaves out: the embedded wallet's smart account (before its
// first transaction, counterfactual, ERC-6492; after it, deployed, ERC-1271) and a WalletConnect phone wallet. The
// demo with `?siwx=required` (serverSiwx over the sandbox API's /auth/v1 routes); the truth read where it lives: the
// API's session route, asked with the browser's own cookie, and anvil for whether the account has code. The demo
// project has `email_capture` on: the embedded wallet's login address is captured (with a code) before signing in,
// the phone wallet skips it.
describe("sign in with the wallet (SIWX): the embedded smart account and a WalletConnect phone wallet", () => {
  const session = useE2eSession("airlock-e2e-siwx-wallets-")
  let sandbox: Sandbox
  let page: Page
  let record: PageRecord
  beforeEach(() => {
    ;({ sandbox, page, record } = session)
  })

  const demoUrl = () => `${sandbox.urls.demo}/?siwx=required`
  const signView = () => page.getByRole("dialog", { name: "Sign In" })
  const signInCard = () => page.getByRole("region", { name: "Sign in with the wallet" })
  const siwxStatus = () => page.getByTestId("siwx-status")
  const connectedAddress = async () => (await page.getByTestId("connection-address").textContent()) as Address

  interface ServerSession {
    readonly address: string
    readonly chainId: string
    readonly message: string
    readonly signature: string
    readonly email?: string
  }
  /** What the sandbox API says this browser is signed in as (its cookie, sent by the browser context). */
  const serverSessions = async (): Promise<ReadonlyArray<ServerSession>> => {
    const response = await session.context.request.get(`${sandbox.urls.api}/auth/v1/me?projectId=airlock-demo`, {
      headers: { origin: new URL(sandbox.urls.demo).origin }
    })
    expect(response.status()).toBe(200)
    return ((await response.json()) as { sessions: Array<ServerSession> }).sessions
  }

  describe("the embedded wallet (email login)", () => {
    const rpcUrl = () => sandbox.urls.chains.find((c) => c.chainId === 1)!.rpcUrl
    const chain = () => createPublicClient({ transport: http(rpcUrl()) })
    const approveView = () => page.getByRole("dialog", { name: "Approve Transaction" })

    /** The newest code the sandbox mailbox holds for `email` (in a message whose subject ends with `subject`). */
    const mailedCode = (email: string, subject = "") => mailedCodeOf(sandbox.urls.frame, email, subject)

    /**
     * Waits for the sign-in to end, failing at once (with what the user saw) if the embedded wallet asked a second
     * time in ApproveTransaction: the user already said yes on the sign view.
     */
    const signedInWithoutASecondApproval = () =>
      expect
        .poll(
          async () =>
            (await approveView().count()) > 0 ? "asked again in Approve Transaction" : await siwxStatus().textContent(),
          { timeout: 30_000 }
        )
        .toBe("authenticated")

    it("signs the smart account in before its first transaction (ERC-6492) and again after it deployed it (ERC-1271)", async () => {
      const email = `siwx.${Date.now()}@example.com`
      await page.goto(demoUrl())
      await loginByEmail(page, sandbox.urls.frame, email)

      // Logged in: the demo project captures an email first (its `email_capture` feature), the login's address
      // already filled in; the sandbox API mails a code to the same mailbox.
      const capture = page.getByRole("dialog", { name: "Email" })
      await expect
        .poll(() => capture.getByRole("textbox", { name: "Email" }).inputValue(), { timeout: 15_000 })
        .toBe(email)
      expect(await capture.getByRole("button", { name: "Close" }).count()).toBe(0)
      await capture.getByRole("button", { name: "Continue", exact: true }).click()
      await page
        .getByRole("dialog", { name: "Confirm Email" })
        .getByLabel("Code")
        .fill(await mailedCode(email, "is your sign-in code"), { timeout: 30_000 })

      // Then the modal asks to sign in, with no way to close it (required, no session yet).
      await signView().waitFor({ timeout: 15_000 })
      expect(await signView().getByRole("button", { name: "Close" }).count()).toBe(0)
      const smart = await connectedAddress()
      expect(smart).toMatch(/^0x[0-9a-fA-F]{40}$/)
      // The smart account (SPEC §6's default on EVM), not deployed yet.
      expect(await chain().getCode({ address: smart })).toBeUndefined()

      await signView().getByRole("button", { name: "Sign in" }).click()
      await signedInWithoutASecondApproval()
      await expect.poll(() => page.getByRole("dialog").count(), { timeout: 15_000 }).toBe(0)
      const [before, ...otherBefore] = await serverSessions()
      expect(otherBefore).toEqual([])
      expect(before).toMatchObject({ address: getAddress(smart), chainId: "eip155:1" })
      // The server took a counterfactual account's signature: wrapped in ERC-6492, its factory call inside.
      expect(isErc6492Signature(before!.signature as Hex)).toBe(true)
      await expect
        .poll(() => page.getByTestId("siwx-server").textContent(), { timeout: 15_000 })
        .toBe(`Signed in as ${getAddress(smart)} on eip155:1 (${email})`)
      expect(before).toMatchObject({ email })
      // Signing in deployed nothing.
      expect(await chain().getCode({ address: smart })).toBeUndefined()

      // The first transaction, through Approve: it deploys the smart account.
      await page.getByRole("button", { name: "Send 0.001 ETH to myself" }).click()
      await approveView().getByText("Send a transaction").waitFor({ timeout: 15_000 })
      await approveView().getByRole("button", { name: "Approve" }).click()
      await expect.poll(() => page.getByTestId("transaction").textContent(), { timeout: 30_000 }).toMatch(/^0x/)
      const receipt = await chain().waitForTransactionReceipt({
        hash: (await page.getByTestId("transaction").textContent()) as Hex
      })
      expect(receipt.status).toBe("success")
      expect((await chain().getCode({ address: smart }))?.length ?? 0).toBeGreaterThan(2)
      await expect.poll(() => page.getByRole("dialog").count(), { timeout: 15_000 }).toBe(0)

      // Sign out from the page: the server forgets; the wallet stays connected.
      await signInCard().getByRole("button", { name: "Sign out" }).click()
      await expect.poll(() => siwxStatus().textContent(), { timeout: 15_000 }).toBe("unauthenticated")
      expect(await serverSessions()).toEqual([])
      await expect.poll(() => page.getByTestId("siwx-server").textContent()).toBe("Not signed in")
      expect(await page.getByTestId("connection-status").textContent()).toBe("connected")

      // And in again: the deployed account signs as a contract (ERC-1271, no ERC-6492 wrapper), the server accepts.
      await signInCard().getByRole("button", { name: "Sign in" }).click()
      await signedInWithoutASecondApproval()
      const [after, ...otherAfter] = await serverSessions()
      expect(otherAfter).toEqual([])
      expect(after).toMatchObject({ address: getAddress(smart), chainId: "eip155:1" })
      expect(isErc6492Signature(after!.signature as Hex)).toBe(false)
      // (viem's own check on anvil agrees: the contract answers ERC-1271's isValidSignature for the signed text.)
      expect(
        await chain().verifyMessage({ address: smart, message: after!.message, signature: after!.signature as Hex })
      ).toBe(true)
      await expect
        .poll(() => page.getByTestId("siwx-server").textContent(), { timeout: 15_000 })
        .toBe(`Signed in as ${getAddress(smart)} on eip155:1 (${email})`)
      expect(await signInCard().getByRole("alert").count()).toBe(0)
      expect(record.errors).toEqual([])
    })
  })

  describe("a WalletConnect phone wallet (the Sandbox Mobile Wallet)", () => {
    let wallet: MobileWallet
    beforeEach(async () => {
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

    it("pairs, asks to sign in, and the phone's signature makes a server session for its address", async () => {
      await page.goto(demoUrl())
      await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /^WalletConnect/ })
        .click({ timeout: 15_000 })
      await page.getByRole("img", { name: /WalletConnect QR code/ }).waitFor({ timeout: 15_000 })
      await page.getByRole("button", { name: "Copy link" }).click()
      const uri = await page.evaluate(() => navigator.clipboard.readText())
      expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
      await wallet.pair(uri)

      // The demo project captures an email first; Skip goes on to the sign view without one.
      await page.getByRole("dialog", { name: "Email" }).getByRole("button", { name: "Skip" }).click({ timeout: 15_000 })
      await signView().waitFor({ timeout: 15_000 })
      expect(await connectedAddress()).toBe(wallet.address)
      expect(await siwxStatus().textContent()).toBe("unauthenticated")
      expect(await serverSessions()).toEqual([])
      await signView().getByRole("button", { name: "Sign in" }).click()
      await expect.poll(() => siwxStatus().textContent(), { timeout: 15_000 }).toBe("authenticated")
      await expect.poll(() => page.getByRole("dialog").count(), { timeout: 15_000 }).toBe(0)
      // The phone signed it (personal_sign over the relay), and the server names its address.
      expect(wallet.events.filter((e) => e.method === "personal_sign").map((e) => e.answer)).toEqual(["approved"])
      expect(await serverSessions()).toMatchObject([{ address: getAddress(wallet.address), chainId: "eip155:1" }])
      await expect
        .poll(() => page.getByTestId("siwx-server").textContent(), { timeout: 15_000 })
        .toBe(`Signed in as ${getAddress(wallet.address)} on eip155:1`)
      await page
        .getByRole("button", { name: truncateAddress(wallet.address), exact: true })
        .first()
        .waitFor({ timeout: 15_000 })
      expect(record.errors).toEqual([])
    })
  })
})
