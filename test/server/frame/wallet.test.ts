/**
 * The embedded wallet on a real sandbox chain: accounts funded at login, the smart account's counterfactual address
 * (the server's CREATE2 prediction, the factory's `getAddress` and the frame's all agree), deployed on first use, and
 * the RPC methods the frame signs with the active account.
 */
import {
  type Address,
  createPublicClient,
  type Hex,
  http,
  parseEther,
  toHex,
  verifyMessage,
  verifyTypedData
} from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { airlockAccount } from "../../../sandbox/chain/artifacts.ts"
import { fundingAmount, sandboxFrameChains } from "../../../sandbox/chain/funding.ts"
import { accountFactoryAddress, type Chains, startChains } from "../../../sandbox/chain/index.ts"
import { accountFactoryAbi } from "../../../server/frame/contracts.ts"
import { smartAccountAddress } from "../../../server/frame/funding.ts"
import {
  accountsOf,
  type SentCalls,
  smartAccount,
  type WalletContext,
  walletRequest
} from "../../../server/frame/page/wallet.ts"
import { emailLogin, newDevice, post, startTestFrame, type TestFrame } from "./fixture.ts"

let chains: Chains
let frame: TestFrame
let rpcUrl: string
beforeAll(async () => {
  chains = await startChains({ chains: [{ chainId: 1 }, { chainId: 31337, seed: false }] })
  rpcUrl = chains.chains[0]!.rpcUrl
  frame = await startTestFrame(sandboxFrameChains(chains))
}, 60_000)
afterAll(async () => {
  await frame?.dispose()
  await chains?.stop()
})

const client = () => createPublicClient({ transport: http(rpcUrl) })
const bob: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"

let counter = 0
/** A new user signed in through the routes, and the wallet context the frame would build with its key. */
const newUser = async (preferredAccountType: "eoa" | "smartAccount" = "smartAccount") => {
  const token = await emailLogin(frame, `wallet${++counter}.${Date.now()}@example.com`, newDevice())
  const { body } = await post(frame, "/api/key", {}, token)
  const session = await post(frame, "/api/session", {}, token)
  const ctx: WalletContext = {
    key: body.privateKey as Hex,
    chainId: 1,
    rpcUrl,
    accountFactory: accountFactoryAddress,
    preferredAccountType,
    calls: new Map<string, SentCalls>()
  }
  return { token, ctx, eoa: session.body.address as Address }
}

describe("accounts", () => {
  it("funds the EOA on every chain and the smart account where the factory is, on first login", async () => {
    const { eoa, ctx } = await newUser()
    const smart = await smartAccount(ctx)
    expect(await client().getBalance({ address: eoa })).toBe(fundingAmount)
    expect(await client().getBalance({ address: smart!.address })).toBe(fundingAmount)
    const other = createPublicClient({ transport: http(chains.chains[1]!.rpcUrl) })
    expect(await other.getBalance({ address: eoa })).toBe(fundingAmount)
  })

  it("predicts the smart account's address exactly as the factory does, before it exists", async () => {
    const { eoa, ctx } = await newUser()
    const fromFactory = await client().readContract({
      address: accountFactoryAddress,
      abi: accountFactoryAbi,
      functionName: "getAddress",
      args: [eoa, 0n]
    })
    expect(smartAccountAddress(accountFactoryAddress, airlockAccount.bytecode, eoa)).toBe(fromFactory)
    expect(await smartAccount(ctx)).toEqual({ address: fromFactory, isDeployed: false })
  })

  it("lists both accounts and makes the preferred one active, the EOA where no factory is", async () => {
    const { eoa, ctx } = await newUser()
    const smart = await accountsOf(ctx)
    expect(smart.active).toBe("smartAccount")
    expect(smart.accounts.map((account) => account.type)).toEqual(["eoa", "smartAccount"])
    expect(smart.address).toBe(smart.smart!.address)
    expect((await accountsOf({ ...ctx, preferredAccountType: "eoa" })).address).toBe(eoa)
    const bare = await accountsOf({ ...ctx, chainId: 31337, rpcUrl: chains.chains[1]!.rpcUrl, accountFactory: null })
    expect(bare).toMatchObject({ active: "eoa", address: eoa, accounts: [{ address: eoa, type: "eoa" }] })
  })
})

