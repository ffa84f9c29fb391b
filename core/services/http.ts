import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as Schema from "effect/Schema"
import { AlertError, alertCodeFromServerMessage } from "../errors/alerts.ts"
import { ReasonError, type ReasonErrorArgs } from "../errors/ReasonError.ts"
import {
  type ApiName,
  type EndpointDef,
  type EndpointInput,
  type EndpointOutput,
  fillPath
} from "../schema/api/endpoint.ts"
import { ClientConfig, type ClientConfigShape, defaultRequestTimeout } from "./ClientConfig.ts"

const apiLabels: Record<ApiName, string> = { walletApi: "wallet API", blockchainApi: "blockchain API" }

const ApiErrorBase = ReasonError("ApiError", {
  Transport: "Could not reach the {api}",
  Status: "The {api} answered with status {status}",
  Decode: "The {api} sent an unexpected response",
  Encode: "Invalid request for the {api}"
})

/**
 * A call to a hosted API that failed for a reason SPEC §8 has no text for: unreachable, an unexpected status, or a
 * body that does not match its schema. `status` and `body` keep what the server answered.
 * @example
 * ```ts
 * declare const call: Effect.Effect<string, ApiError>
 * call.pipe(Effect.catchTag("ApiError", (e) => Effect.succeed(e.reason === "Decode" ? "bad body" : `status ${e.status}`)))
 * ```
 */
export class ApiError extends ApiErrorBase {
  /** The HTTP status, when the server answered. */
  readonly status: number | undefined
  /** The raw body of a non-2xx answer. */
  readonly body: string | undefined

  constructor(
    args: ReasonErrorArgs<"Transport" | "Status" | "Decode" | "Encode"> & {
      readonly status?: number | undefined
      readonly body?: string | undefined
    }
  ) {
    super(args)
    this.status = args.status
    this.body = args.body
  }
}

/** Every way a call to a hosted API can fail. */
export type ApiCallError = ApiError | AlertError

/** Options of an API client. */
export interface ApiClientOptions {
  /**
   * Map 429 to APKT010 (Rate Limited) and 5xx to APKT009 (Server Error). The wallet API does; the blockchain API
   * leaves statuses to the caller's domain error.
   * @default false
   */
  readonly statusAlerts?: boolean | undefined
}

/** Calls the endpoints of one hosted API, described by rows of the `endpoints` table. */
export interface ApiClient {
  /** Sends the request and decodes the 2xx answer with the endpoint's response schema. */
  call<E extends EndpointDef & { readonly response: Schema.Top }>(
    endpoint: E,
    input: EndpointInput<E>
  ): Effect.Effect<EndpointOutput<E>, ApiCallError>
}

// Our endpoint schemas never need services; the casts below only erase the generic parameters.
type PlainCodec = Schema.Codec<unknown, unknown, never, never>

interface RawInput {
  readonly params?: Readonly<Record<string, string>>
  readonly query?: unknown
  readonly body?: unknown
}

const common = (config: ClientConfigShape): Record<string, string> => ({
  projectId: config.projectId,
  st: config.sdkType,
  sv: config.sdkVersion
})

const baseOf = (config: ClientConfigShape, api: ApiName): string => config.endpoints[api].replace(/\/+$/, "")

/**
 * The full URL of an endpoint with the common query parameters, e.g. for an `<img src>` of an image endpoint.
 * @example
 * ```ts
 * import { endpoints } from "../schema/api/endpoints.ts"
 * const api = "https://wallet.example"
 * const config = { projectId: "p1", sdkType: "airlock", sdkVersion: "airlock-4.0.0", endpoints: { walletApi: api, blockchainApi: api } }
 * endpointUrl(config, endpoints.walletImage, { id: "abc" })
 * // "https://wallet.example/getWalletImage/abc?projectId=p1&st=airlock&sv=airlock-4.0.0"
 * ```
 */
export const endpointUrl = (
  config: ClientConfigShape,
  endpoint: EndpointDef,
  params?: Readonly<Record<string, string>>,
  query: Readonly<Record<string, string | undefined>> = {}
): string => {
  const url = new URL(baseOf(config, endpoint.api) + fillPath(endpoint.path, params))
  for (const [key, value] of Object.entries({ ...common(config), ...query })) {
    if (value !== undefined) url.searchParams.set(key, value)
  }
  return url.toString()
}

