/**
 * Onramp routes (SPEC §7, §9): the currencies the sandbox ramp sells on the API's supported chains, its quotes, the
 * URL generator that opens an order on the ramp (`sandbox/ramp`), and Airlock's order-status extension
 * (docs/api-extensions.md). Without a ramp (`startApi` alone) the generator and the status answer 404.
 */
import { endpoints } from "../../../core/schema/api/endpoints.ts"
import type { OnrampNetwork, PurchaseCurrency } from "../../../core/schema/onramp.ts"
import { orderStatus } from "../../../sandbox/ramp/orders.ts"
import { type RampAsset, rampAssets, rampFiatCurrencies, rampLimits, rampQuote } from "../../../sandbox/ramp/pricing.ts"
import type { ApiApp, ApiRoute } from "../app.ts"
import { nativeTokenAddress } from "../chains.ts"
import { endpointRoute } from "../contract.ts"
import { HttpError } from "../router.ts"

const networkNames: Readonly<Record<number, readonly [string, string]>> = {
  1: ["ethereum", "Ethereum"],
  8453: ["base", "Base"]
}

/** A network the ramp sells on: its name, CAIP-2 id and the asset addresses there. */
interface RampNetwork {
  readonly network: OnrampNetwork
  readonly caipNetworkId: string
  readonly assets: Partial<Record<RampAsset, string>>
}

/** The networks the ramp sells on: the API's supported EVM chains and the Solana chain. */
export const rampNetworks = (app: ApiApp): ReadonlyArray<RampNetwork> => {
  const evm = app.chains.supported.map((chain): RampNetwork => {
    const [name, display] = networkNames[chain.chainId] ?? [`eip155-${chain.chainId}`, `Chain ${chain.chainId}`]
    return {
      network: { name, display_name: display, chain_id: String(chain.chainId), contract_address: "" },
      caipNetworkId: chain.caipNetworkId,
      assets: { ETH: nativeTokenAddress, ...(chain.usdc === undefined ? {} : { USDC: chain.usdc }) }
    }
  })
  const solana = app.chains.solana
  const sol: ReadonlyArray<RampNetwork> =
    solana === undefined
      ? []
      : [
          {
            network: {
              name: "solana",
              display_name: "Solana",
              chain_id: solana.caipNetworkId.split(":")[1] ?? "",
              contract_address: ""
            },
            caipNetworkId: solana.caipNetworkId,
            assets: { SOL: "11111111111111111111111111111111", USDC: solana.usdcMint }
          }
        ]
  return [...evm, ...sol]
}

const assetNames: Readonly<Record<RampAsset, string>> = { USDC: "USD Coin", ETH: "Ether", SOL: "Solana" }

const purchaseCurrencies = (app: ApiApp): ReadonlyArray<PurchaseCurrency> =>
  rampAssets.map((asset) => ({
    id: asset,
    name: assetNames[asset],
    symbol: asset,
    networks: rampNetworks(app).flatMap((n) => {
      const address = n.assets[asset]
      return address === undefined ? [] : [{ ...n.network, contract_address: address }]
    })
  }))

const ramp = (app: ApiApp) => {
  if (app.onramp === undefined) throw new HttpError(404, "No onramp provider runs with this API")
  return app.onramp
}

/** The onramp routes. */
export const onrampRoutes: ReadonlyArray<ApiRoute> = [
  endpointRoute(endpoints.onrampOptions, ({ app }) => ({
    paymentCurrencies: rampFiatCurrencies.map((id) => ({ id, payment_method_limits: rampLimits })),
    purchaseCurrencies: purchaseCurrencies(app)
  })),
  endpointRoute(endpoints.onrampQuote, ({ body }) => {
    const quote = rampQuote({
      asset: body.purchaseCurrency.symbol || body.purchaseCurrency.id,
      fiat: body.paymentCurrency.id,
      amount: Number(body.amount)
    })
    if (quote === undefined) throw new HttpError(400, "No quote for this currency or amount")
    return quote
  }),
  endpointRoute(endpoints.onrampUrl, ({ body, project, app }) => {
    const wallet = body.destinationWallets[0]
    if (wallet === undefined) throw new HttpError(400, "Invalid body: destinationWallets is empty")
    const wanted = body.defaultNetwork ?? wallet.blockchains[0]
    const network = rampNetworks(app).find((n) => n.network.name === wanted || n.caipNetworkId === wanted)
    if (network === undefined) throw new HttpError(400, `The ramp does not sell on ${String(wanted)}`)
    const asset = rampAssets.find((a) => a === (wallet.assets?.[0] ?? "USDC"))
    if (asset === undefined || network.assets[asset] === undefined)
      throw new HttpError(400, `The ramp does not sell ${String(wallet.assets?.[0])} on ${network.network.name}`)
    const fiat = body.presetFiatCurrency ?? "USD"
    const { order, url } = ramp(app).open({
      projectId: project.id,
      provider: body.provider ?? "sandbox",
      network: network.caipNetworkId,
      networkName: network.network.display_name,
      asset,
      address: wallet.address,
      fiat: rampFiatCurrencies.includes(fiat as never) ? fiat : "USD",
      amount: body.presetFiatAmount,
      method: body.paymentMethod ?? "card"
    })
    return { url, orderId: order.id }
  }),
  endpointRoute(endpoints.onrampOrder, ({ params, project, app }) => {
    const order = ramp(app).get(params.orderId)
    if (order === undefined || order.projectId !== project.id) throw new HttpError(404, "No such order")
    return orderStatus(order)
  })
]
