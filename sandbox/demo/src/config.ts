/**
 * The runtime configuration the demo server hands the page at `/config.json`: where the sandbox API lives, the demo
 * project id and the local chains. Shared by the server (Node) and the page (browser); types and a guard only.
 */

/** One local chain as the page sees it. */
export interface DemoChain {
  readonly chainId: number
  /** CAIP-2 id, e.g. `eip155:8453`. */
  readonly caipNetworkId: string
  readonly rpcUrl: string
}

/** What `/config.json` holds. */
export interface DemoConfig {
  /** Project id known to the sandbox API. */
  readonly projectId: string
  /** Base URL of the sandbox API (wallet API, blockchain API and analytics all live there). */
  readonly api: string
  /** The chains the demo supports, in order (the first is the default network). */
  readonly chains: ReadonlyArray<DemoChain>
  /** The sandbox's WalletConnect relay (`ws://127.0.0.1:<port>`). */
  readonly relay?: string | undefined
  /** The sandbox's local Solana chain (litesvm), when the sandbox runs one. */
  readonly solana?: DemoSolanaChain | undefined
  /** The embedded wallet's secure site (`http://127.0.0.1:<port>`), for `endpoints.frame`. */
  readonly frame?: string | undefined
}

/** The local Solana chain as the page sees it. */
export interface DemoSolanaChain {
  /** CAIP-2 id, `solana:<genesis hash prefix>`. */
  readonly caipNetworkId: `solana:${string}`
  /** JSON-RPC over HTTP. */
  readonly rpcUrl: string
  /** JSON-RPC subscriptions over WebSocket. */
  readonly wsUrl: string
}

/** Path the demo server answers with the {@link DemoConfig}. */
export const configPath = "/config.json"

/** Path the demo server answers with the configured Sandbox Wallet script. */
export const walletScriptPath = "/sandbox-wallet.js"

const isChain = (value: unknown): value is DemoChain => {
  if (typeof value !== "object" || value === null) return false
  const chain = value as Record<string, unknown>
  return (
    typeof chain.chainId === "number" && typeof chain.caipNetworkId === "string" && typeof chain.rpcUrl === "string"
  )
}

/**
 * Checks a parsed `/config.json`; a wrong shape is a readable error rather than a blank page later.
 * @example
 * ```ts
 * const config = parseDemoConfig(await (await fetch("/config.json")).json())
 * ```
 */
export const parseDemoConfig = (value: unknown): DemoConfig => {
  if (typeof value !== "object" || value === null) throw new Error("config.json: expected an object")
  const config = value as Record<string, unknown>
  if (typeof config.projectId !== "string") throw new Error("config.json: projectId must be a string")
  if (typeof config.api !== "string") throw new Error("config.json: api must be a string")
  if (!Array.isArray(config.chains) || config.chains.length === 0 || !config.chains.every(isChain))
    throw new Error("config.json: chains must be a non-empty list of { chainId, caipNetworkId, rpcUrl }")
  if (config.relay !== undefined && (typeof config.relay !== "string" || !/^wss?:\/\//.test(config.relay)))
    throw new Error("config.json: relay must be a ws:// or wss:// URL")
  const solana = config.solana as Partial<DemoSolanaChain> | undefined
  if (
    solana !== undefined &&
    (typeof solana !== "object" ||
      solana === null ||
      typeof solana.caipNetworkId !== "string" ||
      !/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/.test(solana.caipNetworkId) ||
      typeof solana.rpcUrl !== "string" ||
      typeof solana.wsUrl !== "string")
  )
    throw new Error("config.json: solana must be { caipNetworkId: 'solana:<32 base58>', rpcUrl, wsUrl }")
  if (config.frame !== undefined && (typeof config.frame !== "string" || !/^https?:\/\//.test(config.frame)))
    throw new Error("config.json: frame must be an http:// or https:// URL")
  return {
    projectId: config.projectId,
    api: config.api,
    chains: config.chains,
    ...(config.relay === undefined ? {} : { relay: config.relay }),
    ...(solana === undefined ? {} : { solana: solana as DemoSolanaChain }),
    ...(config.frame === undefined ? {} : { frame: config.frame as string })
  }
}
