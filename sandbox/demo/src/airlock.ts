/**
 * The demo's Airlock client: the sandbox's endpoints, its local chains as the supported networks, and every feature
 * that changes what a visitor can do switched on.
 */
import { type AirlockClient, type CaipNetwork, createAirlock } from "airlock-kit"
import { embedded } from "airlock-kit/embedded"
import { evm } from "airlock-kit/evm"
import { defineNetwork, evmNetwork, solanaLocalnet } from "airlock-kit/networks"
import { serverSiwx } from "airlock-kit/siwx"
import { solana } from "airlock-kit/solana"
import { walletConnect } from "airlock-kit/walletconnect"
import type { DemoChain, DemoConfig, DemoSolanaChain } from "./config.ts"

const known: Readonly<Record<number, { readonly name: string; readonly explorer: readonly [string, string] }>> = {
  1: { name: "Ethereum", explorer: ["Etherscan", "https://etherscan.io"] },
  8453: { name: "Base", explorer: ["Basescan", "https://basescan.org"] },
  59144: { name: "Linea", explorer: ["Lineascan", "https://lineascan.build"] }
}

/** A chain of the sandbox as an Airlock network whose only RPC is the local anvil node. */
export const demoNetwork = (chain: DemoChain): CaipNetwork => {
  const facts = known[chain.chainId] ?? { name: `Chain ${chain.chainId}`, explorer: ["None", chain.rpcUrl] as const }
  return evmNetwork({ id: chain.chainId, name: facts.name, rpc: chain.rpcUrl, explorer: facts.explorer })
}

/** The sandbox's Solana chain as an Airlock network whose only RPC is the local litesvm server. */
export const demoSolanaNetwork = (chain: DemoSolanaChain): CaipNetwork =>
  defineNetwork({
    ...solanaLocalnet,
    id: chain.caipNetworkId.slice("solana:".length),
    chainNamespace: "solana",
    name: "Solana Sandbox",
    rpcUrls: { default: { http: [chain.rpcUrl], webSocket: [chain.wsUrl] } },
    blockExplorers: {
      default: {
        name: "Solana Explorer",
        url: `https://explorer.solana.com/?cluster=custom&customUrl=${encodeURIComponent(chain.rpcUrl)}`
      }
    }
  })

/**
 * The page's sign-in mode, from its address: `?siwx=required` or `?siwx=optional` turns sign-in with the wallet on,
 * checked by the sandbox API (its `/auth/v1/*` routes); without it the demo connects without signing in.
 */
export const siwxMode = (search: string): "required" | "optional" | undefined => {
  const mode = new URLSearchParams(search).get("siwx")
  return mode === "required" || mode === "optional" ? mode : undefined
}

/**
 * Creates the demo's client from the runtime configuration.
 * @example
 * ```ts
 * const airlock = createDemoAirlock(parseDemoConfig(await (await fetch("/config.json")).json()))
 * ```
 */
export const createDemoAirlock = (config: DemoConfig): AirlockClient => {
  const [first, ...rest] = config.chains.map(demoNetwork)
  if (first === undefined) throw new Error("The demo needs at least one chain")
  const solanaNetworks = config.solana === undefined ? [] : [demoSolanaNetwork(config.solana)]
  const signIn = siwxMode(window.location.search)
  return createAirlock({
    projectId: config.projectId,
    networks: [first, ...rest, ...solanaNetworks],
    metadata: {
      name: "Airlock Demo",
      description: "The Airlock sandbox demo dapp",
      url: window.location.origin,
      icons: [`${window.location.origin}/favicon.svg`]
    },
    // Features the project's remote configuration controls (email, socials, swaps, onramp, activity, multiWallet,
    // emailCapture) come from the sandbox's demo project, which has them all on; setting them here too would only be
    // overridden with a warning (SPEC §1). `pay` stays off because it turns email and socials off (SPEC §6).
    // legalCheckbox and collapseWallets are presentation choices left at their defaults.
    features: {
      receive: true,
      send: true,
      analytics: true,
      allWallets: true,
      smartSessions: true,
      signOutOnDisconnect: true
    },
    // Browser wallets (EIP-6963, e.g. the Sandbox Wallet the demo page injects; Wallet Standard, e.g. the Sandbox
    // Solana Wallet) and mobile wallets over the sandbox's WalletConnect relay (the Sandbox Mobile Wallet).
    adapters: [
      evm(),
      ...(config.solana === undefined ? [] : [solana()]),
      ...(config.relay === undefined ? [] : [walletConnect()]),
      // Email and social logins: the embedded wallet, whose frame is the sandbox's secure site.
      ...(config.frame === undefined ? [] : [embedded()])
    ],
    ...(signIn === undefined
      ? {}
      : {
          siwx: serverSiwx({
            url: config.api,
            projectId: config.projectId,
            statement: "Sign in to the Airlock demo",
            required: signIn === "required"
          })
        }),
    enableReconnect: true,
    enableNetworkSwitch: true,
    endpoints: {
      walletApi: config.api,
      blockchainApi: config.api,
      analytics: config.api,
      ...(config.relay === undefined ? {} : { relay: config.relay }),
      // The embedded wallet's secure site: email and social logins run in its cross-origin frame.
      ...(config.frame === undefined ? {} : { frame: config.frame })
    },
    logLevel: "warn"
  })
}
