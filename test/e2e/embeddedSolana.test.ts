import {
  type Address,
  createSolanaRpc,
  getBase58Encoder,
  getPublicKeyFromAddress,
  lamports,
  type SignatureBytes,
  verifySignature
} from "@solana/kit"
import type { Page } from "playwright-core"
import { beforeEach, describe, expect, it } from "vitest"
import type { Sandbox } from "../../sandbox/index.ts"
import { loginByEmail } from "./emailLogin.ts"
import { useE2eSession } from "./session.ts"

// The embedded wallet's Solana account end to end: one email login in the demo connects EVM and Solana; the demo's
// Solana panel (kit, through `getSolanaSigner`) signs and sends through the modal's Approve Transaction, the key in
// the secure site's frame; the truth read from the sandbox's local Solana.
describe("the embedded wallet's Solana account", () => {
  const session = useE2eSession("airlock-e2e-embedded-solana-")
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
  const approve = async () => {
    const dialog = page.getByRole("dialog", { name: "Approve Transaction" })
    await dialog.getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
  }

  it("connects both namespaces with one email login; signs and sends SOL through Approve Transaction; keeps both over a reload", async () => {
    await page.goto(sandbox.urls.demo)
    await loginByEmail(page, sandbox.urls.frame, `solana.${Date.now()}@example.com`)
    let solanaAddress = ""
    await expect
      .poll(
        async () => {
          solanaAddress = ((await page.getByTestId("solana-account").textContent()) ?? "").replace(/^connected /, "")
          return await page.getByTestId("solana-account").textContent()
        },
        { timeout: 15_000 }
      )
      .toMatch(/^connected [1-9A-HJ-NP-Za-km-z]{32,44}$/)
    await expect.poll(() => page.getByTestId("connection-status").textContent(), { timeout: 15_000 }).toBe("connected")

    // A message: Approve Transaction first, then a signature that verifies with the Solana address.
    await page.getByRole("button", { name: "Sign Solana message" }).click()
    await approve()
    const signature = page.getByTestId("solana-signature")
    await expect.poll(() => signature.textContent(), { timeout: 15_000 }).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
    const verified = await verifySignature(
      await getPublicKeyFromAddress(solanaAddress as Address),
      new Uint8Array(getBase58Encoder().encode((await signature.textContent()) ?? "")) as SignatureBytes,
      new TextEncoder().encode("Hello from Airlock on Solana")
    )
    expect(verified).toBe(true)

    // A transfer of 0.01 SOL from the new account (funded by the local faucet) to a sandbox account.
    await rpc()
      .requestAirdrop(solanaAddress as Address, lamports(1_000_000_000n))
      .send()
    await expect.poll(() => balanceOf(solanaAddress), { timeout: 15_000 }).toBe(1_000_000_000n)
    const receiver = sandbox.solana.accounts[1]!.address
    const before = await balanceOf(receiver)
    await page.getByLabel("Receiver").fill(receiver)
    await page.getByRole("button", { name: "Send 0.01 SOL" }).click()
    await approve()
    await expect
      .poll(() => page.getByTestId("solana-transaction").textContent(), { timeout: 15_000 })
      .toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/)
    await expect.poll(() => balanceOf(receiver), { timeout: 15_000 }).toBe(before + 10_000_000n)

    // A reload restores both namespaces from the frame's session, the same Solana account included.
    await page.reload()
    await expect
      .poll(() => page.getByTestId("solana-account").textContent(), { timeout: 30_000 })
      .toBe(`connected ${solanaAddress}`)
    // The EVM account comes back from the same session, restored on its own (not necessarily before Solana's).
    await expect.poll(() => page.getByTestId("connection-status").textContent(), { timeout: 30_000 }).toBe("connected")
  })
})
