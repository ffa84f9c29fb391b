import { evmNetwork } from "./defineNetwork.ts"

// Public RPC endpoints and explorers as each chain's operator documents them; apps override rpcUrls for production.

/** Ethereum mainnet (`eip155:1`). */
export const mainnet = /* @__PURE__ */ evmNetwork({
  id: 1,
  name: "Ethereum",
  rpc: "https://ethereum-rpc.publicnode.com",
  explorer: ["Etherscan", "https://etherscan.io"]
})

/** OP Mainnet (`eip155:10`). */
export const optimism = /* @__PURE__ */ evmNetwork({
  id: 10,
  name: "OP Mainnet",
  rpc: "https://mainnet.optimism.io",
  explorer: ["Optimism Explorer", "https://optimistic.etherscan.io"]
})

/** BNB Smart Chain (`eip155:56`). */
export const bsc = /* @__PURE__ */ evmNetwork({
  id: 56,
  name: "BNB Smart Chain",
  rpc: "https://bsc-dataseed.bnbchain.org",
  explorer: ["BscScan", "https://bscscan.com"],
  currency: { name: "BNB", symbol: "BNB", decimals: 18 }
})

/** Gnosis (`eip155:100`). */
export const gnosis = /* @__PURE__ */ evmNetwork({
  id: 100,
  name: "Gnosis",
  rpc: "https://rpc.gnosischain.com",
  explorer: ["Gnosisscan", "https://gnosisscan.io"],
  currency: { name: "xDAI", symbol: "XDAI", decimals: 18 }
})

/** Polygon PoS (`eip155:137`). */
export const polygon = /* @__PURE__ */ evmNetwork({
  id: 137,
  name: "Polygon",
  rpc: "https://polygon-rpc.com",
  explorer: ["PolygonScan", "https://polygonscan.com"],
  currency: { name: "POL", symbol: "POL", decimals: 18 }
})

/** Fantom Opera (`eip155:250`). */
export const fantom = /* @__PURE__ */ evmNetwork({
  id: 250,
  name: "Fantom",
  rpc: "https://rpc.ftm.tools",
  explorer: ["FTMScan", "https://ftmscan.com"],
  currency: { name: "Fantom", symbol: "FTM", decimals: 18 }
})

/** ZKsync Era (`eip155:324`). */
export const zksync = /* @__PURE__ */ evmNetwork({
  id: 324,
  name: "ZKsync Era",
  rpc: "https://mainnet.era.zksync.io",
  explorer: ["ZKsync Explorer", "https://explorer.zksync.io"]
})

/** Polygon zkEVM (`eip155:1101`). */
export const polygonZkEvm = /* @__PURE__ */ evmNetwork({
  id: 1101,
  name: "Polygon zkEVM",
  rpc: "https://zkevm-rpc.com",
  explorer: ["PolygonScan", "https://zkevm.polygonscan.com"]
})

/** Mantle (`eip155:5000`). */
export const mantle = /* @__PURE__ */ evmNetwork({
  id: 5000,
  name: "Mantle",
  rpc: "https://rpc.mantle.xyz",
  explorer: ["Mantle Explorer", "https://mantlescan.xyz"],
  currency: { name: "MNT", symbol: "MNT", decimals: 18 }
})

/** Klaytn / Kaia (`eip155:8217`). */
export const klaytn = /* @__PURE__ */ evmNetwork({
  id: 8217,
  name: "Klaytn",
  rpc: "https://public-en-cypress.klaytn.net",
  explorer: ["KlaytnScope", "https://scope.klaytn.com"],
  currency: { name: "Klaytn", symbol: "KLAY", decimals: 18 }
})

/** Base (`eip155:8453`). */
export const base = /* @__PURE__ */ evmNetwork({
  id: 8453,
  name: "Base",
  rpc: "https://mainnet.base.org",
  explorer: ["Basescan", "https://basescan.org"]
})

/** Arbitrum One (`eip155:42161`). */
export const arbitrum = /* @__PURE__ */ evmNetwork({
  id: 42161,
  name: "Arbitrum One",
  rpc: "https://arb1.arbitrum.io/rpc",
  explorer: ["Arbiscan", "https://arbiscan.io"]
})

/** Celo (`eip155:42220`). */
export const celo = /* @__PURE__ */ evmNetwork({
  id: 42220,
  name: "Celo",
  rpc: "https://forno.celo.org",
  explorer: ["Celoscan", "https://celoscan.io"],
  currency: { name: "CELO", symbol: "CELO", decimals: 18 }
})

/** Avalanche C-Chain (`eip155:43114`). */
export const avalanche = /* @__PURE__ */ evmNetwork({
  id: 43114,
  name: "Avalanche",
  rpc: "https://api.avax.network/ext/bc/C/rpc",
  explorer: ["SnowTrace", "https://snowtrace.io"],
  currency: { name: "Avalanche", symbol: "AVAX", decimals: 18 }
})

/** Linea (`eip155:59144`). */
export const linea = /* @__PURE__ */ evmNetwork({
  id: 59144,
  name: "Linea Mainnet",
  rpc: "https://rpc.linea.build",
  explorer: ["Lineascan", "https://lineascan.build"],
  currency: { name: "Linea Ether", symbol: "ETH", decimals: 18 }
})

/** Blast (`eip155:81457`). */
export const blast = /* @__PURE__ */ evmNetwork({
  id: 81457,
  name: "Blast",
  rpc: "https://rpc.blast.io",
  explorer: ["Blastscan", "https://blastscan.io"]
})

/** Scroll (`eip155:534352`). */
export const scroll = /* @__PURE__ */ evmNetwork({
  id: 534352,
  name: "Scroll",
  rpc: "https://rpc.scroll.io",
  explorer: ["Scrollscan", "https://scrollscan.com"]
})

/** Zora (`eip155:7777777`). */
export const zora = /* @__PURE__ */ evmNetwork({
  id: 7777777,
  name: "Zora",
  rpc: "https://rpc.zora.energy",
  explorer: ["Zora Explorer", "https://explorer.zora.energy"]
})

/** Aurora (`eip155:1313161554`). */
export const aurora = /* @__PURE__ */ evmNetwork({
  id: 1313161554,
  name: "Aurora",
  rpc: "https://mainnet.aurora.dev",
  explorer: ["Aurorascan", "https://aurorascan.dev"]
})
