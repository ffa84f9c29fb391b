/**
 * Smart sessions in the embedded wallet on a real sandbox chain: `wallet_grantPermissions` registers a session key on
 * the smart account (the key can then act within its permission, and only within it), the site records what the
 * chain says, and `wallet_revokePermissions` takes the key away (it can no longer act).
 */
import {
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  parseEther,
  toFunctionSelector,
  toHex
} from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { sandboxFrameChains } from "../../../sandbox/chain/funding.ts"
import { accountFactoryAddress, type Chains, startChains } from "../../../sandbox/chain/index.ts"
import { accountAbi } from "../../../server/frame/contracts.ts"
import { readGrantRequest, readPci, sessionPci } from "../../../server/frame/page/sessions.ts"
import { type SentCalls, type WalletContext, walletRequest } from "../../../server/frame/page/wallet.ts"
import { emailLogin, newDevice, post, startTestFrame, type TestFrame } from "./fixture.ts"

let chains: Chains
let frame: TestFrame
let rpcUrl: string
const db = () => frame.apiDb
beforeAll(async () => {
  chains = await startChains({ chains: [{ chainId: 1 }] })
  rpcUrl = chains.chains[0]!.rpcUrl
  // The fixture's own API tables (one database, as in the sandbox) record the sessions.
  frame = await startTestFrame({
    ...sandboxFrameChains(chains),
    smartSessions: {
      get: (pci) => db().sessions.get(pci),
      put: (row) => db().sessions.put(row),
      revoke: (pci, at) => db().sessions.revoke(pci, at)
    }
  })
}, 60_000)
afterAll(async () => {
  await frame?.dispose()
  await chains?.stop()
})

const client = () => createPublicClient({ transport: http(rpcUrl) })
const bob: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const carol: Address = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"
const nowSeconds = () => Math.floor(Date.now() / 1000)

let counter = 0
const newUser = async (preferredAccountType: "eoa" | "smartAccount" = "smartAccount") => {
  const token = await emailLogin(frame, `sessions${++counter}.${Date.now()}@example.com`, newDevice())
  const { body } = await post(frame, "/api/key", {}, token)
  const ctx: WalletContext = {
    key: body.privateKey as Hex,
    chainId: 1,
    rpcUrl,
    accountFactory: accountFactoryAddress,
    preferredAccountType,
    calls: new Map<string, SentCalls>()
  }
  return { token, ctx }
}

/** A session key the "app" holds, with ETH for gas. */
const newSessionKey = async () => {
  const key = privateKeyToAccount(generatePrivateKey())
  await client().request({
    method: "anvil_setBalance" as never,
    params: [key.address, toHex(parseEther("1"))] as never
  })
  return key
}

const grantRequest = (key: Address, overrides: Record<string, unknown> = {}) => ({
  chainId: "0x1",
  expiry: nowSeconds() + 3600,
  signer: { type: "key", data: { id: key } },
  permissions: [
    { type: "contract-call", data: { address: bob } },
    { type: "native-token-limit", data: { allowance: toHex(1000n) } }
  ],
  policies: [],
  ...overrides
})

/** The session key sends `value` wei to `to` through the account; resolves to the receipt status. */
const actAsSession = async (
  key: ReturnType<typeof privateKeyToAccount>,
  account: Address,
  to: Address,
  value: bigint
): Promise<"success" | "reverted"> => {
  const wallet = createWalletClient({ account: key, transport: http(rpcUrl) })
  try {
    const hash = await wallet.writeContract({
      chain: null,
      address: account,
      abi: accountAbi,
      functionName: "executeAsSession",
      args: [to, value, "0x"],
      gas: 200_000n
    })
    return (await client().waitForTransactionReceipt({ hash, pollingInterval: 50 })).status
  } catch {
    return "reverted"
  }
}