describe("sending through the smart account", () => {
  it("deploys the account on the first send and executes the call from it", async () => {
    const { ctx, eoa } = await newUser()
    const { address } = (await smartAccount(ctx))!
    const bobBefore = await client().getBalance({ address: bob })
    const hash = (await walletRequest(ctx, "eth_sendTransaction", [
      { from: address, to: bob, value: toHex(parseEther("1")) }
    ])) as Hex
    const receipt = await client().waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe("success")
    // the EOA sent the transaction to the account, which paid bob from its own balance
    expect(receipt.from.toLowerCase()).toBe(eoa.toLowerCase())
    expect(receipt.to?.toLowerCase()).toBe(address.toLowerCase())
    expect(await smartAccount(ctx)).toEqual({ address, isDeployed: true })
    expect(await client().getBalance({ address: bob })).toBe(bobBefore + parseEther("1"))
    expect(await client().getBalance({ address })).toBe(fundingAmount - parseEther("1"))

    // a second send reuses the deployed account
    const second = (await walletRequest(ctx, "eth_sendTransaction", [{ to: bob, value: toHex(1n) }])) as Hex
    expect((await client().waitForTransactionReceipt({ hash: second })).to?.toLowerCase()).toBe(address.toLowerCase())
  })

  it("sends a batch atomically with wallet_sendCalls and reports it with wallet_getCallsStatus", async () => {
    const { ctx } = await newUser()
    const { address } = (await smartAccount(ctx))!
    const capabilities = await walletRequest(ctx, "wallet_getCapabilities", [address])
    expect(capabilities).toEqual({ "0x1": { atomic: { status: "supported" } } })
    const bobBefore = await client().getBalance({ address: bob })
    const { id } = (await walletRequest(ctx, "wallet_sendCalls", [
      {
        version: "2.0.0",
        chainId: "0x1",
        from: address,
        atomicRequired: true,
        calls: [
          { to: bob, value: toHex(parseEther("0.25")) },
          { to: bob, value: toHex(parseEther("0.5")), data: "0x" }
        ]
      }
    ])) as { id: string }
    const read = async () =>
      (await walletRequest(ctx, "wallet_getCallsStatus", [id])) as {
        status: number
        atomic: boolean
        receipts: ReadonlyArray<{ status: string }>
      }
    await expect.poll(async () => (await read()).status).toBe(200)
    const status = await read()
    expect(status).toMatchObject({ status: 200, atomic: true, chainId: "0x1", version: "2.0.0" })
    expect(status.receipts).toHaveLength(1)
    expect(await client().getBalance({ address: bob })).toBe(bobBefore + parseEther("0.75"))
  })

  it("sends an EOA's calls one by one and refuses them when atomic execution is required", async () => {
    const { ctx, eoa } = await newUser("eoa")
    expect(await walletRequest(ctx, "wallet_getCapabilities", [eoa])).toEqual({
      "0x1": { atomic: { status: "unsupported" } }
    })
    const { id } = (await walletRequest(ctx, "wallet_sendCalls", [
      {
        version: "2.0.0",
        chainId: "0x1",
        calls: [
          { to: bob, value: "0x1" },
          { to: bob, value: "0x2" }
        ]
      }
    ])) as { id: string }
    // A dapp polls the status until the calls are mined (status 200), as EIP-5792 says; anvil mines at once, but a
    // receipt can lag the send under load.
    const status = async () =>
      (await walletRequest(ctx, "wallet_getCallsStatus", [id])) as {
        status: number
        atomic: boolean
        receipts: unknown[]
      }
    await expect.poll(async () => (await status()).status).toBe(200)
    expect((await status()).atomic).toBe(false)
    expect((await status()).receipts).toHaveLength(2)
    await expect(
      walletRequest(ctx, "wallet_sendCalls", [{ version: "2.0.0", atomicRequired: true, calls: [{ to: bob }] }])
    ).rejects.toThrow(/Atomic execution/)
  })
})

