/**
 * The sandbox API's view of the local chains: a viem client per EVM chain, which chains the blockchain API supports,
 * cached token metadata read from the contracts themselves, and the local Solana chain when the sandbox runs one.
 */
import { type Address, createPublicClient, erc20Abi, erc721Abi, http, type PublicClient } from "viem"
import type { Chains } from "../../sandbox/chain/index.ts"
import { type ApiSolanaChain, type ApiSolanaInput, makeApiSolanaChain } from "./solana.ts"
import type { TokenMeta } from "./tokenMeta.ts"

/** What {@link makeChainSet} needs of a started chain set (a `startChains()` result fits). */
export type ApiChainsInput = Pick<Chains, "chains" | "contracts">

/** One local chain as the API serves it. */
export interface ApiChain {
  readonly chainId: number
  /** CAIP-2 id, e.g. `eip155:1`. */
  readonly caipNetworkId: string
  readonly rpcUrl: string
  readonly client: PublicClient
  /** Whether the blockchain API serves this chain (`/v1/supported-chains` lists it). */
  readonly supported: boolean
  readonly usdc: Address | undefined
  readonly nft: Address | undefined
}

/** The native token of every local EVM chain. */
export const nativeToken: TokenMeta = { name: "Ether", symbol: "ETH", decimals: 18 }

/** The placeholder address SPEC §9 uses for the native token of an EVM chain. */
export const nativeTokenAddress = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"

/** The local chains plus lookups. */
export interface ChainSet {
  readonly all: ReadonlyArray<ApiChain>
  readonly supported: ReadonlyArray<ApiChain>
  /** The local Solana chain (always supported), when there is one. */
  readonly solana: ApiSolanaChain | undefined
  /** The supported chain named by a `chainId` parameter: CAIP (`eip155:1`) or a bare number (`1`). */
  find(chainIdParam: string): ApiChain | undefined
  /** Metadata of an ERC-20, read once from the chain; undefined when the address does not answer as an ERC-20. */
  tokenMeta(chain: ApiChain, token: Address): Promise<TokenMeta | undefined>
  /** Collection name of an ERC-721, read once from the chain. */
  collectionName(chain: ApiChain, token: Address): Promise<string>
}

/** Chain ids the blockchain API does not serve, so the app's unsupported-network paths can be exercised. */
export const defaultUnsupportedChainIds: ReadonlyArray<number> = [31337]

/**
 * Wraps started chains for the API.
 * @example
 * ```ts
 * const set = makeChainSet(await startChains(), defaultUnsupportedChainIds, await startSolana())
 * set.find("eip155:8453")?.client.getBlockNumber()
 * ```
 */
export const makeChainSet = (
  input: ApiChainsInput | undefined,
  unsupportedChainIds: ReadonlyArray<number> = defaultUnsupportedChainIds,
  solana?: ApiSolanaInput
): ChainSet => {
  const all: ReadonlyArray<ApiChain> = (input?.chains ?? []).map((c) => ({
    chainId: c.chainId,
    caipNetworkId: c.caipNetworkId,
    rpcUrl: c.rpcUrl,
    client: createPublicClient({ transport: http(c.rpcUrl, { retryCount: 0 }) }),
    supported: !unsupportedChainIds.includes(c.chainId),
    usdc: input?.contracts[c.chainId]?.usdc,
    nft: input?.contracts[c.chainId]?.nft
  }))
  const supported = all.filter((c) => c.supported)
  const metas = new Map<string, Promise<TokenMeta | undefined>>()
  const names = new Map<string, Promise<string>>()
  const once = <A>(cache: Map<string, Promise<A>>, key: string, load: () => Promise<A>): Promise<A> => {
    const hit = cache.get(key)
    if (hit !== undefined) return hit
    const loaded = load()
    cache.set(key, loaded)
    return loaded
  }
  return {
    all,
    supported,
    solana: solana === undefined ? undefined : makeApiSolanaChain(solana),
    find: (param) => {
      const id = /^(?:eip155:)?(\d{1,12})$/.exec(param)?.[1]
      return id === undefined ? undefined : supported.find((c) => c.chainId === Number(id))
    },
    tokenMeta: (chain, token) =>
      once(metas, `${chain.chainId}:${token.toLowerCase()}`, async () => {
        const read = { address: token, abi: erc20Abi } as const
        try {
          const [name, symbol, decimals] = await Promise.all([
            chain.client.readContract({ ...read, functionName: "name" }),
            chain.client.readContract({ ...read, functionName: "symbol" }),
            chain.client.readContract({ ...read, functionName: "decimals" })
          ])
          return { name, symbol, decimals }
        } catch {
          return undefined
        }
      }),
    collectionName: (chain, token) =>
      once(names, `${chain.chainId}:${token.toLowerCase()}`, () =>
        chain.client.readContract({ address: token, abi: erc721Abi, functionName: "name" }).catch(() => "NFT")
      )
  }
}