describe("wallet_grantPermissions and wallet_revokePermissions", () => {
  it("grants a session key that can act within its permission, records it, and revokes it on chain", async () => {
    const { token, ctx } = await newUser()
    const key = await newSessionKey()
    const answer = (await walletRequest(ctx, "wallet_grantPermissions", [grantRequest(key.address)])) as Record<
      string,
      unknown
    >
    const pci = answer.permissionsContext as Hex
    const ref = readPci(pci)!
    expect(answer).toMatchObject({
      chainId: "0x1",
      signer: { type: "key", data: { id: key.address } },
      permissions: [{ type: "contract-call" }, { type: "native-token-limit" }],
      context: pci
    })
    expect(ref).toEqual({ chainId: 1, account: answer.address, key: key.address })

    const before = await client().getBalance({ address: bob })
    expect(await actAsSession(key, ref.account, bob, 1000n)).toBe("success")
    expect(await client().getBalance({ address: bob })).toBe(before + 1000n)
    // outside the permission: more than the allowance, or another receiver
    expect(await actAsSession(key, ref.account, bob, 1001n)).toBe("reverted")
    expect(await actAsSession(key, ref.account, carol, 1n)).toBe("reverted")

    const synced = await post(frame, "/api/smart-sessions", { pci, permissions: answer.permissions }, token)
    expect(synced.body).toEqual({ active: true })
    expect(await db().sessions.get(pci)).toMatchObject({
      address: ref.account.toLowerCase(),
      chainId: "eip155:1",
      revokedAt: null,
      permissions: { context: pci, permissions: answer.permissions }
    })

    expect(await walletRequest(ctx, "wallet_revokePermissions", [{ permissionsContext: pci }])).toBeNull()
    expect(await actAsSession(key, ref.account, bob, 1n)).toBe("reverted")
    expect((await post(frame, "/api/smart-sessions", { pci }, token)).body).toEqual({ active: false })
    expect((await db().sessions.get(pci))?.revokedAt).toEqual(expect.any(Number))
  })

  it("refuses a grant for the EOA, and a session of another user's account", async () => {
    const eoaUser = await newUser("eoa")
    const key = await newSessionKey()
    await expect(walletRequest(eoaUser.ctx, "wallet_grantPermissions", [grantRequest(key.address)])).rejects.toThrow(
      /need the smart account/
    )
    const owner = await newUser()
    const answer = (await walletRequest(owner.ctx, "wallet_grantPermissions", [grantRequest(key.address)])) as {
      permissionsContext: Hex
    }
    const other = await newUser()
    await expect(
      walletRequest(other.ctx, "wallet_revokePermissions", [{ permissionsContext: answer.permissionsContext }])
    ).rejects.toThrow(/not this wallet's/)
    const foreign = await post(frame, "/api/smart-sessions", { pci: answer.permissionsContext }, other.token)
    expect(foreign.status).toBe(403)
  })
})

describe("readGrantRequest", () => {
  const key = privateKeyToAccount(generatePrivateKey()).address
  it("reads the target, one function and the allowance", () => {
    const asked = readGrantRequest(
      grantRequest(key, {
        permissions: [{ type: "contract-call", data: { address: bob, functions: [{ functionName: "increment()" }] } }]
      }),
      nowSeconds()
    )
    expect(asked).toMatchObject({ key, target: bob, selector: toFunctionSelector("increment()"), valueLimit: 0n })
  })

  it.each([
    ["an expiry in the past", { expiry: 1 }, /expiry/],
    ["no signer key", { signer: { type: "key", data: {} } }, /signer/],
    [
      "no contract-call",
      { permissions: [{ type: "native-token-limit", data: { allowance: "0x1" } }] },
      /contract-call/
    ],
    [
      "an unknown permission",
      { permissions: [{ type: "contract-call", data: { address: bob } }, { type: "x" }] },
      /one/
    ],
    [
      "a bad function",
      { permissions: [{ type: "contract-call", data: { address: bob, selector: "0x12" } }] },
      /selector/
    ]
  ])("refuses %s with -32602", (_what, overrides, message) => {
    expect(() => readGrantRequest(grantRequest(key, overrides), nowSeconds())).toThrow(message)
    try {
      readGrantRequest(grantRequest(key, overrides), nowSeconds())
    } catch (error) {
      expect((error as { code: number }).code).toBe(-32602)
    }
  })

  it("round-trips a pci and ignores what is not one", () => {
    const ref = { chainId: 8453, account: bob, key: carol }
    expect(readPci(sessionPci(ref))).toEqual(ref)
    expect(readPci("0x1234")).toBeUndefined()
    expect(readPci(42)).toBeUndefined()
  })
})
