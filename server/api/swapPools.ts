/**
 * The Uniswap V2 style exchange a chain's configuration names (`swap`: router, factory, WETH; the sandbox's is
 * `sandbox/chain/amm.ts`), read through the chain's viem client (its HTTP transport times out after 10 s): the tokens
 * its pools trade, their pools, quotes with their price impact, and a token's price in the hub token. A pair of
 * tokens without a pool routes through the first swap token (the hub).
 */
import { type Address, BaseError, ContractFunctionRevertedError, erc20Abi, parseAbi } from "viem"
import type { ApiApp } from "./app.ts"
import { type ApiChain, nativeTokenAddress, type ServerSwapConfig } from "./chains.ts"
import { HttpError } from "./router.ts"
import type { TokenMeta } from "./tokenMeta.ts"

/** The router functions the swap routes read and encode. */
export const routerAbi = parseAbi([
  "function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)",
  "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
  "function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
  "function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)"
])
const factoryAbi = parseAbi(["function getPair(address tokenA, address tokenB) view returns (address pair)"])
const pairAbi = parseAbi([
  "function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)",
  "function token0() view returns (address)"
])

/** One token a chain's pools trade. */
export interface SwapAsset {
  /** CAIP-10 address, the native token's with the `0xeeee…` placeholder. */
  readonly caip: string
  /** The ERC-20 the router trades: WETH for the native token. */
  readonly pathAddress: Address
  readonly native: boolean
  readonly meta: TokenMeta
}

/** A chain with an exchange. */
export type SwapChain = ApiChain & { readonly swap: ServerSwapConfig }

/** Whether `chain` has an exchange configured. */
export const hasPools = (chain: ApiChain): chain is SwapChain => chain.swap !== undefined

/** The ERC-20s a chain's swaps offer; the first is the hub. */
export const swapTokens = (chain: SwapChain): ReadonlyArray<Address> =>
  chain.swap.tokens ?? chain.tokens.map((token) => token.address)

const zeroAddress = "0x0000000000000000000000000000000000000000"
// Pools found once stay found (a pair contract never moves); a missing one is asked again next time.
const pairCache = new WeakMap<ApiChain, Map<string, Address>>()

/** The pool of tokens `a` and `b` (path addresses), from the factory's `getPair`; undefined when there is none. */
const pairOf = async (chain: SwapChain, a: Address, b: Address): Promise<Address | undefined> => {
  const cache = pairCache.get(chain) ?? new Map<string, Address>()
  pairCache.set(chain, cache)
  const key = [a.toLowerCase(), b.toLowerCase()].sort().join(":")
  const hit = cache.get(key)
  if (hit !== undefined) return hit
  const pair = await chain.client.readContract({
    address: chain.swap.factory,
    abi: factoryAbi,
    functionName: "getPair",
    args: [a, b]
  })
  if (pair === zeroAddress) return undefined
  cache.set(key, pair)
  return pair
}

/** The tokens the pools of `chain` trade: the native token, then the swap tokens (ERC-20 metadata). */
export const swapAssets = async (app: ApiApp, chain: SwapChain) => {
  const erc20s = await Promise.all(
    swapTokens(chain).map(async (address) => ({
      address,
      meta: await app.chains.tokenMeta(chain, address)
    }))
  )
  const assets: Array<SwapAsset> = [
    {
      caip: `${chain.caipNetworkId}:${nativeTokenAddress}`,
      pathAddress: chain.swap.weth,
      native: true,
      meta: chain.nativeToken
    }
  ]
  for (const { address, meta } of erc20s)
    if (meta !== undefined)
      assets.push({ caip: `${chain.caipNetworkId}:${address}`, pathAddress: address, native: false, meta })
  return assets
}

/** The router path from one token to another: direct when they share a pool, else through the hub; else a 400. */
const pathOf = async (chain: SwapChain, from: Address, to: Address): Promise<ReadonlyArray<Address>> => {
  if ((await pairOf(chain, from, to)) !== undefined) return [from, to]
  const hub = swapTokens(chain)[0]
  if (hub === undefined || hub === from || hub === to) throw new HttpError(400, "No pool trades these two tokens")
  return [from, hub, to]
}