const statusFailure = (
  api: ApiName,
  response: HttpClientResponse.HttpClientResponse,
  statusAlerts: boolean
): Effect.Effect<never, ApiCallError> =>
  Effect.flatMap(
    Effect.orElseSucceed(response.text, () => ""),
    (body): Effect.Effect<never, ApiCallError> => {
      const status = response.status
      const serverCode = status === 401 || status === 403 ? alertCodeFromServerMessage(body) : undefined
      if (serverCode !== undefined) return Effect.fail(new AlertError({ code: serverCode, details: body }))
      if (statusAlerts && status === 429) return Effect.fail(new AlertError({ code: "APKT010" }))
      if (statusAlerts && status >= 500) return Effect.fail(new AlertError({ code: "APKT009" }))
      return Effect.fail(
        new ApiError({
          reason: "Status",
          params: { api: apiLabels[api], status },
          details: body.slice(0, 500),
          status,
          body
        })
      )
    }
  )

/**
 * Builds a client for one API from the `HttpClient` and the `ClientConfig` (base URL, project id, `st`, `sv`).
 * Statuses map to alerts as SPEC §8 says; 401/403 whose body carries a known server message map through
 * `alertCodeFromServerMessage`; a body that does not match its schema fails with `ApiError` "Decode".
 * @example
 * ```ts
 * import { endpoints } from "../schema/api/endpoints.ts"
 * const client = yield* makeApiClient("blockchainApi")
 * const chains = yield* client.call(endpoints.supportedChains, {})
 * ```
 */
export const makeApiClient = (
  api: ApiName,
  options: ApiClientOptions = {}
): Effect.Effect<ApiClient, never, HttpClient.HttpClient | ClientConfig> =>
  Effect.gen(function* () {
    const http = yield* HttpClient.HttpClient
    const config = yield* ClientConfig
    const label = apiLabels[api]
    const statusAlerts = options.statusAlerts ?? false
    const timeout = config.requestTimeout ?? defaultRequestTimeout

    const encode = (schema: Schema.Top | undefined, value: unknown) =>
      schema === undefined
        ? Effect.succeed(undefined)
        : Schema.encodeUnknownEffect(schema as unknown as PlainCodec)(value).pipe(
            Effect.mapError(
              (cause) => new ApiError({ reason: "Encode", params: { api: label }, details: cause.message, cause })
            )
          )

    const call = (endpoint: EndpointDef & { readonly response: Schema.Top }, input: RawInput) =>
      Effect.gen(function* () {
        const query = (yield* encode(endpoint.query, input.query)) as Record<string, string | undefined> | undefined
        const body = yield* encode(endpoint.body, input.body)
        const url = endpointUrl(config, endpoint, input.params, query)
        const base = HttpClientRequest.make(endpoint.method)(url, { acceptJson: true })
        const request = body === undefined ? base : HttpClientRequest.bodyJsonUnsafe(base, body)
        const response = yield* http
          .execute(request)
          .pipe(
            Effect.mapError(
              (cause) => new ApiError({ reason: "Transport", params: { api: label }, details: cause.message, cause })
            )
          )
        if (response.status < 200 || response.status >= 300) {
          return yield* statusFailure(api, response, statusAlerts)
        }
        const decodeError = (cause: { readonly message: string }) =>
          new ApiError({ reason: "Decode", params: { api: label }, details: cause.message, cause })
        const json = yield* Effect.mapError(response.json, decodeError)
        return yield* Schema.decodeUnknownEffect(endpoint.response as unknown as PlainCodec)(json).pipe(
          Effect.mapError(decodeError)
        )
      }).pipe(
        // A host that takes the connection and never answers (or never ends its body) fails like an unreachable one,
        // so the caller's SPEC alert or empty result follows; the interrupted fetch is aborted.
        Effect.timeoutOrElse({
          duration: Duration.millis(timeout),
          orElse: () =>
            Effect.fail(
              new ApiError({ reason: "Transport", params: { api: label }, details: `No answer within ${timeout} ms` })
            )
        })
      )

    return {
      call: <E extends EndpointDef & { readonly response: Schema.Top }>(endpoint: E, input: EndpointInput<E>) =>
        call(endpoint, input as RawInput) as Effect.Effect<EndpointOutput<E>, ApiCallError>
    }
  })
