/**
 * Wallet API routes (SPEC §7): project config, allowed origins, the wallet registry listing, analytics config and the
 * generated images.
 */
import { endpoints } from "../../../core/schema/api/endpoints.ts"
import type { ApiRoute } from "../app.ts"
import { endpointRoute, rawEndpointRoute } from "../contract.ts"
import { tileSvg } from "../images.ts"
import { HttpError, svg } from "../router.ts"

/** Largest page `/getWallets` serves; bigger asks are a 400 rather than one huge answer. */
export const maxEntries = 1000

const imageId = (id: string): string => {
  if (!/^[\w.:-]{1,128}$/.test(id)) throw new HttpError(400, "Invalid image id")
  return id
}

/** The wallet API's routes. */
export const walletApiRoutes: ReadonlyArray<ApiRoute> = [
  endpointRoute(endpoints.projectConfig, ({ project }) => ({ features: project.features })),
  endpointRoute(endpoints.allowedOrigins, ({ project }) => ({ allowedOrigins: project.allowedOrigins })),
  endpointRoute(endpoints.analyticsConfig, ({ project }) => ({ isAnalyticsEnabled: project.analytics })),
  endpointRoute(endpoints.getWallets, ({ query, app }) => {
    if (query.page < 1) throw new HttpError(400, "Invalid query parameter 'page': must be 1 or more")
    if (query.entries < 1 || query.entries > maxEntries)
      throw new HttpError(400, `Invalid query parameter 'entries': must be from 1 to ${maxEntries}`)
    return app.registry.query({
      page: Math.min(query.page, 1_000_000),
      entries: query.entries,
      include: query.include ?? [],
      exclude: query.exclude ?? [],
      search: (query.search ?? "").trim(),
      badgeType: query.badge_type === undefined || query.badge_type === "" ? undefined : query.badge_type,
      chains: query.chains ?? []
    })
  }),
  rawEndpointRoute(endpoints.walletImage, ({ params, app }) => {
    const image = app.registry.imageSvg(imageId(params.id))
    if (image === undefined) throw new HttpError(404, `No wallet image ${params.id}`)
    return svg(image)
  }),
  rawEndpointRoute(endpoints.assetImage, ({ params }) => svg(tileSvg(params.id, imageId(params.id)))),
  rawEndpointRoute(endpoints.currencyImage, ({ params }) => svg(tileSvg(params.id, imageId(params.id)))),
  rawEndpointRoute(endpoints.tokenImage, ({ params }) => svg(tileSvg(params.id, imageId(params.id))))
]
