/**
 * Local EVM chains for the sandbox: anvil nodes on 127.0.0.1 with funded default accounts and, on seeded chains,
 * the USDC stand-in and Airlock Punks with some history, then Uniswap V2 with ETH/USDC and USDC/DAI pools (`amm.ts`).
 *
 * Run alone: `npx node sandbox/chain/index.ts` (Ctrl-C stops every node).
 */
import type { Address } from "viem"
import { defaultAccounts, type SandboxAccount } from "./accounts.ts"
import { type AnvilProcess, spawnAnvil } from "./anvil.ts"
import { type SeededContracts, seedChain } from "./seed.ts"

export { defaultAccounts, defaultMnemonic, type SandboxAccount } from "./accounts.ts"
export { type AmmContracts, ammContracts, ammReserves, liquidityAccount } from "./amm.ts"
export { accountFactoryAddress, type SeededContracts, seeded } from "./seed.ts"

/** One chain to start. */
export interface ChainOptions {
  readonly chainId: number
  /** Port to listen on; 0 picks a free one. @default 0 */
  readonly port?: number
  /** Deploy the contracts and make the seed transfers. @default true */
  readonly seed?: boolean
}

/** Options of {@link startChains}. */
export interface StartChainsOptions {
  /**
   * The chains to start.
   * @default [{ chainId: 1 }, { chainId: 8453 }, { chainId: 31337, seed: false }]
   */
  readonly chains?: ReadonlyArray<ChainOptions>
  /** Unix time (seconds) of every genesis block. @default 1767225600 (2026-01-01T00:00:00Z) */
  readonly genesisTimestamp?: number
}

/** A started chain. */
export interface StartedChain {
  readonly chainId: number
  /** CAIP-2 id, e.g. `eip155:8453`. */
  readonly caipNetworkId: `eip155:${number}`
  readonly rpcUrl: string
}

/** The running chain set. */
export interface Chains {
  readonly chains: ReadonlyArray<StartedChain>
  /** anvil's default accounts, funded on every chain; index 0 is the Sandbox Wallet's. */
  readonly accounts: ReadonlyArray<SandboxAccount>
  /** Contract addresses by chain id, for seeded chains only. */
  readonly contracts: Readonly<Record<number, SeededContracts>>
  /** Kills every node and resolves once all have exited. */
  readonly stop: () => Promise<void>
}

/** Ethereum and Base (the demo's networks) plus 31337, a chain the demo does not support. */
export const defaultChains: ReadonlyArray<ChainOptions> = [
  { chainId: 1 },
  { chainId: 8453 },
  { chainId: 31337, seed: false }
]

/**
 * Starts the chains in parallel, seeds the seeded ones, and resolves when all are ready. If any fails, every node
 * this call started is stopped before it rejects.
 *
 * @example
 * ```ts
 * const { chains, contracts, stop } = await startChains()
 * const base = chains.find((chain) => chain.chainId === 8453)!
 * console.log(base.rpcUrl, contracts[8453]!.usdc)
 * await stop()
 * ```
 */
export const startChains = async (options: StartChainsOptions = {}): Promise<Chains> => {
  const wanted = options.chains ?? defaultChains
  const ids = wanted.map((chain) => chain.chainId)
  if (new Set(ids).size !== ids.length) throw new Error(`startChains: duplicate chain id in ${ids.join(", ")}`)

  const nodes: Array<AnvilProcess> = []
  const stop = async () => {
    await Promise.all(nodes.map((node) => node.stop()))
  }
  const contracts: Record<number, SeededContracts> = {}
  // allSettled, not all: on the first failure the other nodes are still starting, and each must have finished
  // starting (or failed) before stop() can end it, or it would outlive the rejection.
  const results = await Promise.allSettled(
    wanted.map(async (chain) => {
      const node = await spawnAnvil({
        chainId: chain.chainId,
        ...(chain.port === undefined ? {} : { port: chain.port }),
        ...(options.genesisTimestamp === undefined ? {} : { genesisTimestamp: options.genesisTimestamp })
      })
      nodes.push(node)
      if (chain.seed ?? true) contracts[chain.chainId] = await seedChain(node.rpcUrl)
    })
  )
  const failed = results.find((result): result is PromiseRejectedResult => result.status === "rejected")
  if (failed !== undefined) {
    await stop()
    throw failed.reason
  }
  const byId = new Map(nodes.map((node) => [node.chainId, node]))
  const chains = ids.map((chainId) => ({
    chainId,
    caipNetworkId: `eip155:${chainId}` as const,
    rpcUrl: byId.get(chainId)!.rpcUrl
  }))
  return { chains, accounts: defaultAccounts, contracts, stop }
}

/** The address the Sandbox Wallet uses (anvil's account 0). */
export const walletAddress: Address = defaultAccounts[0]!.address

if (import.meta.main) {
  const started = performance.now()
  const set = await startChains()
  const ms = Math.round(performance.now() - started)
  for (const chain of set.chains) {
    const seededAt = set.contracts[chain.chainId]
    console.log(`${chain.caipNetworkId} ${chain.rpcUrl}${seededAt ? ` usdc ${seededAt.usdc} nft ${seededAt.nft}` : ""}`)
  }
  console.log(`ready in ${ms} ms; Ctrl-C to stop`)
  const shutdown = () => {
    void set.stop().then(() => process.exit(0))
  }
  process.once("SIGINT", shutdown)
  process.once("SIGTERM", shutdown)
}
