/**
 * `GET /v1/supported-chains`: the local chains the blockchain API serves (the unsupported one is left out, so the
 * app's "network not supported" paths can be exercised), the local Solana chain last.
 */
import { endpoints } from "../../../core/schema/api/endpoints.ts"
import type { ApiRoute } from "../app.ts"
import { endpointRoute } from "../contract.ts"

/** The supported-chains route. */
export const chainRoutes: ReadonlyArray<ApiRoute> = [
  endpointRoute(endpoints.supportedChains, ({ app }) => {
    const solana = app.chains.solana === undefined ? [] : [app.chains.solana.caipNetworkId]
    const ids = [...app.chains.supported.map((c) => c.caipNetworkId), ...solana]
    return { http: ids, ws: [] }
  })
]
