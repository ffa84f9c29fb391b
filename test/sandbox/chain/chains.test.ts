import { execFileSync } from "node:child_process"
import { type AddressInfo, createServer, type Server } from "node:net"
import { type Address, createPublicClient, erc20Abi, erc721Abi, http, parseAbi, parseAbiItem, parseEther } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  ammContracts,
  ammReserves,
  type Chains,
  liquidityAccount,
  seeded,
  startChains
} from "../../../sandbox/chain/index.ts"
import { pairInitCodeHash, publishedPairInitCodeHash, routerWithPairHash } from "../../../sandbox/chain/uniswap.ts"
import { childProcesses, isAlive } from "../start/processes.ts"

const alice: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const bob: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
const carol: Address = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"

const processIsAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Live anvil children of this process. */
const anvilChildren = (): ReadonlyArray<number> =>
  childProcesses(process.pid)
    .filter((child) => child.command === "anvil" && isAlive(child.pid))
    .map((child) => child.pid)

const anvilPids = (): ReadonlyArray<number> => {
  // our own children only: this test process is their parent
  const out = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(process.pid)], { encoding: "utf8" })
  return out
    .split("\n")
    .filter((line) => line.includes("anvil"))
    .map((line) => Number(line.trim().split(/\s+/)[0]))
}

