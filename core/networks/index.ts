/**
 * `airlock-kit/networks`: CAIP network definitions of well-known chains, `defineNetwork` for custom ones, and the
 * network constants of SPEC §9.
 * @example
 * ```ts
 * import { base, defineNetwork, mainnet } from "airlock-kit/networks"
 * ```
 */
export type { CaipNetwork, CaipNetworkId, ChainNamespace, NativeCurrency } from "../schema/index.ts"
export {
  arbitrumBlockTimeMs,
  ethereumBlockTimeMs,
  featureNamespaces,
  nativeDecimals,
  nativeTokenAddress,
  supportsFeature,
  swapNetworkIds
} from "./constants.ts"
export { defineNetwork, type EvmNetworkOptions, ether, evmNetwork, type NetworkDefinition } from "./defineNetwork.ts"
export {
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
export { defaultNetwork, findNetwork, knownNetworks } from "./known.ts"
export { solana, solanaDevnet, solanaLocalnet, solanaLocalnetGenesisHash, solanaTestnet } from "./solana.ts"
export { arbitrumSepolia, baseSepolia, optimismSepolia, polygonAmoy, sepolia } from "./testnets.ts"
