import type { Page } from "playwright-core"
import { type Address, createPublicClient, createWalletClient, type Hex, http, parseEther, toHex } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { beforeEach, describe, expect, it } from "vitest"
import { truncateAddress } from "../../core/schema/format.ts"
import type { Sandbox } from "../../sandbox/index.ts"
import { accountAbi } from "../../server/frame/contracts.ts"
import { loginByEmail } from "./emailLogin.ts"
import { useE2eSession } from "./session.ts"

// Smart sessions end to end (SPEC §7, the demo turns the feature on): the app asks the embedded wallet's smart account
// for a session key with `wallet_grantPermissions`, the user approves it in Approve Transaction, the frame registers
// the key on the account on anvil, Account lists the session, and Revoke takes it away. The chain is the proof: the
// app's session key moves ETH through `executeAsSession` before the revocation and reverts after it; the API shows
// `revokedAt`.
describe("smart sessions: granted, listed, revoked", () => {
  const session = useE2eSession("airlock-e2e-sessions-")
  let sandbox: Sandbox
  let page: Page
  beforeEach(() => {
    ;({ sandbox, page } = session)
  })

  const rpcUrl = () => sandbox.urls.chains.find((c) => c.chainId === 1)?.rpcUrl as string
  const chain = () => createPublicClient({ transport: http(rpcUrl()) })
  const receiver: Address = "0x90F79bf6EB2c4f870365E785982E1f101E93b906"

  /** The app's session key sends `value` wei to `to` through the smart account; the receipt's status. */
  const actAsSession = async (key: Hex, account: Address, to: Address, value: bigint) => {
    const wallet = createWalletClient({ account: privateKeyToAccount(key), transport: http(rpcUrl()) })
    try {
      const hash = await wallet.writeContract({
        chain: null,
        address: account,
        abi: accountAbi,
        functionName: "executeAsSession",
        args: [to, value, "0x"],
        gas: 200_000n
      })
      return (await chain().waitForTransactionReceipt({ hash, pollingInterval: 50 })).status
    } catch {
      return "reverted"
    }
  }

  const listed = async (smart: Address) => {
    const url = `${sandbox.urls.api}/v1/sessions/eip155:1:${smart}?projectId=${sandbox.urls.projectId}`
    const body = (await (await fetch(url, { signal: AbortSignal.timeout(10_000) })).json()) as {
      pcis: Array<{ pci: string; revokedAt?: number; permissions: Array<unknown> }>
    }
    return body.pcis
  }

  it("grants through Approve Transaction, acts on chain, lists in Account, and a revoked session can no longer act", async () => {
    const email = `sessions.${Date.now()}@example.com`
    await page.goto(sandbox.urls.demo)
    await loginByEmail(page, sandbox.urls.frame, email)
    const smart = (await page.getByTestId("connection-address").textContent()) as Address
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 15_000 }).toBe(0)

    // The app's session key, with ETH for its own gas.
    const key = generatePrivateKey()
    const keyAddress = privateKeyToAccount(key).address
    await chain().request({
      method: "anvil_setBalance" as never,
      params: [keyAddress, toHex(parseEther("1"))] as never
    })
    const expiry = Math.floor(Date.now() / 1000) + 3600
    const grant = {
      chainId: "0x1",
      address: smart,
      expiry,
      signer: { type: "key", data: { id: keyAddress } },
      permissions: [
        { type: "contract-call", data: { address: receiver } },
        { type: "native-token-limit", data: { allowance: toHex(5000n) } }
      ],
      policies: []
    }
    await page.evaluate((request) => {
      const w = window as unknown as {
        airlock: { getProvider(ns: string): Promise<{ request(a: unknown): Promise<unknown> }> }
        __grant: Promise<unknown>
      }
      w.__grant = w.airlock
        .getProvider("eip155")
        .then((provider) => provider.request({ method: "wallet_grantPermissions", params: [request] }))
    }, grant)

    // Approve Transaction says what is asked: the key, the permissions, the expiry.
    const approve = page.getByRole("dialog", { name: "Approve Transaction" })
    await approve.getByText("Grant permissions").waitFor({ timeout: 15_000 })
    await approve.getByText(keyAddress).waitFor()
    await approve.getByText(`Call ${receiver}`).waitFor()
    await approve.getByText("Send up to 0.000000000000005 ETH").waitFor()
    expect(await approve.getByText("Expires").count()).toBe(1)
    await approve.getByRole("button", { name: "Approve" }).click()
    const answer = (await page.evaluate(() => (window as unknown as { __grant: Promise<unknown> }).__grant)) as {
      permissionsContext: Hex
      expiry: number
      signer: unknown
      address: Address
    }
    expect(answer).toMatchObject({ expiry, signer: { type: "key", data: { id: keyAddress } }, address: smart })
    expect(answer.permissionsContext).toMatch(/^0x[0-9a-f]{96}$/)

    // The session key acts within its permission: 1000 wei to the receiver, from the smart account.
    const before = await chain().getBalance({ address: receiver })
    expect(await actAsSession(key, smart, receiver, 1000n)).toBe("success")
    expect(await chain().getBalance({ address: receiver })).toBe(before + 1000n)
    expect((await listed(smart)).map((s) => s.pci)).toEqual([answer.permissionsContext])

    // Account lists it.
    await page
      .getByRole("button", { name: truncateAddress(smart), exact: true })
      .first()
      .click({ timeout: 15_000 })
    await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Sessions", exact: true }).click()
    const sessions = page.getByRole("dialog", { name: "Sessions" })
    const entry = sessions.getByRole("listitem")
    await entry.getByText(`Call ${receiver}`).waitFor({ timeout: 15_000 })
    await entry.getByText("Active", { exact: true }).waitFor()
    await entry.getByText(sandbox.urls.projectId, { exact: true }).waitFor()

    // Revoke: the wallet signs without asking again, the chain and the API revoke it, the list says so.
    await entry.getByRole("button", { name: "Revoke" }).click()
    await entry.getByText(/^Revoked /).waitFor({ timeout: 30_000 })
    expect(await page.getByRole("dialog", { name: "Approve Transaction" }).count()).toBe(0)
    expect(await entry.getByRole("button", { name: "Revoke" }).count()).toBe(0)

    // A revoked session can no longer act.
    expect(await actAsSession(key, smart, receiver, 1000n)).toBe("reverted")
    expect(await chain().getBalance({ address: receiver })).toBe(before + 1000n)
    const [stored] = await listed(smart)
    expect(stored?.revokedAt).toEqual(expect.any(Number))
  })
})