/** A pool that cannot quote (the amount overflows or drains it) is a 400; a chain that fails is the server's 500. */
const quoteFailure = (error: unknown): never => {
  const reverted = error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError)
  if (reverted) throw new HttpError(400, "The pools cannot quote this amount")
  throw error
}

export interface Quote {
  readonly path: ReadonlyArray<Address>
  readonly amountOut: bigint
  /** Price impact in hundredths of a percent, the pool fee included (what the trade moves away from the mid price). */
  readonly impact: bigint
}

/** The router's `getAmountsOut` for `amountIn` along the path, and its price impact from the pools' reserves. */
export const quote = async (chain: SwapChain, from: SwapAsset, to: SwapAsset, amountIn: bigint) => {
  if (from.pathAddress === to.pathAddress) throw new HttpError(400, "Invalid swap: from and to are the same token")
  const path = await pathOf(chain, from.pathAddress, to.pathAddress)
  // one block for every read, so the quote and the reserves agree
  const blockNumber = await chain.client.getBlockNumber({ cacheTime: 0 })
  const amounts = await chain.client
    .readContract({
      address: chain.swap.router,
      abi: routerAbi,
      functionName: "getAmountsOut",
      args: [amountIn, [...path]],
      blockNumber
    })
    .catch(quoteFailure)
  const hops = await Promise.all(
    path.slice(1).map(async (next, index) => {
      const previous = path[index]!
      const pair = await pairOf(chain, previous, next)
      if (pair === undefined) throw new HttpError(400, "No pool trades these two tokens")
      const [[reserve0, reserve1], token0] = await Promise.all([
        chain.client.readContract({ address: pair, abi: pairAbi, functionName: "getReserves", blockNumber }),
        chain.client.readContract({ address: pair, abi: pairAbi, functionName: "token0", blockNumber })
      ])
      return token0 === previous
        ? { reserveIn: reserve0, reserveOut: reserve1 }
        : { reserveIn: reserve1, reserveOut: reserve0 }
    })
  )
  const amountOut = amounts.at(-1)!
  // mid-price output = amountIn × Π(reserveOut / reserveIn); impact = 1 − amountOut / that
  const midNumerator = hops.reduce((product, hop) => product * hop.reserveOut, amountIn)
  const midDenominator = hops.reduce((product, hop) => product * hop.reserveIn, 1n)
  const shortfall = midNumerator - amountOut * midDenominator
  const impact = shortfall <= 0n || midNumerator === 0n ? 0n : (shortfall * 10_000n) / midNumerator
  return { path, amountOut, impact } satisfies Quote
}

/**
 * Hundredths of a percent as a percentage string.
 * @example
 * ```ts
 * percent(31n) // "0.31"
 * ```
 */
export const percent = (hundredths: bigint): string =>
  `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}`

/**
 * Price of one whole `token` in the chain's hub token (its first swap token) from their pool's reserves, with the hub
 * it is in; undefined when the chain has no exchange, the token is the hub, or there is no such pool.
 */
export const poolPrice = async (
  chain: ApiChain,
  token: Address
): Promise<{ readonly hub: Address; readonly price: number } | undefined> => {
  if (!hasPools(chain)) return undefined
  const hub = swapTokens(chain)[0]
  if (hub === undefined || hub.toLowerCase() === token.toLowerCase()) return undefined
  const pair = await pairOf(chain, token, hub)
  if (pair === undefined) return undefined
  const [[reserve0, reserve1], token0, decimals, hubDecimals] = await Promise.all([
    chain.client.readContract({ address: pair, abi: pairAbi, functionName: "getReserves" }),
    chain.client.readContract({ address: pair, abi: pairAbi, functionName: "token0" }),
    chain.client.readContract({ address: token, abi: erc20Abi, functionName: "decimals" }),
    chain.client.readContract({ address: hub, abi: erc20Abi, functionName: "decimals" })
  ])
  const [tokenReserve, hubReserve] =
    token0.toLowerCase() === token.toLowerCase() ? [reserve0, reserve1] : [reserve1, reserve0]
  if (tokenReserve === 0n) return undefined
  // price = (hubReserve / 10^hubDecimals) / (tokenReserve / 10^decimals), to 6 places
  const scaled = (hubReserve * 10n ** BigInt(decimals) * 1_000_000n) / 10n ** BigInt(hubDecimals) / tokenReserve
  return { hub, price: Number(scaled) / 1e6 }
}
