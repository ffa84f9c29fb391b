/**
 * `GET /v1/supported-chains`: the local chains the blockchain API serves (the unsupported one is left out, so the
 * app's "network not supported" paths can be exercised).
 */
import { endpoints } from "../../../core/schema/api/endpoints.ts"
import type { ApiRoute } from "../app.ts"
import { endpointRoute } from "../contract.ts"

/** The supported-chains route. */
export const chainRoutes: ReadonlyArray<ApiRoute> = [
  endpointRoute(endpoints.supportedChains, ({ app }) => {
    const ids = app.chains.supported.map((c) => c.caipNetworkId)
    return { http: ids, ws: [] }
  })
]
