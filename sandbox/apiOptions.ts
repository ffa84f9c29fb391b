/**
 * The sandbox's data for the API server: its started chains as server chain configuration (USDC, Airlock Punks and
 * the Uniswap V2 pools on seeded chains, history indexed from genesis), its Solana chain with the chain's own history,
 * its fixed price table, the two seeded identities, the chains a sign-in may name, and its ramp as onramp provider.
 */
import { solanaLocalnet } from "../core/networks/solana.ts"
import type { ServerChainConfig } from "../server/api/chains.ts"
import type { ApiDataOptions } from "../server/api/data.ts"
import { defaultAccounts } from "./chain/accounts.ts"
import { ammContracts } from "./chain/amm.ts"
import { type Chains, defaultChains } from "./chain/index.ts"
import { sandboxPrices } from "./prices.ts"
import { type RampLink, sandboxOnramp } from "./ramp/provider.ts"
import type { SolanaChain } from "./solana/index.ts"
import { solanaSeeded } from "./solana/seed.ts"

/** What {@link sandboxApiOptions} maps: started chains, the Solana chain and the ramp, each optional. */
export interface SandboxApiInput {
  readonly chains?: Pick<Chains, "chains" | "contracts"> | undefined
  readonly solana?: Pick<SolanaChain, "caipNetworkId" | "rpcUrl" | "usdcMint" | "nftMint" | "history"> | undefined
  /** The running ramp; without it the API's onramp URL and order routes answer 404. */
  readonly ramp?: RampLink | undefined
}

/** The sandbox's chain the blockchain API does not serve, so the app's unsupported-network paths can be exercised. */
export const sandboxUnsupportedChainIds: ReadonlyArray<number> = [31337]

/** The seeded identities: anvil's account 0 (the Sandbox Wallet's) is `sandbox.airlock`, account 1 `alice.airlock`. */
export const sandboxIdentities = [
  { address: defaultAccounts[0]!.address, name: "sandbox.airlock" },
  { address: defaultAccounts[1]!.address, name: "alice.airlock" }
] as const

/**
 * Started chains as the server's chain configuration: every seeded chain lists USDC and Airlock Punks and swaps
 * through the sandbox's Uniswap V2 (USDC the hub, DAI the other token); history is read from genesis. The anvil nodes
 * have no Multicall3, so balances are read with one call per token.
 * @example
 * ```ts
 * const configs = sandboxChainConfigs(await startChains())
 * ```
 */
export const sandboxChainConfigs = (started: Pick<Chains, "chains" | "contracts">): ReadonlyArray<ServerChainConfig> =>
  started.chains.map((chain): ServerChainConfig => {
    const seeded = started.contracts[chain.chainId]
    if (seeded === undefined) return { caipNetworkId: chain.caipNetworkId, rpcUrl: chain.rpcUrl, fromBlock: 0 }
    return {
      caipNetworkId: chain.caipNetworkId,
      rpcUrl: chain.rpcUrl,
      fromBlock: 0,
      tokens: [{ address: seeded.usdc, name: "USD Coin", symbol: "USDC", decimals: 6 }],
      nfts: [seeded.nft],
      swap: {
        router: ammContracts.router,
        factory: ammContracts.factory,
        weth: ammContracts.weth,
        tokens: [seeded.usdc, ammContracts.dai]
      }
    }
  })

/**
 * The API's data options for the sandbox.
 * @example
 * ```ts
 * const api = await startApi({ dataDir, ...sandboxApiOptions({ chains, solana }) })
 * ```
 */
export const sandboxApiOptions = (input: SandboxApiInput = {}): ApiDataOptions => {
  const { solana } = input
  return {
    chains: input.chains === undefined ? undefined : sandboxChainConfigs(input.chains),
    unsupportedChainIds: sandboxUnsupportedChainIds,
    solana:
      solana === undefined
        ? undefined
        : {
            caipNetworkId: solana.caipNetworkId,
            rpcUrl: solana.rpcUrl,
            history: solana.history,
            mints: { [solana.usdcMint]: solanaSeeded.usdc },
            nft: {
              mint: solana.nftMint,
              name: solanaSeeded.nft.name,
              symbol: solanaSeeded.nft.symbol,
              collection: solanaSeeded.nft.collection
            }
          },
    prices: sandboxPrices,
    identities: sandboxIdentities,
    // A sign-in may name the sandbox's default chains and its Solana chain whether they run or not.
    signInChains: [...defaultChains.map((chain) => `eip155:${chain.chainId}`), `solana:${solanaLocalnet.id}`],
    onramp: sandboxOnramp(input.ramp)
  }
}
