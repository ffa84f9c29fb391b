import * as Schema from "effect/Schema"
import { describe, expect, it, vi } from "vitest"
import {
  arbitrum,
  arbitrumBlockTimeMs,
  aurora,
  avalanche,
  base,
  baseSepolia,
  bsc,
  defaultNetwork,
  defineNetwork,
  ethereumBlockTimeMs,
  fantom,
  findNetwork,
  gnosis,
  klaytn,
  knownNetworks,
  mainnet,
  nativeDecimals,
  nativeTokenAddress,
  optimism,
  polygon,
  sepolia,
  solana,
  solanaDevnet,
  solanaTestnet,
  supportsFeature,
  swapNetworkIds,
  zksync
} from "../../../core/networks/index.ts"
import { CaipNetwork, isEvmAddress } from "../../../core/schema/index.ts"
import { createTestAirlock } from "../../../core/testing/index.ts"

describe("known networks", () => {
  it("ship 24 EVM networks and 3 Solana clusters", () => {
    expect(knownNetworks.filter((n) => n.chainNamespace === "eip155")).toHaveLength(24)
    expect(knownNetworks.filter((n) => n.chainNamespace === "solana")).toHaveLength(3)
  })

  it("have unique CAIP network ids", () => {
    const ids = knownNetworks.map((n) => n.caipNetworkId)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it("each decodes through the CaipNetwork schema unchanged", () => {
    for (const network of knownNetworks) expect(Schema.decodeUnknownSync(CaipNetwork)(network)).toEqual(network)
  })

  it("each has an https RPC url and explorer", () => {
    for (const network of knownNetworks) {
      expect(network.rpcUrls.default.http[0]).toMatch(/^https:\/\//)
      expect(network.blockExplorers?.default.url).toMatch(/^https:\/\//)
    }
  })

  it("use the expected chain ids", () => {
    const ids = [mainnet, optimism, bsc, gnosis, polygon, fantom, zksync, base, arbitrum, avalanche, klaytn, aurora]
    expect(ids.map((n) => n.caipNetworkId)).toEqual([
      "eip155:1",
      "eip155:10",
      "eip155:56",
      "eip155:100",
      "eip155:137",
      "eip155:250",
      "eip155:324",
      "eip155:8453",
      "eip155:42161",
      "eip155:43114",
      "eip155:8217",
      "eip155:1313161554"
    ])
    expect(sepolia.caipNetworkId).toBe("eip155:11155111")
    expect(baseSepolia.caipNetworkId).toBe("eip155:84532")
  })

  it("mark test networks", () => {
    expect(sepolia.testnet).toBe(true)
    expect(solanaDevnet.testnet).toBe(true)
    expect(solanaTestnet.testnet).toBe(true)
    expect(mainnet.testnet).toBeUndefined()
  })

  it("give Solana its genesis-hash CAIP ids and 9 decimals", () => {
    expect(solana.caipNetworkId).toBe("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")
    expect(solanaDevnet.caipNetworkId).toBe("solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1")
    expect(solanaTestnet.caipNetworkId).toBe("solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z")
    expect(solana.nativeCurrency.decimals).toBe(nativeDecimals.SOL)
  })

  it("default to Ethereum mainnet, eip155:1", () => {
    expect(defaultNetwork.caipNetworkId).toBe("eip155:1")
    expect(mainnet.nativeCurrency).toEqual({ name: "Ether", symbol: "ETH", decimals: 18 })
  })

  it("can be found by CAIP id; an unknown id finds nothing", () => {
    expect(findNetwork("eip155:8453")).toBe(base)
    expect(findNetwork("eip155:31337")).toBeUndefined()
  })
})

describe("custom networks", () => {
  it("defineNetwork derives the CAIP id of a local anvil chain", () => {
    const anvil = defineNetwork({
      id: 31337,
      name: "Anvil",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } },
      testnet: true
    })
    expect(anvil.caipNetworkId).toBe("eip155:31337")
    expect(anvil.chainNamespace).toBe("eip155")
    expect(findNetwork("eip155:31337", [...knownNetworks, anvil])).toBe(anvil)
  })

  it("a malformed custom network is rejected by the client with a readable error", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const broken = defineNetwork({
      id: 31337,
      name: "Broken",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 1.5 },
      rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } }
    })
    const error = await createTestAirlock({ networks: [broken] }).ready.catch((e: unknown) => e)
    expect(String((error as Error).message)).toContain('at ["networks"][0]["nativeCurrency"]["decimals"]')
    vi.restoreAllMocks()
  })
})

describe("network constants", () => {
  it("swaps run on the 12 networks of SPEC §9, in order", () => {
    expect(swapNetworkIds).toEqual([
      "eip155:1",
      "eip155:42161",
      "eip155:10",
      "eip155:324",
      "eip155:8453",
      "eip155:56",
      "eip155:137",
      "eip155:100",
      "eip155:43114",
      "eip155:250",
      "eip155:8217",
      "eip155:1313161554"
    ])
    for (const id of swapNetworkIds) expect(findNetwork(id)).toBeDefined()
  })

  it("block times, native decimals and the native token placeholder match SPEC §9", () => {
    expect(arbitrumBlockTimeMs).toBe(250)
    expect(ethereumBlockTimeMs).toBe(12000)
    expect(nativeDecimals).toEqual({ ETH: 18, SOL: 9, BTC: 8 })
    expect(nativeTokenAddress).toBe(`0x${"e".repeat(40)}`)
    expect(isEvmAddress(nativeTokenAddress)).toBe(true)
  })

  it("names and activity are eip155 only; balances, send and onramp also solana", () => {
    expect(supportsFeature("names", "solana")).toBe(false)
    expect(supportsFeature("activity", "solana")).toBe(false)
    expect(supportsFeature("swaps", "eip155")).toBe(true)
    for (const feature of ["balances", "send", "onramp"] as const) {
      expect(supportsFeature(feature, "eip155")).toBe(true)
      expect(supportsFeature(feature, "solana")).toBe(true)
      expect(supportsFeature(feature, "bip122")).toBe(false)
    }
  })
})
