/**
 * Routes built from core's `endpoints` table: the row's schemas decode the path, query and body, and encode the
 * answer, so the sandbox speaks exactly the wire contract the client decodes.
 */
import { Schema } from "effect"
import type { EndpointDef, EndpointInput, EndpointOutput } from "../../core/schema/api/endpoint.ts"
import type { ApiApp, ApiRoute } from "./app.ts"
import type { ProjectSettings } from "./projects.ts"
import { HttpError, json, type Reply, type RouteContext } from "./router.ts"

/** What an endpoint handler gets: the decoded input plus the project, the app and the raw request context. */
export type EndpointContext<E extends EndpointDef> = EndpointInput<E> & {
  readonly project: ProjectSettings
  readonly app: ApiApp
  readonly raw: RouteContext<ApiApp>
}

const decode = (schema: Schema.Top, input: unknown, what: string): unknown => {
  const decoded = Schema.decodeUnknownResult(schema as Schema.Codec<unknown, unknown>)(input)
  if (decoded._tag === "Failure") throw new HttpError(400, `Invalid ${what}: ${decoded.failure.message}`)
  return decoded.success
}

const queryRecord = (query: URLSearchParams): Record<string, string> => {
  const record: Record<string, string> = {}
  for (const [key, value] of query) if (!(key in record)) record[key] = value
  return record
}

const toPattern = (path: string) => path.replace(/\{(\w+)\}/g, ":$1")

const input = (def: EndpointDef, ctx: RouteContext<ApiApp>) => ({
  params: def.params === undefined ? undefined : decode(def.params, ctx.params, "path"),
  query: def.query === undefined ? undefined : decode(def.query, queryRecord(ctx.query), "query"),
  body: def.body === undefined ? undefined : decode(def.body, ctx.body ?? missingBody(), "body"),
  project: ctx.project,
  app: ctx.app,
  raw: ctx
})

const missingBody = (): never => {
  throw new HttpError(400, "Missing JSON body")
}

/**
 * A JSON endpoint: decodes its input with the row's schemas and encodes the handler's answer with `response`.
 * @example
 * ```ts
 * import { endpoints } from "../../core/schema/api/endpoints.ts"
 * const route = endpointRoute(endpoints.analyticsConfig, ({ project }) => ({ isAnalyticsEnabled: project.analytics }))
 * ```
 */
export const endpointRoute = <E extends EndpointDef & { readonly response: Schema.Top }>(
  def: E,
  handle: (ctx: EndpointContext<E>) => EndpointOutput<E> | Promise<EndpointOutput<E>>
): ApiRoute => ({
  method: def.method,
  path: toPattern(def.path),
  handle: async (ctx) => json(def.response, await handle(input(def, ctx) as unknown as EndpointContext<E>))
})

/**
 * An endpoint that answers something other than JSON (the image endpoints): input decoded, answer as given.
 * @example
 * ```ts
 * import { endpoints } from "../../core/schema/api/endpoints.ts"
 * import { tileSvg } from "./images.ts"
 * import { svg } from "./router.ts"
 * const route = rawEndpointRoute(endpoints.tokenImage, ({ params }) => svg(tileSvg(params.id, params.id)))
 * ```
 */
export const rawEndpointRoute = <E extends EndpointDef>(
  def: E,
  handle: (ctx: EndpointContext<E>) => Reply | Promise<Reply>
): ApiRoute => ({
  method: def.method,
  path: toPattern(def.path),
  handle: (ctx) => handle(input(def, ctx) as unknown as EndpointContext<E>)
})
