/**
 * The blockchain API's built-in sources against a real anvil chain: the static price table, the transfer indexer
 * starting at a `fromBlock` (or the head at start), reading a bounded number of blocks per sync and tracking only the
 * configured tokens, and balances read through Multicall3 equal to single reads.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import solc from "solc"
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  type Hex,
  http,
  parseEther
} from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { ammContracts } from "../../../sandbox/chain/amm.ts"
import { type Chains, startChains } from "../../../sandbox/chain/index.ts"
import { rpcRequest } from "../../../sandbox/chain/rpc.ts"
import { tokenBalances } from "../../../server/api/balances.ts"
import { makeChainSet, type ServerChainConfig } from "../../../server/api/chains.ts"
import { indexerHistory, type Movement, makeIndexer } from "../../../server/api/indexer.ts"
import { balanceEntry, priced, priceIn, staticPriceSource } from "../../../server/api/prices.ts"

let chains: Chains
let rpcUrl: string
beforeAll(async () => {
  chains = await startChains({ chains: [{ chainId: 1 }] })
  rpcUrl = chains.chains[0]!.rpcUrl
}, 60_000)
afterAll(async () => {
  await chains?.stop()
})

const reader = () => createPublicClient({ transport: http(rpcUrl) })
const address = (index: number): Address => chains.accounts[index]!.address
const usdc = () => chains.contracts[1]!.usdc
const nft = () => chains.contracts[1]!.nft
const head = () => reader().getBlockNumber({ cacheTime: 0 })

/** Sends from default account `index` and waits until it is mined. */
const send = async (index: number, tx: { to?: Address; value?: bigint; data?: Hex }) => {
  const wallet = createWalletClient({
    account: privateKeyToAccount(chains.accounts[index]!.privateKey),
    transport: http(rpcUrl)
  })
  const hash = await wallet.sendTransaction({ ...tx, chain: null })
  await reader().waitForTransactionReceipt({ hash, pollingInterval: 50 })
  return hash
}

const usdcTransfer = (to: Address, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] })

/** A movement with its addresses lower-cased, to compare whatever case the node answers in. */
const lower = (movement: Movement): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(movement).map(([key, value]) => [key, typeof value === "string" ? value.toLowerCase() : value])
  )

const config = (extra: Partial<ServerChainConfig> = {}): ServerChainConfig => ({
  caipNetworkId: "eip155:1",
  rpcUrl,
  tokens: [{ address: usdc(), name: "USD Coin", symbol: "USDC", decimals: 6 }],
  ...extra
})

describe("static price table", () => {
  const source = staticPriceSource({ usd: { ETH: 2500, USDC: 1 }, fiatRates: { usd: 1, eur: 0.9 } })

  it("prices listed symbols in each configured currency and has none for the rest", async () => {
    expect(source.currencies).toEqual(["usd", "eur"])
    expect(await source.prices([{ symbol: "ETH" }, { symbol: "DOGE" }, { symbol: "USDC" }], "eur")).toEqual([
      2250,
      undefined,
      0.9
    ])
    expect(await priceIn(source, "usd")({ symbol: "DOGE" })).toBe(0)
  })

  it("answers in USD only when the table names no currencies", async () => {
    const usdOnly = staticPriceSource({ usd: { ETH: 3000 } })
    expect(usdOnly.currencies).toEqual(["usd"])
    expect(await usdOnly.prices([{ symbol: "ETH" }], "eur")).toEqual([undefined])
  })

  it("values balance rows with one call for all of them", async () => {
    const chain = { caipNetworkId: "eip155:1" }
    const meta = { name: "Ether", symbol: "ETH", decimals: 18 }
    const rows = await priced(source, "usd", [{ chain, meta, amount: parseEther("2"), iconUrl: "" }])
    expect(rows).toEqual([balanceEntry({ chain, meta, amount: parseEther("2"), price: 2500, iconUrl: "" })])
    expect(rows[0]!.value).toBe(5000)
  })
})

