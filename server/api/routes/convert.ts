/**
 * Swap routes of the blockchain API (SPEC §7 `/v1/convert/*`), answered from the Uniswap V2 style exchange a chain's
 * configuration names (`swap`: router, factory, WETH; the sandbox's is `sandbox/chain/amm.ts`): the native token and
 * the swap tokens, quotes from the router's `getAmountsOut`, the router's ERC-20 allowance, and the approve and swap
 * calldata to send. A pair of tokens without a pool routes through the first swap token (the hub).
 * `/v1/convert/gas-price` is served with the prices (`prices.ts`).
 *
 * Every chain read goes through the chain's viem client, whose HTTP transport times out after 10 s. Bad input (an
 * unknown token, an amount that is not a positive integer, an address that is not one, a chain without pools) is a
 * 400 with the reason; nothing is sent to a chain by these routes.
 */
import { Schema } from "effect"
import {
  type Address,
  BaseError,
  ContractFunctionRevertedError,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  maxUint256,
  parseAbi
} from "viem"
import { BuildTransactionResponse, SwapQuote } from "../../../core/schema/api/convert.ts"
import { endpoints } from "../../../core/schema/api/endpoints.ts"
import { type ApiApp, type ApiRoute, imageUrl } from "../app.ts"
import { type ApiChain, nativeTokenAddress, type ServerSwapConfig } from "../chains.ts"
import { endpointRoute, rawEndpointRoute } from "../contract.ts"
import { HttpError, json } from "../router.ts"
import type { TokenMeta } from "../tokenMeta.ts"

