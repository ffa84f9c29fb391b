/**
 * The sandbox ramp as the API's onramp provider: its currencies, limits and quotes (`pricing.ts`), and orders opened
 * and read on the running ramp server. Without a ramp (an API test on its own) the options and quotes still answer,
 * and the URL generator and order status answer 404.
 */
import type { OnrampProvider } from "../../server/api/onramp.ts"
import { type NewOrder, orderStatus, type RampOrder } from "./orders.ts"
import { type RampAsset, rampAssets, rampFiatCurrencies, rampLimits, rampQuote } from "./pricing.ts"

/** What the provider needs of a running ramp: open an order (its buy page's URL) and read one. */
export interface RampLink {
  readonly open: (order: NewOrder) => { readonly order: RampOrder; readonly url: string }
  readonly get: (id: string) => RampOrder | undefined
}

const assetNames: Readonly<Record<RampAsset, string>> = { USDC: "USD Coin", ETH: "Ether", SOL: "Solana" }

const isRampAsset = (symbol: string): symbol is RampAsset => rampAssets.includes(symbol as RampAsset)

/**
 * The sandbox ramp as an onramp provider.
 * @example
 * ```ts
 * const ramp = await startRamp({ evm, solana })
 * await startApi({ dataDir, onramp: sandboxOnramp({ open: ramp.open, get: ramp.orders.get }) })
 * ```
 */
export const sandboxOnramp = (link?: RampLink): OnrampProvider => ({
  fiatCurrencies: rampFiatCurrencies,
  limits: rampLimits,
  assets: rampAssets.map((symbol) => ({ symbol, name: assetNames[symbol] })),
  quote: rampQuote,
  open:
    link === undefined
      ? undefined
      : (request) => {
          if (!isRampAsset(request.asset)) throw new Error(`The sandbox ramp does not sell ${request.asset}`)
          const { order, url } = link.open({ ...request, asset: request.asset })
          return { orderId: order.id, url }
        },
  get:
    link === undefined
      ? undefined
      : (id) => {
          const order = link.get(id)
          return order === undefined ? undefined : { projectId: order.projectId, status: orderStatus(order) }
        }
})