describe("signing", () => {
  it("personal_sign by the EOA verifies for the EOA's address", async () => {
    const { ctx, eoa } = await newUser("eoa")
    const signature = (await walletRequest(ctx, "personal_sign", [toHex("hello airlock"), eoa])) as Hex
    expect(await verifyMessage({ address: eoa, message: "hello airlock", signature })).toBe(true)
    const plain = (await walletRequest(ctx, "personal_sign", ["plain text", eoa])) as Hex
    expect(await verifyMessage({ address: eoa, message: "plain text", signature: plain })).toBe(true)
  })

  it("personal_sign by the smart account verifies on chain before (ERC-6492) and after deployment (ERC-1271)", async () => {
    const { ctx } = await newUser()
    const { address } = (await smartAccount(ctx))!
    const before = (await walletRequest(ctx, "personal_sign", [toHex("counterfactual"), address])) as Hex
    expect(await client().verifyMessage({ address, message: "counterfactual", signature: before })).toBe(true)
    await walletRequest(ctx, "eth_sendTransaction", [{ from: address, to: bob, value: "0x0" }])
    const after = (await walletRequest(ctx, "personal_sign", [toHex("deployed"), address])) as Hex
    expect(await client().verifyMessage({ address, message: "deployed", signature: after })).toBe(true)
    expect(await client().verifyMessage({ address, message: "something else", signature: after })).toBe(false)
  })

  it("eth_signTypedData_v4 signs the JSON typed data for the EOA", async () => {
    const { ctx, eoa } = await newUser("eoa")
    const typed = {
      domain: { name: "Airlock", version: "1", chainId: 1 },
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" }
        ],
        Mail: [{ name: "contents", type: "string" }]
      },
      primaryType: "Mail",
      message: { contents: "hi" }
    } as const
    const signature = (await walletRequest(ctx, "eth_signTypedData_v4", [eoa, JSON.stringify(typed)])) as Hex
    const { EIP712Domain: _, ...types } = typed.types
    expect(
      await verifyTypedData({
        address: eoa,
        domain: typed.domain,
        types,
        primaryType: "Mail",
        message: typed.message,
        signature
      })
    ).toBe(true)
  })

  it("refuses to sign for an address that is not the user's, an unknown method, and malformed params", async () => {
    const { ctx } = await newUser()
    await expect(walletRequest(ctx, "personal_sign", [toHex("x"), bob])).rejects.toThrow("not this wallet's")
    await expect(walletRequest(ctx, "eth_signTransaction", [])).rejects.toThrow(
      "Unsupported method: eth_signTransaction"
    )
    await expect(walletRequest(ctx, "eth_sendTransaction", [{ to: "bob" }])).rejects.toThrow(/Invalid to/)
    await expect(walletRequest(ctx, "eth_signTypedData_v4", [undefined, "{not json"])).rejects.toThrow(/not JSON/)
    await expect(walletRequest(ctx, "wallet_getCallsStatus", ["0xnope"])).rejects.toThrow("Unknown bundle id")
  })

  it("forwards reads and answers the active account", async () => {
    const { ctx } = await newUser()
    expect(await walletRequest(ctx, "eth_chainId", [])).toBe("0x1")
    expect(await walletRequest(ctx, "eth_accounts", [])).toEqual([(await smartAccount(ctx))!.address])
    expect(BigInt((await walletRequest(ctx, "eth_blockNumber", [])) as Hex)).toBeGreaterThan(0n)
  })

  it("fails a pending request with 'Request was aborted' when aborted", async () => {
    const { ctx } = await newUser()
    const controller = new AbortController()
    const pending = walletRequest({ ...ctx, signal: controller.signal }, "eth_sendTransaction", [
      { to: bob, value: "0x1" }
    ])
    controller.abort()
    await expect(pending).rejects.toThrow("Request was aborted")
  })
})
