/**
 * The chains the blockchain API serves, from configuration ({@link ServerChainConfig}): a viem client per EVM chain
 * (every call under a timeout), which of them the API lists as supported, token metadata (configured, else read once
 * from the contract), and the Solana chain when one is configured.
 */
import { type Address, createPublicClient, erc20Abi, erc721Abi, http, type PublicClient } from "viem"
import { type ApiSolanaChain, type ApiSolanaInput, makeApiSolanaChain } from "./solana.ts"
import type { TokenMeta } from "./tokenMeta.ts"

/** An ERC-20 a chain's configuration names: balances list it, history and prices know its metadata. */
export interface ServerToken extends TokenMeta {
  readonly address: Address
}

/** A Uniswap V2 style exchange on a chain: `/v1/convert/*` quote and build swaps through its router. */
export interface ServerSwapConfig {
  readonly router: Address
  /** Its factory; pools are found with `getPair(a, b)`. */
  readonly factory: Address
  /** The wrapped native token the router trades for the native token. */
  readonly weth: Address
  /**
   * The ERC-20s swaps offer besides the native token, in the order listed; the first is the hub a swap between two
   * tokens without a common pool routes through. @default the chain's `tokens`
   */
  readonly tokens?: ReadonlyArray<Address>
}

/**
 * One EVM chain as the production server is configured with it.
 * @example
 * ```ts
 * const base: ServerChainConfig = {
 *   caipNetworkId: "eip155:8453",
 *   rpcUrl: "https://mainnet.base.org",
 *   tokens: [{ address: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", symbol: "USDC", decimals: 6, name: "USD Coin" }],
 *   multicall3: "0xcA11bde05977b3631167028862bE2a173976CA11"
 * }
 * ```
 */
export interface ServerChainConfig {
  /** CAIP-2 id, `eip155:<chain id>`. */
  readonly caipNetworkId: string
  /** JSON-RPC endpoint over HTTP(S). */
  readonly rpcUrl: string
  /** Display name. @default "Chain <id>" */
  readonly name?: string | undefined
  /** The native token. @default Ether (ETH, 18 decimals) */
  readonly nativeToken?: TokenMeta | undefined
  /** ERC-20s whose balances and transfers the API reports. @default [] */
  readonly tokens?: ReadonlyArray<ServerToken> | undefined
  /** ERC-721 collections (enumerable: `totalSupply`, ids from 1) the NFTs endpoint reads. @default [] */
  readonly nfts?: ReadonlyArray<Address> | undefined
  /** Multicall3's address on this chain: balances are read in one call. Without it, one call per token. */
  readonly multicall3?: Address | undefined
  /** First block the history indexer reads. @default the chain's head when the indexer first syncs */
  readonly fromBlock?: bigint | number | undefined
  /** The exchange swaps go through. Without it, swaps are not offered on this chain. */
  readonly swap?: ServerSwapConfig | undefined
}

/** One chain as the API serves it. */
export interface ApiChain {
  readonly chainId: number
  /** CAIP-2 id, e.g. `eip155:1`. */
  readonly caipNetworkId: string
  readonly name: string
  readonly rpcUrl: string
  readonly client: PublicClient
  /** Whether the blockchain API serves this chain (`/v1/supported-chains` lists it). */
  readonly supported: boolean
  readonly nativeToken: TokenMeta
  readonly tokens: ReadonlyArray<ServerToken>
  readonly nfts: ReadonlyArray<Address>
  readonly multicall3: Address | undefined
  readonly fromBlock: bigint | undefined
  readonly swap: ServerSwapConfig | undefined
}

/** The native token of an EVM chain unless its configuration says otherwise. */
export const nativeToken: TokenMeta = { name: "Ether", symbol: "ETH", decimals: 18 }

/** The placeholder address SPEC §9 uses for the native token of an EVM chain. */
export const nativeTokenAddress = "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee"

/** How long one RPC call to a chain may take, in ms. */
export const rpcTimeoutMs = 10_000

/** The chains plus lookups. */
export interface ChainSet {
  readonly all: ReadonlyArray<ApiChain>
  readonly supported: ReadonlyArray<ApiChain>
  /** The Solana chain (always supported), when there is one. */
  readonly solana: ApiSolanaChain | undefined
  /** The supported chain named by a `chainId` parameter: CAIP (`eip155:1`) or a bare number (`1`). */
  find(chainIdParam: string): ApiChain | undefined
  /** Metadata of an ERC-20: configured, else read once from the chain; undefined when it does not answer as one. */
  tokenMeta(chain: ApiChain, token: Address): Promise<TokenMeta | undefined>
  /** Collection name of an ERC-721, read once from the chain. */
  collectionName(chain: ApiChain, token: Address): Promise<string>
}

/** Chain ids the blockchain API leaves out of its supported chains by default: none. */
export const defaultUnsupportedChainIds: ReadonlyArray<number> = []

/** The chain id of a configured chain, or an error naming the bad id. */
export const chainIdOf = (config: Pick<ServerChainConfig, "caipNetworkId">): number => {
  const match = /^eip155:(\d{1,12})$/.exec(config.caipNetworkId)
  if (match === null) throw new Error(`Invalid caipNetworkId '${config.caipNetworkId}': expected eip155:<chain id>`)
  return Number(match[1])
}

/**
 * Wraps configured chains for the API.
 * @example
 * ```ts
 * const set = makeChainSet([{ caipNetworkId: "eip155:8453", rpcUrl: "https://mainnet.base.org" }], [])
 * set.find("eip155:8453")?.client.getBlockNumber()
 * ```
 */
export const makeChainSet = (
  input: ReadonlyArray<ServerChainConfig> | undefined,
  unsupportedChainIds: ReadonlyArray<number> = defaultUnsupportedChainIds,
  solana?: ApiSolanaInput
): ChainSet => {
  const all: ReadonlyArray<ApiChain> = (input ?? []).map((c) => {
    const chainId = chainIdOf(c)
    return {
      chainId,
      caipNetworkId: c.caipNetworkId,
      name: c.name ?? `Chain ${chainId}`,
      rpcUrl: c.rpcUrl,
      client: createPublicClient({ transport: http(c.rpcUrl, { retryCount: 0, timeout: rpcTimeoutMs }) }),
      supported: !unsupportedChainIds.includes(chainId),
      nativeToken: c.nativeToken ?? nativeToken,
      tokens: c.tokens ?? [],
      nfts: c.nfts ?? [],
      multicall3: c.multicall3,
      fromBlock: c.fromBlock === undefined ? undefined : BigInt(c.fromBlock),
      swap: c.swap
    }
  })
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
    tokenMeta: (chain, token) => {
      const configured = chain.tokens.find((t) => t.address.toLowerCase() === token.toLowerCase())
      if (configured !== undefined)
        return Promise.resolve({ name: configured.name, symbol: configured.symbol, decimals: configured.decimals })
      return once(metas, `${chain.chainId}:${token.toLowerCase()}`, async () => {
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
      })
    },
    collectionName: (chain, token) =>
      once(names, `${chain.chainId}:${token.toLowerCase()}`, () =>
        chain.client.readContract({ address: token, abi: erc721Abi, functionName: "name" }).catch(() => "NFT")
      )
  }
}
