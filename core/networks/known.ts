import type { CaipNetwork } from "../schema/network.ts"
import {
  arbitrum,
  aurora,
  avalanche,
  base,
  blast,
  bsc,
  celo,
  fantom,
  gnosis,
  klaytn,
  linea,
  mainnet,
  mantle,
  optimism,
  polygon,
  polygonZkEvm,
  scroll,
  zksync,
  zora
} from "./evm.ts"
import { solana, solanaDevnet, solanaTestnet } from "./solana.ts"
import { arbitrumSepolia, baseSepolia, optimismSepolia, polygonAmoy, sepolia } from "./testnets.ts"

/**
 * Every network Airlock ships a definition for: 24 EVM networks and 3 Solana clusters.
 * @example
 * ```ts
 * knownNetworks.length // 27
 * ```
 */
export const knownNetworks: ReadonlyArray<CaipNetwork> = [
  mainnet,
  optimism,
  bsc,
  gnosis,
  polygon,
  fantom,
  zksync,
  polygonZkEvm,
  mantle,
  klaytn,
  base,
  arbitrum,
  celo,
  avalanche,
  linea,
  blast,
  scroll,
  zora,
  aurora,
  sepolia,
  baseSepolia,
  arbitrumSepolia,
  optimismSepolia,
  polygonAmoy,
  solana,
  solanaDevnet,
  solanaTestnet
]

/**
 * The network used when the app names none: Ethereum mainnet, `eip155:1` (SPEC §9).
 * @example
 * ```ts
 * defaultNetwork.caipNetworkId // "eip155:1"
 * ```
 */
export const defaultNetwork = mainnet

/**
 * Finds a network by CAIP network id among `networks` (the known ones by default).
 * @example
 * ```ts
 * findNetwork("eip155:8453")?.name // "Base"
 * ```
 */
export const findNetwork = (
  caipNetworkId: string,
  networks: ReadonlyArray<CaipNetwork> = knownNetworks
): CaipNetwork | undefined => networks.find((network) => network.caipNetworkId === caipNetworkId)
