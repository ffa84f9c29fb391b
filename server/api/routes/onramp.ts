/**
 * Onramp routes (SPEC §7, §9): the currencies the onramp provider sells on the API's supported chains, its quotes,
 * the URL generator that opens an order on it, and Airlock's order-status extension (docs/api-extensions.md). The
 * provider is `startApi`'s `onramp` option (the sandbox passes its ramp); without one every onramp route answers 404,
 * and without its `open` / `get` the generator / status do.
 */
import { endpoints } from "../../../core/schema/api/endpoints.ts"
import type { OnrampNetwork, PurchaseCurrency } from "../../../core/schema/onramp.ts"
import type { ApiApp, ApiRoute } from "../app.ts"
import { nativeTokenAddress } from "../chains.ts"
import { endpointRoute } from "../contract.ts"
import type { OnrampProvider } from "../onramp.ts"
import { HttpError } from "../router.ts"

const networkNames: Readonly<Record<number, readonly [string, string]>> = {
  1: ["ethereum", "Ethereum"],
  8453: ["base", "Base"]
}

/** The native token's address on a Solana chain, as the onramp lists it. */
const solanaNativeAddress = "11111111111111111111111111111111"

/** A network the provider sells on: its name, CAIP-2 id and the asset addresses there, by symbol. */
interface RampNetwork {
  readonly network: OnrampNetwork
  readonly caipNetworkId: string
  readonly assets: Readonly<Record<string, string>>
}

/** The networks the provider sells on: the API's supported EVM chains and the Solana chain. */
export const rampNetworks = (app: ApiApp): ReadonlyArray<RampNetwork> => {
  const evm = app.chains.supported.map((chain): RampNetwork => {
    const [name, display] = networkNames[chain.chainId] ?? [`eip155-${chain.chainId}`, `Chain ${chain.chainId}`]
    return {
      network: { name, display_name: display, chain_id: String(chain.chainId), contract_address: "" },
      caipNetworkId: chain.caipNetworkId,
      assets: {
        [chain.nativeToken.symbol]: nativeTokenAddress,
        ...Object.fromEntries(chain.tokens.map((token) => [token.symbol, token.address]))
      }
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
            assets: {
              SOL: solanaNativeAddress,
              ...Object.fromEntries(Object.entries(solana.mints).map(([mint, meta]) => [meta.symbol, mint]))
            }
          }
        ]
  return [...evm, ...sol]
}

const purchaseCurrencies = (app: ApiApp, provider: OnrampProvider): ReadonlyArray<PurchaseCurrency> =>
  provider.assets.map((asset) => ({
    id: asset.symbol,
    name: asset.name,
    symbol: asset.symbol,
    networks: rampNetworks(app).flatMap((n) => {
      const address = n.assets[asset.symbol]
      return address === undefined ? [] : [{ ...n.network, contract_address: address }]
    })
  }))

const noProvider = "No onramp provider runs with this API"

const ramp = (app: ApiApp): OnrampProvider => {
  if (app.onramp === undefined) throw new HttpError(404, noProvider)
  return app.onramp
}

/** The onramp routes. */
export const onrampRoutes: ReadonlyArray<ApiRoute> = [
  endpointRoute(endpoints.onrampOptions, ({ app }) => {
    const provider = ramp(app)
    return {
      paymentCurrencies: provider.fiatCurrencies.map((id) => ({ id, payment_method_limits: provider.limits })),
      purchaseCurrencies: purchaseCurrencies(app, provider)
    }
  }),
  endpointRoute(endpoints.onrampQuote, async ({ body, app }) => {
    const quote = await ramp(app).quote({
      asset: body.purchaseCurrency.symbol || body.purchaseCurrency.id,
      fiat: body.paymentCurrency.id,
      amount: Number(body.amount)
    })
    if (quote === undefined) throw new HttpError(400, "No quote for this currency or amount")
    return quote
  }),
  endpointRoute(endpoints.onrampUrl, async ({ body, project, app }) => {
    const provider = ramp(app)
    if (provider.open === undefined) throw new HttpError(404, noProvider)
    const wallet = body.destinationWallets[0]
    if (wallet === undefined) throw new HttpError(400, "Invalid body: destinationWallets is empty")
    const wanted = body.defaultNetwork ?? wallet.blockchains[0]
    const network = rampNetworks(app).find((n) => n.network.name === wanted || n.caipNetworkId === wanted)
    if (network === undefined) throw new HttpError(400, `The ramp does not sell on ${String(wanted)}`)
    const asset = provider.assets.find((a) => a.symbol === (wallet.assets?.[0] ?? "USDC"))
    if (asset === undefined || network.assets[asset.symbol] === undefined)
      throw new HttpError(400, `The ramp does not sell ${String(wallet.assets?.[0])} on ${network.network.name}`)
    const fiat = body.presetFiatCurrency ?? "USD"
    const { orderId, url } = await provider.open({
      projectId: project.id,
      provider: body.provider ?? "sandbox",
      network: network.caipNetworkId,
      networkName: network.network.display_name,
      asset: asset.symbol,
      address: wallet.address,
      fiat: provider.fiatCurrencies.includes(fiat) ? fiat : (provider.fiatCurrencies[0] ?? "USD"),
      amount: body.presetFiatAmount,
      method: body.paymentMethod ?? "card"
    })
    return { url, orderId }
  }),
  endpointRoute(endpoints.onrampOrder, async ({ params, project, app }) => {
    const provider = ramp(app)
    const order = provider.get === undefined ? undefined : await provider.get(params.orderId)
    if (provider.get === undefined) throw new HttpError(404, noProvider)
    if (order === undefined || order.projectId !== project.id) throw new HttpError(404, "No such order")
    return order.status
  })
]
