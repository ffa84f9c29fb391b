import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { formatEther, makeEvmImplementation } from "../../../adapters/evm/implementation.ts"
import { rpcUrlsOf } from "../../../adapters/evm/rpc.ts"
import { evmNetwork } from "../../../core/networks/index.ts"

// A JSON-RPC node on loopback that holds 1.5 ETH for every address, and a port where nothing listens.
describe("the EVM adapter's RPC", () => {
  let live: Server
  let liveUrl: string
  let deadUrl: string
  const calls: Array<string> = []

  beforeAll(async () => {
    live = createServer((request, response) => {
      let body = ""
      request.on("data", (chunk) => {
        body += chunk
      })
      request.on("end", () => {
        const call = JSON.parse(body) as { id: number; method: string }
        calls.push(call.method)
        const result =
          call.method === "eth_getBalance" ? "0x14d1120d7b160000" : call.method === "eth_chainId" ? "0x1" : "0x1"
        response.writeHead(200, { "content-type": "application/json" })
        response.end(JSON.stringify({ jsonrpc: "2.0", id: call.id, result }))
      })
    })
    await new Promise<void>((resolve) => live.listen(0, "127.0.0.1", resolve))
    liveUrl = `http://127.0.0.1:${(live.address() as AddressInfo).port}`
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve))
    deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`
    await new Promise<void>((resolve) => closed.close(() => resolve()))
  })

  afterAll(() => new Promise<void>((resolve) => live.close(() => resolve())))

  const context = {
    projectId: "p1",
    endpoints: { walletApi: "http://127.0.0.1:1", blockchainApi: "http://127.0.0.1:1" }
  }

  it("formats wei as ether exactly, never through floating point", () => {
    expect(formatEther(1_500_000_000_000_000_000n)).toBe("1.5")
    expect(formatEther(1n)).toBe("0.000000000000000001")
    expect(formatEther(0n)).toBe("0")
    expect(formatEther(123_456_789_000_000_000_000_000_000n)).toBe("123456789")
  })

  it("lists the app's own RPC URLs first, then the blockchain API's per-chain endpoint with the project", () => {
    const network = evmNetwork({
      id: 8453,
      name: "Base",
      rpc: "https://base.example/rpc",
      explorer: ["Basescan", "https://basescan.org"]
    })
    expect(rpcUrlsOf(network, context)).toEqual([
      "https://base.example/rpc",
      "http://127.0.0.1:1/v1/?chainId=eip155%3A8453&projectId=p1"
    ])
  })

  it("skips a dead endpoint and reads the balance from the next one", async () => {
    const network = evmNetwork({
      id: 1,
      name: "Ethereum",
      rpc: deadUrl,
      explorer: ["Etherscan", "https://etherscan.io"]
    })
    const withLive = { ...network, rpcUrls: { default: { http: [deadUrl, liveUrl] } } }
    const implementation = makeEvmImplementation(new Map(), context)
    const balance = await implementation.getBalance?.({
      address: "0x52908400098527886E0F7030069857D2E4169EE7",
      network: withLive
    })
    expect(balance).toBe("1.5")
    expect(calls).toContain("eth_getBalance")
  })
})
