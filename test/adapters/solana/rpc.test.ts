import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { createSolanaRpc } from "@solana/kit"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeSolanaImplementation } from "../../../adapters/solana/implementation.ts"
import { balanceOf, rpcUrlsOf } from "../../../adapters/solana/rpc.ts"
import { defineNetwork, solanaLocalnet } from "../../../core/networks/index.ts"
import { type SolanaChain, startSolana } from "../../../sandbox/solana/index.ts"

// The Solana adapter's balance fallback (SPEC §7: the API first, the chain after) against the sandbox's real
// litesvm chain: the network's own RPC first, and the next URL when one does not answer.

let chain: SolanaChain
let dead: Server
let deadUrl: string

const localnetAt = (...urls: ReadonlyArray<string>) =>
  defineNetwork({ ...solanaLocalnet, chainNamespace: "solana", rpcUrls: { default: { http: [...urls] } } })

beforeAll(async () => {
  chain = await startSolana({ port: 0 })
  // An RPC that answers every call with a server error.
  dead = createServer((_request, response) => response.writeHead(503).end())
  await new Promise<void>((resolve) => dead.listen(0, "127.0.0.1", resolve))
  deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`
})

afterAll(async () => {
  await chain?.stop()
  await new Promise((resolve) => dead?.close(resolve))
})

const context = { projectId: undefined, endpoints: { walletApi: "", blockchainApi: "" } }

describe("the Solana balance from the chain", () => {
  it("reads the SOL the chain holds, exactly, in SOL", async () => {
    const [owner] = chain.accounts
    const { value } = await createSolanaRpc(chain.rpcUrl).getBalance(owner!.address).send()
    const expected = `${value / 1_000_000_000n}.${(value % 1_000_000_000n).toString().padStart(9, "0")}`.replace(
      /\.?0+$/,
      ""
    )
    expect(await balanceOf(localnetAt(chain.rpcUrl), owner!.address, context)).toBe(expected)
  })

  it("goes on to the next RPC URL when the first does not answer, through the implementation", async () => {
    const implementation = makeSolanaImplementation(new Map(), context)
    const balance = await implementation.getBalance?.({
      address: chain.accounts[2]!.address,
      network: localnetAt(deadUrl, chain.rpcUrl)
    })
    expect(balance).toBe("10")
  })

  it("refuses an address that is not base58, and a network with no RPC URL", async () => {
    await expect(
      balanceOf(localnetAt(chain.rpcUrl), "0x52908400098527886E0F7030069857D2E4169EE7", context)
    ).rejects.toThrow(/Not a Solana address/)
    await expect(balanceOf(localnetAt(), chain.accounts[0]!.address, context)).rejects.toThrow(/No RPC URL/)
  })

  it("lists the app's own URLs first, then the blockchain API's RPC for the chain", () => {
    expect(
      rpcUrlsOf(localnetAt("http://127.0.0.1:8899"), {
        projectId: "p1",
        endpoints: { walletApi: "http://api.test", blockchainApi: "http://api.test/" }
      })
    ).toEqual([
      "http://127.0.0.1:8899",
      "http://api.test/v1/?chainId=solana%3ADjv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5&projectId=p1"
    ])
  })
})
