import { describe, expect, it } from "vitest"
import * as networks from "../../../core/networks/index.ts"

describe("airlock/networks entry", () => {
  it("exports exactly the documented names", () => {
    expect(Object.keys(networks).sort()).toMatchInlineSnapshot(`
      [
        "arbitrum",
        "arbitrumBlockTimeMs",
        "arbitrumSepolia",
        "aurora",
        "avalanche",
        "base",
        "baseSepolia",
        "blast",
        "bsc",
        "celo",
        "defaultNetwork",
        "defineNetwork",
        "ether",
        "ethereumBlockTimeMs",
        "evmNetwork",
        "fantom",
        "featureNamespaces",
        "findNetwork",
        "gnosis",
        "klaytn",
        "knownNetworks",
        "linea",
        "mainnet",
        "mantle",
        "nativeDecimals",
        "nativeTokenAddress",
        "optimism",
        "optimismSepolia",
        "polygon",
        "polygonAmoy",
        "polygonZkEvm",
        "scroll",
        "sepolia",
        "solana",
        "solanaDevnet",
        "solanaLocalnet",
        "solanaLocalnetGenesisHash",
        "solanaTestnet",
        "supportsFeature",
        "swapNetworkIds",
        "zksync",
        "zora",
      ]
    `)
  })
})
