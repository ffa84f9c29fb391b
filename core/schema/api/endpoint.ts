import * as Schema from "effect/Schema"
import * as SchemaTransformation from "effect/SchemaTransformation"

/** Which hosted service answers an endpoint: its base URL is `ClientConfig.endpoints[api]`. */
export type ApiName = "walletApi" | "blockchainApi"

/** The HTTP methods the hosted APIs use. */
export type EndpointMethod = "GET" | "POST"

/**
 * One row of the `endpoints` table: everything a client needs to call an endpoint and a server needs to answer it.
 * `path` holds `{name}` placeholders filled from `params`. Query schemas decode from the wire's strings (numbers and
 * comma-joined lists included), so a server can decode `URLSearchParams` with the same schema a client encodes with.
 * `response` is absent for image endpoints, which answer a binary body.
 */
export interface EndpointDef {
  readonly api: ApiName
  readonly method: EndpointMethod
  readonly path: `/${string}`
  /** The placeholders of `path`. */
  readonly params?: Schema.Top
  /** Query parameters besides the common `projectId`, `st`, `sv` (see `CommonQuery`). */
  readonly query?: Schema.Top
  /** The JSON body of a POST. */
  readonly body?: Schema.Top
  /** The JSON body of a 2xx answer; absent when the answer is an image. */
  readonly response?: Schema.Top
}

/**
 * Declares an endpoint while keeping its schemas' exact types.
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * const ping = endpoint({ api: "walletApi", method: "GET", path: "/ping", response: Schema.Struct({}) })
 * ```
 */
export const endpoint = <const E extends EndpointDef>(definition: E): E => definition

/**
 * The query parameters every call to either API carries (SPEC §7): project id, SDK type and SDK version.
 * @example
 * ```ts
 * const q: CommonQuery = { projectId: "p1", st: "airlock", sv: "airlock-4.0.0" }
 * ```
 */
export const CommonQuery = Schema.Struct({
  projectId: Schema.String,
  st: Schema.String,
  sv: Schema.String
})
/** The query parameters every call carries. */
export type CommonQuery = typeof CommonQuery.Type

/**
 * A list sent as one comma-joined query parameter (`include=a,b`); the empty string is the empty list.
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * Schema.decodeSync(CommaList)("a,b") // ["a", "b"]
 * ```
 */
export const CommaList = Schema.String.pipe(
  Schema.decodeTo(
    Schema.Array(Schema.String),
    SchemaTransformation.transform({
      decode: (text: string): ReadonlyArray<string> => (text === "" ? [] : text.split(",")),
      encode: (items: ReadonlyArray<string>) => items.join(",")
    })
  )
)

/**
 * A whole number sent as a query string (`page=2`).
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * Schema.decodeSync(IntFromString)("40") // 40
 * ```
 */
export const IntFromString = Schema.NumberFromString.check(Schema.isInt())

/**
 * Fills the `{name}` placeholders of an endpoint path, URL-encoding each value (colons of CAIP ids stay as they are).
 * @example
 * ```ts
 * fillPath("/v1/identity/{address}", { address: "0xabc" }) // "/v1/identity/0xabc"
 * ```
 */
export const fillPath = (path: string, params: Readonly<Record<string, string>> = {}): string =>
  path.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = params[key]
    // ":" is legal in a path segment and keeps CAIP ids readable in server logs.
    return value === undefined ? whole : encodeURIComponent(value).replaceAll("%3A", ":")
  })

/**
 * What a caller passes to an endpoint: `params`, `query` and `body`, each present only where the endpoint has that
 * schema, typed by the schema's decoded side.
 * @example
 * ```ts
 * import { endpoints } from "./endpoints.ts"
 * const input: EndpointInput<typeof endpoints.identity> = { params: { address: "0xabc" }, query: {} }
 * ```
 */
export type EndpointInput<E extends EndpointDef> = (E extends { readonly params: infer P extends Schema.Top }
  ? { readonly params: P["Type"] }
  : unknown) &
  (E extends { readonly query: infer Q extends Schema.Top } ? { readonly query: Q["Type"] } : unknown) &
  (E extends { readonly body: infer B extends Schema.Top } ? { readonly body: B["Type"] } : unknown)

/**
 * The decoded 2xx answer of an endpoint.
 * @example
 * ```ts
 * import { endpoints } from "./endpoints.ts"
 * type Chains = EndpointOutput<typeof endpoints.supportedChains> // { http: …; ws: … }
 * ```
 */
export type EndpointOutput<E extends EndpointDef> = E extends { readonly response: infer R extends Schema.Top }
  ? R["Type"]
  : never
