import type { ChainNamespace } from "../schema/namespace.ts"
import type { CaipNetwork, NativeCurrency } from "../schema/network.ts"

/** What `defineNetwork` needs: a network without its derived `caipNetworkId`. */
export type NetworkDefinition = Omit<typeof CaipNetwork.Encoded, "caipNetworkId" | "chainNamespace"> & {
  /**
   * The network's namespace.
   * @default "eip155"
   */
  readonly chainNamespace?: ChainNamespace
}

/**
 * Builds a network, deriving `caipNetworkId` from namespace and id. It does no checking itself, so network tables
 * cost no schema code on the first load: `createAirlock` decodes every network of its options with the `CaipNetwork`
 * schema, and a wrong field rejects `client.ready` with a readable `OptionsError`.
 * @example
 * ```ts
 * const anvil = defineNetwork({
 *   id: 31337,
 *   name: "Anvil",
 *   nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
 *   rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } },
 *   testnet: true
 * })
 * anvil.caipNetworkId // "eip155:31337"
 * ```
 */
export const defineNetwork = <const T extends NetworkDefinition>(
  definition: T
): CaipNetwork & { readonly id: T["id"] } => {
  const chainNamespace = definition.chainNamespace ?? "eip155"
  return {
    ...definition,
    chainNamespace,
    caipNetworkId: `${chainNamespace}:${definition.id}`
  } as unknown as CaipNetwork & { readonly id: T["id"] }
}

/** Ether as the native currency of Ethereum and its rollups. */
export const ether: NativeCurrency = { name: "Ether", symbol: "ETH", decimals: 18 }

/** The options of `evmNetwork`, a compact form for EVM networks. */
export interface EvmNetworkOptions<Id extends number> {
  readonly id: Id
  readonly name: string
  readonly rpc: string
  readonly explorer: readonly [name: string, url: string]
  /**
   * The native currency.
   * @default ether
   */
  readonly currency?: NativeCurrency
  /**
   * Whether this is a test network.
   * @default false
   */
  readonly testnet?: boolean
}

/**
 * Builds an eip155 network from an id, a name, one RPC url and one explorer.
 * @example
 * ```ts
 * const local = evmNetwork({ id: 1337, name: "Local", rpc: "http://127.0.0.1:8545", explorer: ["None", "http://127.0.0.1"] })
 * ```
 */
export const evmNetwork = <const Id extends number>(options: EvmNetworkOptions<Id>) =>
  defineNetwork({
    id: options.id,
    chainNamespace: "eip155",
    name: options.name,
    nativeCurrency: options.currency ?? ether,
    rpcUrls: { default: { http: [options.rpc] } },
    blockExplorers: { default: { name: options.explorer[0], url: options.explorer[1] } },
    ...(options.testnet ? { testnet: true } : {})
  })