const routerAbi = parseAbi([
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

/** Seconds a built swap stays valid, counted from the chain's latest block (the router's `deadline`). */
export const swapDeadlineSeconds = 20 * 60

/** Gas limits answered when the caller asks for no estimate (`disableEstimate`), or for an approval that fails to estimate. */
export const fallbackGas = { approve: 60_000n, swapHop: 150_000n } as const

/** Longest token, account or number parameter the routes read; longer is a 400 before any parsing. */
const maxParamLength = 100

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
type SwapChain = ApiChain & { readonly swap: ServerSwapConfig }

/** Whether `chain` has an exchange configured. */
const hasPools = (chain: ApiChain): chain is SwapChain => chain.swap !== undefined

/** The ERC-20s a chain's swaps offer; the first is the hub. */
const swapTokens = (chain: SwapChain): ReadonlyArray<Address> =>
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

/** The swap chain a `chainId` parameter names, or a 400. */
const swapChain = (app: ApiApp, param: string): SwapChain => {
  if (param.length > maxParamLength) throw new HttpError(400, "Invalid chainId: too long")
  const chain = app.chains.find(param)
  if (chain === undefined || !hasPools(chain)) throw new HttpError(400, `Swaps are not available on chain '${param}'`)
  return chain
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

const caip10 = /^eip155:(\d{1,12}):(0x[0-9a-fA-F]{40})$/

/** Splits a CAIP-10 `eip155:<id>:0x…` parameter, or a 400 naming `what`. */
const caipParts = (value: string, what: string): { readonly reference: string; readonly address: Address } => {
  if (value.length > maxParamLength) throw new HttpError(400, `Invalid ${what}: too long`)
  const match = caip10.exec(value)
  if (match === null)
    throw new HttpError(400, `Invalid ${what} '${value}': expected a CAIP-10 address eip155:<chainId>:0x…`)
  return { reference: match[1]!, address: getAddress(match[2]!.toLowerCase()) }
}

/** The swap token a CAIP-10 parameter names, with its chain, or a 400. */
const swapTokenParam = async (app: ApiApp, value: string, what: string) => {
  const { reference, address } = caipParts(value, what)
  const chain = swapChain(app, `eip155:${reference}`)
  const assets = await swapAssets(app, chain)
  const asset = assets.find(
    (candidate) => candidate.caip.toLowerCase() === `${chain.caipNetworkId}:${address}`.toLowerCase()
  )
  if (asset === undefined)
    throw new HttpError(400, `Unknown ${what} token '${value}': not traded by this chain's pools`)
  return { chain, asset }
}

/** The account of a `userAddress` parameter (CAIP-10 on `chain`, or a bare address), or a 400. */
const userParam = (value: string, chain: ApiChain): Address => {
  if (value.length > maxParamLength) throw new HttpError(400, "Invalid userAddress: too long")
  if (/^0x[0-9a-fA-F]{40}$/.test(value)) return getAddress(value.toLowerCase())
  const { reference, address } = caipParts(value, "userAddress")
  if (Number(reference) !== chain.chainId)
    throw new HttpError(400, `Invalid userAddress '${value}': not on ${chain.caipNetworkId}`)
  return address
}

/** A positive base-unit amount that fits a uint256, or a 400. */
export const amountParam = (value: string, what = "amount"): bigint => {
  if (value.length > 78 || !/^\d+$/.test(value))
    throw new HttpError(400, `Invalid ${what}: expected a positive integer in base units`)
  const amount = BigInt(value)
  if (amount === 0n) throw new HttpError(400, `Invalid ${what}: must be greater than 0`)
  if (amount > maxUint256) throw new HttpError(400, `Invalid ${what}: larger than a uint256`)
  return amount
}

/** A slippage tolerance in percent (`"1"`, `"0.5"`) as basis points; at most 50 %. */
export const slippageBps = (value: string): bigint => {
  const match = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(value)
  const bps = match === null ? undefined : BigInt(match[1]!) * 100n + BigInt((match[2] ?? "").padEnd(2, "0"))
  if (bps === undefined || bps > 5_000n)
    throw new HttpError(400, `Invalid slippage '${value.slice(0, maxParamLength)}': a percentage from 0 to 50`)
  return bps
}

/**
 * The least a swap may return: `quoted` less `bps` basis points, rounded down (exact bigint math).
 * @example
 * ```ts
 * minimumOut(2_490_017_452n, 100n) // 2_465_117_277n (1 % less)
 * ```
 */
export const minimumOut = (quoted: bigint, bps: bigint): bigint => (quoted * (10_000n - bps)) / 10_000n

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

interface Quote {
  readonly path: ReadonlyArray<Address>
  readonly amountOut: bigint
  /** Price impact in hundredths of a percent, the pool fee included (what the trade moves away from the mid price). */
  readonly impact: bigint
}

/** The router's `getAmountsOut` for `amountIn` along the path, and its price impact from the pools' reserves. */
const quote = async (chain: SwapChain, from: SwapAsset, to: SwapAsset, amountIn: bigint) => {
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

/** Hundredths of a percent as a percentage string: `31n` -> `"0.31"`. */
const percent = (hundredths: bigint): string =>
  `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, "0")}`

/**
 * `GET /v1/convert/quotes`'s answer: core's schema plus `priceImpact` (Airlock's extension, docs/api-extensions.md),
 * the percentage the trade moves the price, pool fee included.
 */
export const SandboxSwapQuoteResponse = Schema.Struct({
  quotes: Schema.Array(Schema.Struct({ ...SwapQuote.fields, priceImpact: Schema.String }))
})

/**
 * `POST /v1/convert/build-transaction`'s answer: core's schema plus `tx.value`, the wei to send with the transaction
 * (the amount for native ETH in, else 0), Airlock's extension (docs/api-extensions.md).
 */
export const SandboxBuildTransactionResponse = Schema.Struct({
  tx: Schema.Struct({ ...BuildTransactionResponse.fields.tx.fields, value: Schema.String })
})

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

/** The swap routes. */
export const convertRoutes: ReadonlyArray<ApiRoute> = [
  endpointRoute(endpoints.swapTokens, async ({ query, app, project }) => {
    const chains = query.chainId === undefined ? app.chains.supported.filter(hasPools) : [swapChain(app, query.chainId)]
    const tokens = []
    for (const chain of chains)
      for (const asset of await swapAssets(app, chain))
        tokens.push({
          name: asset.meta.name,
          symbol: asset.meta.symbol,
          address: asset.caip,
          decimals: asset.meta.decimals,
          logoUri: imageUrl(app, "/public/getTokenImage", asset.meta.symbol, project.id),
          eip2612: false
        })
    return { tokens }
  }),

  rawEndpointRoute(endpoints.swapQuotes, async ({ query, app }) => {
    const from = await swapTokenParam(app, query.from, "from")
    const to = await swapTokenParam(app, query.to, "to")
    if (from.chain !== to.chain) throw new HttpError(400, "Invalid swap: from and to are on different chains")
    const user = userParam(query.userAddress, from.chain)
    const amount = amountParam(query.amount)
    if (query.gasPrice !== "" && (query.gasPrice.length > 78 || !/^\d+$/.test(query.gasPrice)))
      throw new HttpError(400, "Invalid gasPrice: expected an integer in wei")
    const { amountOut, impact } = await quote(from.chain, from.asset, to.asset, amount)
    return json(SandboxSwapQuoteResponse, {
      quotes: [
        {
          id: null,
          fromAmount: amount.toString(),
          fromAccount: user,
          toAmount: amountOut.toString(),
          toAccount: user,
          priceImpact: percent(impact)
        }
      ]
    })
  }),

  endpointRoute(endpoints.swapAllowance, async ({ query, app }) => {
    const { chain, asset } = await swapTokenParam(app, query.tokenAddress, "tokenAddress")
    const user = userParam(query.userAddress, chain)
    // the native token is sent as the transaction's value: nothing to approve
    if (asset.native) return { allowance: maxUint256.toString() }
    const allowance = await chain.client.readContract({
      address: asset.pathAddress,
      abi: erc20Abi,
      functionName: "allowance",
      args: [user, chain.swap.router]
    })
    return { allowance: allowance.toString() }
  }),

  endpointRoute(endpoints.buildApprove, async ({ query, app, raw }) => {
    const { chain, asset } = await swapTokenParam(app, query.from, "from")
    const to = await swapTokenParam(app, query.to, "to")
    if (to.chain !== chain) throw new HttpError(400, "Invalid swap: from and to are on different chains")
    const user = userParam(query.userAddress, chain)
    if (asset.native) throw new HttpError(400, "The native token needs no approval")
    // the decoded `amount` is a JS number; read the exact digits
    const rawAmount = raw.query.get("amount")
    const amount = rawAmount === null ? maxUint256 : amountParam(rawAmount)
    const data = encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [chain.swap.router, amount] })
    const [gas, gasPrice] = await Promise.all([
      chain.client.estimateGas({ account: user, to: asset.pathAddress, data }).catch(() => fallbackGas.approve),
      chain.client.getGasPrice()
    ])
    return {
      tx: {
        from: user,
        to: asset.pathAddress,
        data,
        value: "0",
        eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() }
      }
    }
  }),

  rawEndpointRoute(endpoints.buildTransaction, async ({ body, app }) => {
    const from = await swapTokenParam(app, body.from, "from")
    const to = await swapTokenParam(app, body.to, "to")
    if (from.chain !== to.chain) throw new HttpError(400, "Invalid swap: from and to are on different chains")
    const chain = from.chain
    const user = userParam(body.userAddress, chain)
    const amount = amountParam(body.amount)
    const bps = slippageBps(body.eip155.slippage)
    const { path, amountOut } = await quote(chain, from.asset, to.asset, amount)
    const amountOutMin = minimumOut(amountOut, bps)
    const latest = await chain.client.getBlock()
    const deadline = latest.timestamp + BigInt(swapDeadlineSeconds)
    const route = [...path]
    const data = from.asset.native
      ? encodeFunctionData({
          abi: routerAbi,
          functionName: "swapExactETHForTokens",
          args: [amountOutMin, route, user, deadline]
        })
      : encodeFunctionData({
          abi: routerAbi,
          functionName: to.asset.native ? "swapExactTokensForETH" : "swapExactTokensForTokens",
          args: [amount, amountOutMin, route, user, deadline]
        })
    const value = from.asset.native ? amount : 0n
    const gasPrice = await chain.client.getGasPrice()
    const gas =
      body.disableEstimate === true
        ? fallbackGas.swapHop * BigInt(path.length - 1)
        : await chain.client.estimateGas({ account: user, to: chain.swap.router, data, value }).catch((error) => {
            const reason = error instanceof BaseError ? error.shortMessage : "the node refused it"
            throw new HttpError(400, `The swap would fail: ${reason}`)
          })
    return json(SandboxBuildTransactionResponse, {
      tx: {
        from: user,
        to: chain.swap.router,
        data,
        amount: amount.toString(),
        value: value.toString(),
        eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() }
      }
    })
  })
]
