import { SignClient } from "@walletconnect/sign-client"
import { createPublicClient, http, parseEther, verifyMessage, verifyTypedData } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Chains, startChains } from "../../../sandbox/chain/index.ts"
import { createMobileWallet, type MobileWallet } from "../../../sandbox/wallet/mobile.ts"
import { makeLocalCore } from "../../../server/relay/localCore.ts"
import { type Relay, startRelay } from "../../../server/relay/server.ts"

// The Sandbox Mobile Wallet answering a real dapp-side SDK client over the sandbox relay, on a real anvil chain.

const typedData = {
  domain: { name: "Airlock", version: "1", chainId: 1 },
  types: { Mail: [{ name: "contents", type: "string" }] },
  primaryType: "Mail" as const,
  message: { contents: "Hello" }
}

describe("the Sandbox Mobile Wallet", () => {
  let relay: Relay
  let chains: Chains
  let wallet: MobileWallet
  let dapp: Awaited<ReturnType<typeof SignClient.init>>
  let session: { topic: string }

  const connectDapp = async () => {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: {
          methods: ["personal_sign", "eth_signTypedData_v4", "eth_sendTransaction", "wallet_switchEthereumChain"],
          chains: ["eip155:1"],
          events: ["chainChanged", "accountsChanged"]
        }
      }
    })
    await wallet.pair(uri as string)
    return approval()
  }
  const request = (method: string, params: unknown, chainId = "eip155:1") =>
    dapp.request<unknown>({ topic: session.topic, chainId, request: { method, params } })

  beforeAll(async () => {
    ;[relay, chains] = await Promise.all([startRelay(), startChains({ chains: [{ chainId: 1, seed: false }] })])
    wallet = await createMobileWallet({
      relayUrl: relay.url,
      projectId: "airlock-demo",
      chains: chains.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl }))
    })
    dapp = await SignClient.init({
      core: makeLocalCore({ relayUrl: relay.url, projectId: "airlock-demo", storagePrefix: "mobile-test-dapp" }),
      metadata: { name: "Test Dapp", description: "", url: "http://127.0.0.1", icons: [] }
    })
    session = await connectDapp()
  }, 60_000)

  afterAll(async () => {
    await wallet?.stop()
    await relay?.stop()
    await chains?.stop()
  })

  it("approves a session for the chains it has, with its account", async () => {
    const full = dapp.session.get(session.topic)
    expect(full.namespaces.eip155?.accounts).toEqual([`eip155:1:${wallet.address}`])
    expect(wallet.events[0]).toEqual({ kind: "proposal", peer: "Test Dapp", answer: "approved" })
  })

  it("signs a message and typed data that verify", async () => {
    const message = "Hello from Airlock"
    const hex = `0x${Buffer.from(message).toString("hex")}`
    const signature = (await request("personal_sign", [hex, wallet.address])) as `0x${string}`
    expect(await verifyMessage({ address: wallet.address, message, signature })).toBe(true)
    const typedSignature = (await request("eth_signTypedData_v4", [
      wallet.address,
      JSON.stringify(typedData)
    ])) as `0x${string}`
    expect(await verifyTypedData({ address: wallet.address, ...typedData, signature: typedSignature })).toBe(true)
  })

  it("sends a transaction that anvil mines", async () => {
    const to = "0x000000000000000000000000000000000000dEaD"
    const hash = (await request("eth_sendTransaction", [
      { from: wallet.address, to, value: `0x${parseEther("0.5").toString(16)}` }
    ])) as `0x${string}`
    const client = createPublicClient({ transport: http(chains.chains[0]?.rpcUrl) })
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 })
    expect(receipt.status).toBe("success")
    expect(await client.getBalance({ address: to })).toBe(parseEther("0.5"))
  })

  it("refuses a chain it does not have with 4902, and everything in reject mode with 4001", async () => {
    await expect(request("wallet_switchEthereumChain", [{ chainId: "0x2105" }])).rejects.toMatchObject({ code: 4902 })
    wallet.setMode("reject")
    await expect(request("personal_sign", ["0x68656c6c6f", wallet.address])).rejects.toMatchObject({ code: 4001 })
    wallet.setMode("approve")
  })

  it("rejects a proposal in reject mode, and ends its sessions on request (the dapp hears session_delete)", async () => {
    wallet.setMode("reject")
    await expect(connectDapp()).rejects.toBeDefined()
    wallet.setMode("approve")
    const deleted = new Promise<string>((resolve) => dapp.on("session_delete", ({ topic }) => resolve(topic)))
    await wallet.disconnectAll()
    expect(await deleted).toBe(session.topic)
  })
})
