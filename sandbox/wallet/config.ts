/**
 * Configuration of the Sandbox Wallet, shared by the browser script (`inject.ts`) and its Node build (`build.ts`).
 * Types and pure helpers only: nothing here touches the DOM.
 */
import type { WalletSolanaChain } from "../../server/wallet/solanaRequests.ts"

export type { WalletSolanaChain }

/** How consent requests (connect, switch or add network, signatures, sends) are answered. */
export type WalletMode = "prompt" | "approve" | "reject"

/** A chain the wallet can sign and send on. */
export interface WalletChain {
  readonly chainId: number
  /** JSON-RPC endpoint (the anvil node of that chain). */
  readonly rpcUrl: string
  /** Shown in prompts. @default a known name ("Ethereum", "Base"…) or "Chain <id>" */
  readonly name?: string
}

/** What the page (or the build) sets as `window.__sandboxWallet` before the script runs. */
export interface SandboxWalletConfig {
  readonly chains: ReadonlyArray<WalletChain>
  /** Chain selected at start. @default the first of `chains` */
  readonly chainId?: number
  /** `?sandboxWallet=approve|reject|prompt` on the page URL overrides it. @default "prompt" */
  readonly mode?: WalletMode
  /** Key the wallet signs with. @default anvil's first default key */
  readonly privateKey?: `0x${string}`
  /** Also set `window.ethereum` when the page has none (EIP-6963 announcing happens always). @default false */
  readonly windowEthereum?: boolean
  /** Remember the connection and chain in localStorage, as an extension remembers a site. @default true */
  readonly persist?: boolean
  /** Also register the Sandbox Solana Wallet (Wallet Standard) for this chain. Absent: EVM only. */
  readonly solana?: WalletSolanaChain
}

declare global {
  interface Window {
    __sandboxWallet?: SandboxWalletConfig
  }
}

/** anvil's first default key (public test key: account 0xf39F…2266). */
export const defaultPrivateKey = "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80" as const

/**
 * The sandbox's Solana account 0 (`solanaPrivateKey(0)` of `sandbox/solana/accounts.ts`, which needs node:crypto, so
 * the browser bundle carries the value): address 8swV2M1CbyejEo6ScGRSXSpoiAXQGeKz9Df1Z1tnPaMJ.
 */
export const defaultSolanaPrivateKey = "0x45871d1901b6e747ff4b2117b34d0c9bc36d300fc899f059acce1ad1dff03f00" as const

/** The sandbox's Solana account 1 (`solanaPrivateKey(1)`): the Sandbox Solana Wallet's second account. */
export const secondSolanaPrivateKey = "0xacee96b8b9f34797c7799baacc52b045f1fbcec66a9412946f736086c4dd3c9d" as const

/** Name the Sandbox Solana Wallet registers under (Wallet Standard) and shows as its prompts' title. */
export const solanaWalletName = "Sandbox Solana Wallet"

/** EIP-6963 reverse-DNS id of the Sandbox Wallet. */
export const walletRdns = "dev.airlock.sandbox"

/** Name announced over EIP-6963 and shown as the prompt's title. */
export const walletName = "Sandbox Wallet"

const knownChainNames: Readonly<Record<number, string>> = {
  1: "Ethereum",
  10: "OP Mainnet",
  137: "Polygon",
  8453: "Base",
  31337: "Anvil",
  42161: "Arbitrum One",
  84532: "Base Sepolia",
  11155111: "Sepolia"
}

/** Human name of a chain for prompts. */
export const chainName = (chain: { readonly chainId: number; readonly name?: string }): string =>
  chain.name ?? knownChainNames[chain.chainId] ?? `Chain ${chain.chainId}`

/** Reads a mode from a string (the URL override), ignoring anything else. */
export const parseMode = (value: string | null | undefined): WalletMode | undefined =>
  value === "prompt" || value === "approve" || value === "reject" ? value : undefined
