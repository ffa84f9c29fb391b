/**
 * The sandbox API's routing table: a route is a method, a path pattern and a handler, grouped one file per endpoint
 * group (`routes/*.ts`), so a new group is a new file appended to the table, never a rewrite.
 */
import type { IncomingHttpHeaders } from "node:http"
import { Schema } from "effect"
import type { ProjectSettings } from "./projects.ts"

/** A failure a handler throws on purpose; the server answers `status` with `{ message }`. */
export class HttpError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

/**
 * What a handler answers: JSON (already encoded by its wire schema), an SVG image, or an empty body; `headers` adds
 * response headers (a `set-cookie`).
 */
export type Reply = (
  | { readonly kind: "json"; readonly status: number; readonly body: unknown }
  | { readonly kind: "svg"; readonly status: number; readonly body: string }
  | { readonly kind: "html"; readonly status: number; readonly body: string }
  | { readonly kind: "empty"; readonly status: number }
) & { readonly headers?: Readonly<Record<string, string>> }

/** What a handler gets: the request's parts plus the server's shared state `app`. */
export interface RouteContext<App> {
  /** Path parameters, already URI-decoded. */
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
  /** The parsed JSON body, or undefined when there is none. */
  readonly body: unknown
  readonly headers: IncomingHttpHeaders
  /** The calling project; set for every route that is not `public`. */
  readonly project: ProjectSettings
  readonly app: App
}

/** One endpoint. */
export interface Route<App> {
  readonly method: "GET" | "POST" | "PUT" | "DELETE"
  /** Path pattern; `:name` segments capture a parameter (`/getWalletImage/:id`). */
  readonly path: string
  /** A public route needs no projectId (sandbox control endpoints). @default false */
  readonly public?: boolean
  /**
   * Refuse the route (403) to a browser page that is not on this machine: a request whose `Origin` is not a loopback
   * one. Set on the control routes, which can change any project and must not be reachable from any web page.
   * @default false
   */
  readonly loopbackOnly?: boolean
  /**
   * Answer credentialed CORS (cookies): `access-control-allow-origin` is the request's own `Origin` when the project
   * allows it (none otherwise), with `access-control-allow-credentials: true` and `vary: origin`, instead of `*`.
   * @default false
   */
  readonly credentials?: boolean
  /**
   * Also read a `text/plain` body as JSON: what `navigator.sendBeacon` sends (a beacon with a JSON content type is
   * refused by browsers). Only for the analytics sink, which changes nothing but its own event log.
   * @default false
   */
  readonly textBody?: boolean
  /** Largest body this route takes, in bytes (its schema's need); larger is a 413. @default 1_000_000 */
  readonly maxBodyBytes?: number
  readonly handle: (ctx: RouteContext<App>) => Reply | Promise<Reply>
}

/**
 * Encodes `value` with the endpoint's wire schema and answers it as JSON, so a sandbox answer that drifts from the
 * contract fails loudly (as a 500 the tests catch) instead of teaching clients a wrong shape.
 * @example
 * ```ts
 * const reply = json(Schema.Struct({ isAnalyticsEnabled: Schema.Boolean }), { isAnalyticsEnabled: true })
 * ```
 */
export const json = <S extends Schema.Top>(schema: S, value: S["Type"], status = 200): Reply => {
  const encoded = Schema.encodeUnknownResult(schema as never)(value)
  if (encoded._tag === "Failure") throw new Error(`Response does not match its schema: ${encoded.failure.message}`)
  return { kind: "json", status, body: encoded.success }
}

/** An SVG image answer. */
export const svg = (body: string): Reply => ({ kind: "svg", status: 200, body })

/**
 * Decodes a JSON body with `schema`; a mismatch is a 400 that says what was wrong.
 * @example
 * ```ts
 * declare const ctx: RouteContext<unknown>
 * const RevokeBody = Schema.Struct({ pci: Schema.String, signature: Schema.String })
 * const { pci, signature } = decodeBody(RevokeBody, ctx.body)
 * ```
 */
export const decodeBody = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  body: unknown
): S["Type"] => {
  if (body === undefined) throw new HttpError(400, "Missing JSON body")
  const decoded = Schema.decodeUnknownResult(schema)(body)
  if (decoded._tag === "Failure") throw new HttpError(400, `Invalid body: ${decoded.failure.message}`)
  return decoded.success
}

/**
 * Decodes a query string with `schema` (first value of each name; names the schema does not list are ignored); a
 * mismatch is a 400 that says what was wrong.
 * @example
 * ```ts
 * declare const ctx: RouteContext<unknown>
 * const { chainId } = decodeQuery(Schema.Struct({ chainId: Schema.String }), ctx.query)
 * ```
 */
export const decodeQuery = <S extends Schema.Top & { readonly DecodingServices: never }>(
  schema: S,
  query: URLSearchParams
): S["Type"] => {
  const record: Record<string, string> = {}
  for (const [key, value] of query) if (!(key in record)) record[key] = value
  const decoded = Schema.decodeUnknownResult(schema)(record)
  if (decoded._tag === "Failure") throw new HttpError(400, `Invalid query: ${decoded.failure.message}`)
  return decoded.success
}

interface CompiledRoute<App> {
  readonly route: Route<App>
  readonly segments: ReadonlyArray<string>
}

/** The table compiled for matching. */
export interface Router<App> {
  /** The route for `method` + `pathname` and its params; `allowed` lists methods that would match another method. */
  match(
    method: string,
    pathname: string
  ):
    | { readonly route: Route<App>; readonly params: Record<string, string> }
    | { readonly route: undefined; readonly allowed: ReadonlyArray<string> }
}

const split = (path: string) => path.split("/").filter((s) => s.length > 0)

const decodeSegment = (segment: string): string => {
  try {
    return decodeURIComponent(segment)
  } catch {
    throw new HttpError(400, "Malformed percent-encoding in path")
  }
}

/**
 * Compiles a route table.
 * @example
 * ```ts
 * import { chainRoutes } from "./routes/chains.ts"
 * import { walletApiRoutes } from "./routes/walletApi.ts"
 * const router = makeRouter([...walletApiRoutes, ...chainRoutes])
 * router.match("GET", "/getWalletImage/abc")
 * ```
 */
export const makeRouter = <App>(routes: ReadonlyArray<Route<App>>): Router<App> => {
  const compiled: ReadonlyArray<CompiledRoute<App>> = routes.map((route) => ({ route, segments: split(route.path) }))
  const paramsOf = (segments: ReadonlyArray<string>, parts: ReadonlyArray<string>) => {
    if (segments.length !== parts.length) return undefined
    const params: Record<string, string> = {}
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i]!
      const part = parts[i]!
      if (segment.startsWith(":")) params[segment.slice(1)] = decodeSegment(part)
      else if (segment !== part) return undefined
    }
    return params
  }
  return {
    match: (method, pathname) => {
      const parts = split(pathname)
      const allowed: Array<string> = []
      for (const { route, segments } of compiled) {
        const params = paramsOf(segments, parts)
        if (params === undefined) continue
        if (route.method === method) return { route, params }
        allowed.push(route.method)
      }
      return { route: undefined, allowed }
    }
  }
}