describe("startChains", () => {
  let set: Chains

  beforeAll(async () => {
    const started = performance.now()
    set = await startChains()
    // informative only: a wall-clock bound would flake on a loaded machine (`npm run bench` measures)
    console.info(`startChains: three chains ready in ${Math.round(performance.now() - started)} ms`)
  }, 20_000)

  afterAll(() => set?.stop())

  const client = (chainId: number) => {
    const chain = set.chains.find((candidate) => candidate.chainId === chainId)
    if (!chain) throw new Error(`no chain ${chainId}`)
    return createPublicClient({ transport: http(chain.rpcUrl) })
  }

  it("starts chains 1, 8453 and 31337 on loopback, each answering eth_chainId with its own id", async () => {
    expect(set.chains.map((chain) => chain.caipNetworkId)).toEqual(["eip155:1", "eip155:8453", "eip155:31337"])
    for (const chain of set.chains) {
      expect(chain.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(await client(chain.chainId).getChainId()).toBe(chain.chainId)
    }
  })

  it("funds anvil's default accounts, whose keys match the node's accounts", async () => {
    expect(set.accounts).toHaveLength(10)
    expect(set.accounts.map((account) => privateKeyToAccount(account.privateKey).address)).toEqual(
      set.accounts.map((account) => account.address)
    )
    expect(await client(31337).getBalance({ address: carol })).toBe(parseEther("10000"))
  })

  it("deploys a 6-decimal USD Coin on 1 and 8453 with the seeded balances, and nothing on 31337", async () => {
    expect(Object.keys(set.contracts).map(Number).sort()).toEqual([1, 8453])
    for (const chainId of [1, 8453]) {
      const usdc = { address: set.contracts[chainId]!.usdc, abi: erc20Abi } as const
      const read = client(chainId)
      expect(await read.readContract({ ...usdc, functionName: "decimals" })).toBe(6)
      expect(await read.readContract({ ...usdc, functionName: "symbol" })).toBe("USDC")
      expect(await read.readContract({ ...usdc, functionName: "name" })).toBe("USD Coin")
      expect(await read.readContract({ ...usdc, functionName: "balanceOf", args: [alice] })).toBe(9_790_000_000n)
      expect(await read.readContract({ ...usdc, functionName: "balanceOf", args: [bob] })).toBe(2_710_000_000n)
      expect(await read.readContract({ ...usdc, functionName: "balanceOf", args: [carol] })).toBe(100_000_000n)
    }
    expect(await client(31337).getCode({ address: set.contracts[1]!.usdc })).toBeUndefined()
  })

  it("mints Airlock Punks with an owner per id and a data: URL image", async () => {
    const nft = { address: set.contracts[8453]!.nft, abi: erc721Abi } as const
    const read = client(8453)
    expect(await read.readContract({ ...nft, functionName: "name" })).toBe("Airlock Punks")
    const owners = await Promise.all(
      [1n, 2n, 3n, 4n, 5n].map((tokenId) => read.readContract({ ...nft, functionName: "ownerOf", args: [tokenId] }))
    )
    expect(owners).toEqual([alice, alice, bob, bob, bob])
    await expect(read.readContract({ ...nft, functionName: "ownerOf", args: [6n] })).rejects.toThrow()
    const uri = await read.readContract({ ...nft, functionName: "tokenURI", args: [1n] })
    const metadata = JSON.parse(Buffer.from(uri.replace("data:application/json;base64,", ""), "base64").toString())
    expect(metadata.name).toBe("Airlock Punk #1")
    expect(metadata.image).toMatch(/^data:image\/svg\+xml;base64,/)
  })

  it("leaves ETH, USDC and NFT transfers between the default accounts in the blocks", async () => {
    const read = client(1)
    const { usdc, nft } = set.contracts[1]!
    const transfer = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)")
    const usdcMoves = await read.getLogs({ address: usdc, event: transfer, fromBlock: 0n })
    expect(usdcMoves.map((log) => [log.args.from, log.args.to, log.args.value])).toContainEqual([
      alice,
      bob,
      250_000_000n
    ])
    const nftTransfer = parseAbiItem(
      "event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)"
    )
    const nftMoves = await read.getLogs({ address: nft, event: nftTransfer, args: { from: alice }, fromBlock: 0n })
    expect(nftMoves.map((log) => [log.args.to, log.args.tokenId])).toEqual([[bob, 3n]])

    const latest = await read.getBlockNumber()
    const blocks = await Promise.all(
      Array.from({ length: Number(latest) }, (_, index) =>
        read.getBlock({ blockNumber: BigInt(index + 1), includeTransactions: true })
      )
    )
    // accounts 0..2's own history; the AMM's liquidity account (9) adds its ETH to the pool after them
    const defaultThree = new Set([alice, bob, carol].map((address) => address.toLowerCase()))
    const allMoves = blocks.flatMap((block) => block.transactions).filter((tx) => tx.value > 0n)
    expect(allMoves.map((tx) => tx.from).filter((from) => !defaultThree.has(from.toLowerCase()))).toEqual([
      liquidityAccount.toLowerCase()
    ])
    const ethMoves = allMoves
      .filter((tx) => defaultThree.has(tx.from.toLowerCase()))
      .map((tx) => [tx.from.toLowerCase(), tx.to?.toLowerCase(), tx.value])
    expect(ethMoves).toEqual([
      [alice.toLowerCase(), bob.toLowerCase(), parseEther("1")],
      [bob.toLowerCase(), alice.toLowerCase(), parseEther("0.5")]
    ])
    // fixed block times: genesis on 2026-01-01, then one block every 12 s while seeding
    expect(blocks[0]!.timestamp).toBe(1_767_225_612n)
  })

  it("deploys Uniswap V2 on 1 and 8453 from account 9, with ETH/USDC at 2,500 USDC and USDC/DAI at par", async () => {
    const pairAbi = parseAbi([
      "function getReserves() view returns (uint112, uint112, uint32)",
      "function token0() view returns (address)",
      "function balanceOf(address) view returns (uint256)"
    ])
    const factoryAbi = parseAbi(["function getPair(address, address) view returns (address)"])
    for (const chainId of [1, 8453]) {
      const read = client(chainId)
      const usdc = set.contracts[chainId]!.usdc
      const { factory, weth, dai, pairs } = ammContracts
      // the factory created the pairs where the router's init-code hash says they are
      expect(
        await read.readContract({ address: factory, abi: factoryAbi, functionName: "getPair", args: [weth, usdc] })
      ).toBe(pairs.wethUsdc)
      expect(
        await read.readContract({ address: factory, abi: factoryAbi, functionName: "getPair", args: [usdc, dai] })
      ).toBe(pairs.usdcDai)
      const reserves = async (pair: Address, first: Address) => {
        const [[r0, r1], token0] = await Promise.all([
          read.readContract({ address: pair, abi: pairAbi, functionName: "getReserves" }),
          read.readContract({ address: pair, abi: pairAbi, functionName: "token0" })
        ])
        return token0 === first ? [r0, r1] : [r1, r0]
      }
      expect(await reserves(pairs.wethUsdc, weth)).toEqual([ammReserves.wethUsdc.weth, ammReserves.wethUsdc.usdc])
      expect(await reserves(pairs.usdcDai, usdc)).toEqual([ammReserves.usdcDai.usdc, ammReserves.usdcDai.dai])
      expect(
        await read.readContract({
          address: pairs.wethUsdc,
          abi: pairAbi,
          functionName: "balanceOf",
          args: [liquidityAccount]
        })
      ).toBeGreaterThan(0n)
      const daiToken = { address: dai, abi: erc20Abi } as const
      expect(await read.readContract({ ...daiToken, functionName: "symbol" })).toBe("DAI")
      expect(await read.readContract({ ...daiToken, functionName: "decimals" })).toBe(18)
      // accounts 0..2 keep the seeded USDC and nonces; the USDC supply counts the liquidity account's
      for (const [holder, balance] of Object.entries(seeded.usdcBalances))
        expect(
          await read.readContract({
            address: usdc,
            abi: erc20Abi,
            functionName: "balanceOf",
            args: [holder as Address]
          })
        ).toBe(balance)
      expect(await read.readContract({ address: usdc, abi: erc20Abi, functionName: "totalSupply" })).toBe(
        12_600_000_000n + ammReserves.wethUsdc.usdc + ammReserves.usdcDai.usdc
      )
      expect(await Promise.all([alice, bob, carol].map((address) => read.getTransactionCount({ address })))).toEqual([
        13, 2, 0
      ])
    }
  })

  it("gives the router the init-code hash of the pair it deploys, patching the constant only when they differ", () => {
    expect(pairInitCodeHash).toBe(publishedPairInitCodeHash)
    const other = `0x${"ab".repeat(32)}` as const
    const code = `0x6000${publishedPairInitCodeHash.slice(2)}6000` as const
    expect(routerWithPairHash(code, publishedPairInitCodeHash, publishedPairInitCodeHash)).toBe(code)
    expect(routerWithPairHash(code, publishedPairInitCodeHash, other)).toBe(`0x6000${other.slice(2)}6000`)
    expect(() => routerWithPairHash("0x6000", publishedPairInitCodeHash, other)).toThrow(/exactly once/)
  })

  it("gives every run the same contract addresses", async () => {
    expect(set.contracts[1]).toEqual({
      usdc: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      nft: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512"
    })
    expect(set.contracts[8453]).toEqual(set.contracts[1])
    expect(ammContracts).toEqual({
      weth: "0x700b6A60ce7EaaEA56F065753d8dcB9653dbAD35",
      factory: "0xA15BB66138824a1c7167f5E85b957d04Dd34E468",
      router: "0xb19b36b1456E65E3A6D514D3F715f204BD59f431",
      dai: "0x8ce361602B935680E8DeC218b820ff5056BeB7af",
      pairs: {
        wethUsdc: "0x6e3f620c0D4933e7Edaf74c94bD58F382228aee8",
        usdcDai: "0xb3b7De70B5878752036D3781908520F7733E47E5"
      }
    })
    for (const address of Object.values({ ...ammContracts, ...ammContracts.pairs }))
      if (typeof address === "string") expect(await client(1).getCode({ address })).toBeDefined()
  })
})

