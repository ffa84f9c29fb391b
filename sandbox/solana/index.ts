/**
 * The sandbox's local Solana chain: litesvm in process behind a JSON-RPC server (HTTP and WebSocket PubSub on one
 * port of 127.0.0.1) that `@solana/kit`'s `createSolanaRpc` and `createSolanaRpcSubscriptions` use, seeded with SOL,
 * the sandbox's USDC and a few transfers.
 *
 * Run alone: `npx node sandbox/solana/index.ts [--port N]` (Ctrl-C stops).
 */
import type { Address } from "@solana/kit"
import { solanaLocalnet, solanaLocalnetGenesisHash } from "../../core/networks/solana.ts"
import { type SolanaSandboxAccount, solanaSandboxAccounts, solanaSigner } from "./accounts.ts"
import type { SolanaHistory } from "./history.ts"
import { makeLedger } from "./ledger.ts"
import { solanaMethods } from "./methods.ts"
import { faucetPrivateKey, seedSolana, solanaSeeded } from "./seed.ts"
import { startSolanaRpcServer } from "./server.ts"

export type { SolanaSandboxAccount } from "./accounts.ts"
export type { SolanaHistory, SolanaTxRecord } from "./history.ts"
export { associatedTokenAddress, solanaSeeded } from "./seed.ts"

/** Options of {@link startSolana}. */
export interface StartSolanaOptions {
  /** Port on 127.0.0.1 for HTTP and WebSocket; 0 picks a free one. @default 0 */
  readonly port?: number
  /** The chain's clock, unix ms (block times). @default Date.now */
  readonly now?: () => number
}

/** The running chain. */
export interface SolanaChain {
  /** JSON-RPC over HTTP: `http://127.0.0.1:<port>`. */
  readonly rpcUrl: string
  /** PubSub over WebSocket on the same port: `ws://127.0.0.1:<port>`. */
  readonly wsUrl: string
  readonly port: number
  /** What `getGenesisHash` answers ({@link solanaLocalnetGenesisHash}). */
  readonly genesisHash: string
  /** `solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5` (the genesis hash's first 32 characters). */
  readonly caipNetworkId: `solana:${string}`
  /** The funded sandbox accounts; index 0 is the Sandbox Solana Wallet's. */
  readonly accounts: ReadonlyArray<SolanaSandboxAccount>
  /** The sandbox's USDC mint (6 decimals), the same address on every run. */
  readonly usdcMint: Address
  /** The sandbox NFT's mint (0 decimals, supply 1, held by account 0). */
  readonly nftMint: Address
  /** Every transaction the chain processed, the seed's included. */
  readonly history: SolanaHistory
  /** Closes every WebSocket and the server; resolves once the port is free. Safe to call twice. */
  readonly stop: () => Promise<void>
}

/**
 * Starts the chain, seeds it, and resolves once it answers on its port.
 * @example
 * ```ts
 * import { createSolanaRpc } from "@solana/kit"
 * const chain = await startSolana()
 * const { value } = await createSolanaRpc(chain.rpcUrl).getBalance(chain.accounts[0]!.address).send()
 * await chain.stop()
 * ```
 */
export const startSolana = async (options: StartSolanaOptions = {}): Promise<SolanaChain> => {
  const accounts = await solanaSandboxAccounts()
  const [signers, faucet] = await Promise.all([
    Promise.all(accounts.map((account) => solanaSigner(account.privateKey))),
    solanaSigner(faucetPrivateKey)
  ])
  const ledger = makeLedger({
    genesisHash: solanaLocalnetGenesisHash,
    genesisAccounts: [
      ...accounts.map((account, index) => ({
        address: account.address,
        lamports: solanaSeeded.genesisLamports[index] ?? 0n
      })),
      { address: faucet.address, lamports: solanaSeeded.faucetLamports }
    ],
    ...(options.now === undefined ? {} : { now: options.now })
  })
  const { usdcMint, nftMint } = await seedSolana(ledger, signers)
  const server = await startSolanaRpcServer(ledger, solanaMethods(ledger, faucet), options.port ?? 0)
  return {
    rpcUrl: `http://127.0.0.1:${server.port}`,
    wsUrl: `ws://127.0.0.1:${server.port}`,
    port: server.port,
    genesisHash: solanaLocalnetGenesisHash,
    caipNetworkId: solanaLocalnet.caipNetworkId as `solana:${string}`,
    accounts,
    usdcMint,
    nftMint,
    history: ledger.history,
    stop: server.stop
  }
}

if (import.meta.main) {
  const portArg = process.argv.indexOf("--port")
  const chain = await startSolana({ port: portArg === -1 ? 0 : Number(process.argv[portArg + 1]) })
  console.log(`${chain.caipNetworkId} ${chain.rpcUrl} (ws ${chain.wsUrl}) usdc ${chain.usdcMint}; Ctrl-C to stop`)
  const shutdown = () => void chain.stop().then(() => process.exit(0))
  process.once("SIGINT", shutdown)
  process.once("SIGTERM", shutdown)
}
