/**
 * Price routes of the blockchain API: fungible prices from the price source (an ERC-20 it has no price for, such as
 * the sandbox's DAI stand-in, from its pool with the chain's hub swap token) and gas prices read from the chain.
 */
import { type Address, getAddress, isAddress } from "viem"
import type { FungiblePrice } from "../../../core/schema/api/account.ts"
import { endpoints } from "../../../core/schema/api/endpoints.ts"
import { type ApiApp, type ApiRoute, imageUrl } from "../app.ts"
import { type ApiChain, nativeTokenAddress } from "../chains.ts"
import { endpointRoute } from "../contract.ts"
import { type PriceOf, priceIn } from "../prices.ts"
import { HttpError } from "../router.ts"
import { poolPrice } from "./convert.ts"

/** Most addresses one price request may ask for. */
export const maxPricedAddresses = 100

/** A token's price through its pool with the chain's hub token, times the hub's price; 0 without a pool. */
const pooled = async (app: ApiApp, chain: ApiChain, token: Address, priceOf: PriceOf): Promise<number> => {
  const pool = await poolPrice(chain, token)
  if (pool === undefined) return 0
  const hub = await app.chains.tokenMeta(chain, pool.hub)
  if (hub === undefined) return 0
  return pool.price * (await priceOf({ symbol: hub.symbol, address: `${chain.caipNetworkId}:${pool.hub}` }))
}

/** The price routes. */
export const priceRoutes: ReadonlyArray<ApiRoute> = [
  endpointRoute(endpoints.fungiblePrice, async ({ body, app, project }) => {
    const currency = body.currency.toLowerCase()
    if (!app.prices.currencies.includes(currency)) throw new HttpError(400, `Unsupported currency '${body.currency}'`)
    if (body.addresses.length > maxPricedAddresses)
      throw new HttpError(400, `Too many addresses: at most ${maxPricedAddresses}`)
    const priceOf = priceIn(app.prices, currency)
    const fungibles: Array<FungiblePrice> = []
    for (const caip of body.addresses) {
      // CAIP-10: namespace:reference:address
      const [namespace, reference, token] = caip.split(":")
      const chain = namespace === "eip155" && reference !== undefined ? app.chains.find(reference) : undefined
      if (chain === undefined || token === undefined || !isAddress(token, { strict: false })) continue
      const native = token.toLowerCase() === nativeTokenAddress
      const meta = native ? chain.nativeToken : await app.chains.tokenMeta(chain, getAddress(token))
      if (meta === undefined) continue
      const [listed] = await app.prices.prices(
        [{ symbol: meta.symbol, ...(native ? {} : { address: `${chain.caipNetworkId}:${getAddress(token)}` }) }],
        currency
      )
      fungibles.push({
        name: meta.name,
        symbol: meta.symbol,
        iconUrl: imageUrl(app, "/public/getTokenImage", meta.symbol, project.id),
        price: listed ?? (native ? 0 : await pooled(app, chain, getAddress(token), priceOf))
      })
    }
    return { fungibles }
  }),
  endpointRoute(endpoints.gasPrice, async ({ query, app }) => {
    const chain = app.chains.find(query.chainId)
    if (chain === undefined) throw new HttpError(400, `Unsupported chain '${query.chainId}'`)
    const gasPrice = await chain.client.getGasPrice()
    return {
      standard: gasPrice.toString(),
      fast: ((gasPrice * 12n) / 10n).toString(),
      instant: ((gasPrice * 15n) / 10n).toString()
    }
  })
]