describe("transfer indexer", () => {
  it("starts at the configured fromBlock: the seed history before it is never read", async () => {
    const from = (await head()) + 1n
    const set = makeChainSet([config({ fromBlock: from })], [])
    const history = indexerHistory(makeIndexer(set))
    const hash = await send(1, { to: usdc(), data: usdcTransfer(address(6), 1_000_000n) })
    const mine = await history.transactions(set.supported, address(1))
    expect(mine.map((tx) => tx.hash)).toEqual([hash])
    expect(mine[0]!.blockNumber).toBeGreaterThanOrEqual(from)
    expect(mine[0]!.movements.map(lower)).toEqual([
      lower({ kind: "erc20", token: usdc(), from: address(1), to: address(6), amount: 1_000_000n })
    ])
  })

  it("starts at the chain's head when started without a fromBlock, and sees native transfers after it", async () => {
    const set = makeChainSet([config()], [])
    const indexer = makeIndexer(set)
    await indexer.start()
    const hash = await send(2, { to: address(7), value: parseEther("0.25") })
    const received = await indexerHistory(indexer).transactions(set.supported, address(7))
    expect(received.map((tx) => tx.hash)).toEqual([hash])
    expect(received[0]!.movements.map(lower)).toEqual([
      lower({ kind: "native", from: address(2), to: address(7), amount: parseEther("0.25") })
    ])
    // account 0's seed transactions all came before the head the indexer started at
    const seeded = await indexerHistory(indexer).transactions(set.supported, address(0))
    expect(seeded).toEqual([])
  })

  it("reads at most maxBlocksPerSync blocks per sync, catching up over later syncs", async () => {
    const set = makeChainSet([config({ fromBlock: (await head()) + 1n })], [])
    const indexer = makeIndexer(set, { maxBlocksPerSync: 2 })
    await rpcRequest(rpcUrl, "anvil_mine", ["0x4"])
    const hash = await send(3, { to: address(8), value: 1n })
    // four empty blocks then the transfer's: two syncs read blocks 1-4, the third reaches the transfer
    const seen: Array<number> = []
    for (let sync = 0; sync < 3; sync++) {
      await indexer.sync(set.supported)
      seen.push(indexer.indexed(set.supported[0]!).length)
    }
    expect(seen).toEqual([0, 0, 1])
    expect(indexer.indexed(set.supported[0]!)[0]!.hash).toBe(hash)
  })

  it("tracks Transfer logs of configured tokens only: an unlisted collection's transfer moves nothing", async () => {
    const from = (await head()) + 1n
    const plain = makeChainSet([config({ fromBlock: from })], [])
    const withNfts = makeChainSet([config({ fromBlock: from, nfts: [nft()] })], [])
    const data = encodeFunctionData({
      abi: erc721Abi,
      functionName: "transferFrom",
      args: [address(0), address(5), 2n]
    })
    const hash = await send(0, { to: nft(), data })
    const [sent] = await indexerHistory(makeIndexer(plain)).transactions(plain.supported, address(0))
    expect(sent?.hash).toBe(hash)
    expect(sent?.movements).toEqual([])
    expect(await indexerHistory(makeIndexer(plain)).transactions(plain.supported, address(5))).toEqual([])
    const [received] = await indexerHistory(makeIndexer(withNfts)).transactions(withNfts.supported, address(5))
    expect(received?.movements.map(lower)).toEqual([
      lower({ kind: "erc721", token: nft(), from: address(0), to: address(5), tokenId: 2n })
    ])
  })
})

/** Compiles the test's `aggregate3` contract (solc's wasm build, as `sandbox/chain/compile.ts`). */
const batchReadsArtifact = (): { abi: ReadonlyArray<unknown>; bytecode: Hex } => {
  const content = readFileSync(join(import.meta.dirname, "contracts", "BatchReads.sol"), "utf8")
  const input = {
    language: "Solidity",
    sources: { "BatchReads.sol": { content } },
    settings: { evmVersion: "cancun", outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } } }
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    contracts: Record<string, Record<string, { abi: ReadonlyArray<unknown>; evm: { bytecode: { object: string } } }>>
  }
  const compiled = output.contracts["BatchReads.sol"]!.BatchReads!
  return { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` }
}

describe("balances", () => {
  it("reads every token through Multicall3 in one request, equal to one balanceOf per token", async () => {
    const { bytecode } = batchReadsArtifact()
    const wallet = createWalletClient({
      account: privateKeyToAccount(chains.accounts[4]!.privateKey),
      transport: http(rpcUrl)
    })
    const deployHash = await wallet.deployContract({ abi: [], bytecode, chain: null })
    const multicall3 = (await reader().waitForTransactionReceipt({ hash: deployHash })).contractAddress!
    let requests = 0
    const client = createPublicClient({
      transport: http(rpcUrl, { onFetchRequest: () => void requests++ })
    })
    const tokens = [usdc(), ammContracts.dai, nft()]
    for (const owner of [address(0), address(1), address(9)]) {
      const single = await Promise.all(
        tokens.map((token) =>
          reader().readContract({ address: token, abi: erc20Abi, functionName: "balanceOf", args: [owner] })
        )
      )
      requests = 0
      expect(await tokenBalances({ client, multicall3 }, owner, tokens)).toEqual(single)
      expect(requests).toBe(1)
      expect(await tokenBalances({ client, multicall3: undefined }, owner, tokens)).toEqual(single)
    }
    expect(await tokenBalances({ client, multicall3 }, address(0), [])).toEqual([])
  })
})
