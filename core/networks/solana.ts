import { defineNetwork } from "./defineNetwork.ts"

const sol = { name: "Solana", symbol: "SOL", decimals: 9 } as const

// Solana's CAIP-2 reference is the first 32 characters of the cluster's genesis hash.

/** Solana mainnet-beta (`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp`). */
export const solana = /* @__PURE__ */ defineNetwork({
  id: "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  chainNamespace: "solana",
  name: "Solana",
  nativeCurrency: sol,
  rpcUrls: { default: { http: ["https://api.mainnet-beta.solana.com"] } },
  blockExplorers: { default: { name: "Solscan", url: "https://solscan.io" } }
})

/** Solana devnet (`solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1`). */
export const solanaDevnet = /* @__PURE__ */ defineNetwork({
  id: "EtWTRABZaYq6iMfeYKouRu166VU2xqa1",
  chainNamespace: "solana",
  name: "Solana Devnet",
  nativeCurrency: sol,
  rpcUrls: { default: { http: ["https://api.devnet.solana.com"] } },
  blockExplorers: { default: { name: "Solscan", url: "https://solscan.io/?cluster=devnet" } },
  testnet: true
})

/** Solana testnet (`solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z`). */
export const solanaTestnet = /* @__PURE__ */ defineNetwork({
  id: "4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z",
  chainNamespace: "solana",
  name: "Solana Testnet",
  nativeCurrency: sol,
  rpcUrls: { default: { http: ["https://api.testnet.solana.com"] } },
  blockExplorers: { default: { name: "Solscan", url: "https://solscan.io/?cluster=testnet" } },
  testnet: true
})

/**
 * The genesis hash of a local Solana chain that Airlock's sandbox runs (litesvm behind a JSON-RPC server); a local
 * validator answering `getGenesisHash` with it is this network. Fixed, so the CAIP id stays the same across runs.
 */
export const solanaLocalnetGenesisHash = "Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5FZszgWTwr5Ax"

/**
 * A local Solana chain (`solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5`): Airlock's sandbox chain, at the port a local
 * validator listens on by default. Override `rpcUrls` with `defineNetwork` when it runs elsewhere.
 */
export const solanaLocalnet = /* @__PURE__ */ defineNetwork({
  id: "Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5",
  chainNamespace: "solana",
  name: "Solana Localnet",
  nativeCurrency: sol,
  rpcUrls: { default: { http: ["http://127.0.0.1:8899"] } },
  // Solana Explorer reads a local chain through its custom-cluster query (in the visitor's browser, from loopback).
  blockExplorers: {
    default: {
      name: "Solana Explorer",
      url: "https://explorer.solana.com/?cluster=custom&customUrl=http%3A%2F%2F127.0.0.1%3A8899"
    }
  },
  testnet: true
})