describe("stopping", () => {
  it("leaves no anvil process and closes the RPC port", async () => {
    const set = await startChains({ chains: [{ chainId: 10 }, { chainId: 42161, seed: false }] })
    const pids = anvilPids()
    expect(pids.length).toBeGreaterThanOrEqual(2)
    await set.stop()
    expect(pids.filter(processIsAlive)).toEqual([])
    await expect(fetch(set.chains[0]!.rpcUrl, { method: "POST" })).rejects.toThrow()
  }, 20_000)

  it("rejects when one chain's port is busy, naming it, and leaves none of the other chains running", async () => {
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve))
    const busy = (blocker.address() as AddressInfo).port
    const before = new Set(anvilChildren())
    try {
      await expect(
        startChains({ chains: [{ chainId: 1 }, { chainId: 8453, port: busy }, { chainId: 10 }, { chainId: 31337 }] })
      ).rejects.toThrow(`port ${busy}`)
      // startChains settles every start before it rejects (allSettled), so a process still starting at the first
      // failure has been spawned and stopped by now: none is left, and none can show up later.
      expect(anvilChildren().filter((pid) => !before.has(pid))).toEqual([])
    } finally {
      blocker.close()
    }
  }, 30_000)

  it("refuses a chain list with the same id twice", async () => {
    await expect(startChains({ chains: [{ chainId: 1 }, { chainId: 1 }] })).rejects.toThrow(/duplicate chain id/)
  })
})
