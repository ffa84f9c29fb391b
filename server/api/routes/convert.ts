/**
 * Swap routes of the blockchain API (SPEC §7 `/v1/convert/*`), answered from the Uniswap V2 style exchange a chain's
 * configuration names (`swap`: router, factory, WETH; the sandbox's is `sandbox/chain/amm.ts`): the native token and
 * the swap tokens, quotes from the router's `getAmountsOut`, the router's ERC-20 allowance, and the approve and swap
 * calldata to send. A pair of tokens without a pool routes through the first swap token (the hub).
 * `/v1/convert/gas-price` is served with the prices (`prices.ts`). The exchange's reads are `../swapPools.ts`, the
 * parameters' checks `convertParams.ts`.
 *
 * Every chain read goes through the chain's viem client, whose HTTP transport times out after 10 s. Bad input (an
 * unknown token, an amount that is not a positive integer, an address that is not one, a chain without pools) is a
 * 400 with the reason; nothing is sent to a chain by these routes.
 */
import { Schema } from "effect"
import { BaseError, encodeFunctionData, erc20Abi, maxUint256 } from "viem"
import { BuildTransactionResponse, SwapQuote } from "../../../core/schema/api/convert.ts"
import { endpoints } from "../../../core/schema/api/endpoints.ts"
import { type ApiRoute, imageUrl } from "../app.ts"
import { endpointRoute, rawEndpointRoute } from "../contract.ts"
import { HttpError, json } from "../router.ts"
import { hasPools, percent, quote, routerAbi, swapAssets } from "../swapPools.ts"
import { amountParam, minimumOut, slippageBps, swapChain, swapTokenParam, userParam } from "./convertParams.ts"

export { poolPrice, type SwapAsset, swapAssets } from "../swapPools.ts"
export { amountParam, minimumOut, slippageBps } from "./convertParams.ts"

/** Seconds a built swap stays valid, counted from the chain's latest block (the router's `deadline`). */
export const swapDeadlineSeconds = 20 * 60

/** Gas limits answered when the caller asks for no estimate (`disableEstimate`), or for an approval that fails to estimate. */
export const fallbackGas = { approve: 60_000n, swapHop: 150_000n } as const

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
