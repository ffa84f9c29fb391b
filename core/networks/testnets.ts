import { evmNetwork } from "./defineNetwork.ts"

const sepoliaEther = { name: "Sepolia Ether", symbol: "ETH", decimals: 18 } as const

/** Ethereum Sepolia (`eip155:11155111`). */
export const sepolia = /* @__PURE__ */ evmNetwork({
  id: 11155111,
  name: "Sepolia",
  rpc: "https://ethereum-sepolia-rpc.publicnode.com",
  explorer: ["Etherscan", "https://sepolia.etherscan.io"],
  currency: sepoliaEther,
  testnet: true
})

/** Base Sepolia (`eip155:84532`). */
export const baseSepolia = /* @__PURE__ */ evmNetwork({
  id: 84532,
  name: "Base Sepolia",
  rpc: "https://sepolia.base.org",
  explorer: ["Basescan", "https://sepolia.basescan.org"],
  currency: sepoliaEther,
  testnet: true
})

/** Arbitrum Sepolia (`eip155:421614`). */
export const arbitrumSepolia = /* @__PURE__ */ evmNetwork({
  id: 421614,
  name: "Arbitrum Sepolia",
  rpc: "https://sepolia-rollup.arbitrum.io/rpc",
  explorer: ["Arbiscan", "https://sepolia.arbiscan.io"],
  currency: { name: "Arbitrum Sepolia Ether", symbol: "ETH", decimals: 18 },
  testnet: true
})

/** OP Sepolia (`eip155:11155420`). */
export const optimismSepolia = /* @__PURE__ */ evmNetwork({
  id: 11155420,
  name: "OP Sepolia",
  rpc: "https://sepolia.optimism.io",
  explorer: ["Blockscout", "https://optimism-sepolia.blockscout.com"],
  currency: sepoliaEther,
  testnet: true
})

/** Polygon Amoy (`eip155:80002`). */
export const polygonAmoy = /* @__PURE__ */ evmNetwork({
  id: 80002,
  name: "Polygon Amoy",
  rpc: "https://rpc-amoy.polygon.technology",
  explorer: ["PolygonScan", "https://amoy.polygonscan.com"],
  currency: { name: "POL", symbol: "POL", decimals: 18 },
  testnet: true
})
