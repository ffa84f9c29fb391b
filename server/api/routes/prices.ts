/**
 * Price routes of the blockchain API: fungible prices from the local price table (a token it does not list, such as
 * the DAI stand-in, from its USDC pool on the sandbox's Uniswap V2) and gas prices read from the chain.
 */
import { getAddress, isAddress } from "viem"
import type { FungiblePrice } from "../../../core/schema/api/account.ts"
import { endpoints } from "../../../core/schema/api/endpoints.ts"
import { type ApiRoute, imageUrl } from "../app.ts"
import { nativeToken, nativeTokenAddress } from "../chains.ts"
import { endpointRoute } from "../contract.ts"
import { fiatRates, priceOf, usdPrices } from "../prices.ts"
import { HttpError } from "../router.ts"
import { poolPriceInUsdc } from "./convert.ts"

/** Most addresses one price request may ask for. */
export const maxPricedAddresses = 100

/** The price routes. */
export const priceRoutes: ReadonlyArray<ApiRoute> = [
  endpointRoute(endpoints.fungiblePrice, async ({ body, app, project }) => {
    const currency = body.currency.toLowerCase()
    if (fiatRates[currency] === undefined) throw new HttpError(400, `Unsupported currency '${body.currency}'`)
    if (body.addresses.length > maxPricedAddresses)
      throw new HttpError(400, `Too many addresses: at most ${maxPricedAddresses}`)
    const fungibles: Array<FungiblePrice> = []
    for (const caip of body.addresses) {
      // CAIP-10: namespace:reference:address
      const [namespace, reference, token] = caip.split(":")
      const chain = namespace === "eip155" && reference !== undefined ? app.chains.find(reference) : undefined
      if (chain === undefined || token === undefined || !isAddress(token, { strict: false })) continue
      const meta =
        token.toLowerCase() === nativeTokenAddress ? nativeToken : await app.chains.tokenMeta(chain, getAddress(token))
      if (meta === undefined) continue
      fungibles.push({
        name: meta.name,
        symbol: meta.symbol,
        iconUrl: imageUrl(app, "/public/getTokenImage", meta.symbol, project.id),
        price:
          usdPrices[meta.symbol] === undefined && token.toLowerCase() !== nativeTokenAddress
            ? ((await poolPriceInUsdc(chain, getAddress(token))) ?? 0) * priceOf("USDC", currency)
            : priceOf(meta.symbol, currency)
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
