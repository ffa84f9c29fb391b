import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import type * as HttpClient from "effect/http/HttpClient"
import * as Layer from "effect/Layer"
import type { AlertError } from "../errors/alerts.ts"
import type { EndpointDef } from "../schema/api/endpoint.ts"
import { endpoints } from "../schema/api/endpoints.ts"
import type { AnalyticsConfig, GetWalletsQuery, ProjectConfig, WalletsPage } from "../schema/api/walletApi.ts"
import type { WalletListing } from "../schema/wallet.ts"
import { ClientConfig } from "./ClientConfig.ts"
import { type ApiCallError, ApiError, endpointUrl, makeApiClient } from "./http.ts"
import { defaultProjectConfig, queryWallets } from "./walletRegistry.ts"

/** Wallets per page of the All Wallets list (SPEC §9). */
export const walletsPageSize = 40

/** Entries asked for by a wallet search (SPEC §9). */
export const walletSearchSize = 100

/**
 * Parameters of `getWallets`: a 1-based `page`, `entries` per page, ids to include or exclude, a search text, a badge
 * and CAIP network ids the wallets must support.
 * @example
 * ```ts
 * const p: GetWalletsParams = { page: 2, exclude: ["c57ca95b"], chains: ["eip155:1"] }
 * ```
 */
export interface GetWalletsParams {
  readonly page: number
  /** @default walletsPageSize (40) */
  readonly entries?: number | undefined
  readonly include?: ReadonlyArray<string> | undefined
  readonly exclude?: ReadonlyArray<string> | undefined
  readonly search?: string | undefined
  readonly badge?: string | undefined
  readonly chains?: ReadonlyArray<string> | undefined
}

/**
 * Parameters of `searchWallets`: the text (trimmed before sending) and the same filters as `getWallets`.
 * @example
 * ```ts
 * const p: SearchWalletsParams = { search: "meta", chains: ["eip155:1"] }
 * ```
 */
export interface SearchWalletsParams {
  readonly search: string
  readonly badge?: string | undefined
  readonly include?: ReadonlyArray<string> | undefined
  readonly exclude?: ReadonlyArray<string> | undefined
  readonly chains?: ReadonlyArray<string> | undefined
}

/** What the wallet API offers (SPEC §7). */
export interface WalletApiShape {
  /** The project's remote feature configuration (`/appkit/v1/config`). */
  readonly getProjectConfig: Effect.Effect<ProjectConfig, ApiCallError>
  /**
   * The project's allowed origins. 429 fails with APKT010 (Rate Limited), 5xx with APKT009 (Server Error), a 403
   * with a known server message with its alert; any other failure gives the empty list.
   */
  readonly getAllowedOrigins: Effect.Effect<ReadonlyArray<string>, AlertError>
  /** One page of the wallet registry. */
  readonly getWallets: (params: GetWalletsParams) => Effect.Effect<WalletsPage, ApiCallError>
  /** The first `walletSearchSize` wallets matching a search. */
  readonly searchWallets: (params: SearchWalletsParams) => Effect.Effect<WalletsPage, ApiCallError>
  /** Whether the project collects analytics. */
  readonly getAnalyticsConfig: Effect.Effect<AnalyticsConfig, ApiCallError>
  /** URL of a wallet's image (`/getWalletImage/{id}`). */
  readonly walletImageUrl: (imageId: string) => string
  /** URL of a network or connector image (`/public/getAssetImage/{id}`). */
  readonly assetImageUrl: (imageId: string) => string
  /** URL of a fiat currency's flag (`/public/getCurrencyImage/{code}`). */
  readonly currencyImageUrl: (currencyCode: string) => string
  /** URL of a token's icon (`/public/getTokenImage/{symbol}`). */
  readonly tokenImageUrl: (symbol: string) => string
}

const toQuery = (params: GetWalletsParams): GetWalletsQuery => ({
  page: params.page,
  entries: params.entries ?? walletsPageSize,
  include: params.include?.length ? params.include : undefined,
  exclude: params.exclude?.length ? params.exclude : undefined,
  search: params.search,
  badge_type: params.badge,
  chains: params.chains?.length ? params.chains : undefined
})

const searchParams = (params: SearchWalletsParams): GetWalletsParams => ({
  ...params,
  page: 1,
  entries: walletSearchSize,
  search: params.search.trim()
})

/**
 * Seed of `WalletApi.layerMemory`: the registry and project answers to serve.
 * @example
 * ```ts
 * const seed: WalletApiSeed = { wallets: [{ id: "w1", name: "Demo Wallet" }], allowedOrigins: ["https://app.example"] }
 * ```
 */
export interface WalletApiSeed {
  /** @default [] */
  readonly wallets?: ReadonlyArray<WalletListing> | undefined
  /** @default defaultProjectConfig (every remote feature at its SPEC §9 default) */
  readonly projectConfig?: ProjectConfig | undefined
  /** @default [] */
  readonly allowedOrigins?: ReadonlyArray<string> | undefined
  /** @default true */
  readonly isAnalyticsEnabled?: boolean | undefined
  /** Builds image URLs. @default a blank SVG data URL */
  readonly imageUrl?: ((kind: "wallet" | "asset" | "currency" | "token", id: string) => string) | undefined
  /**
   * While this returns true, registry queries fail as an unreachable host does (`ApiError` "Transport"), so a test can
   * take the network away and give it back. @default never
   */
  readonly offline?: ((query: GetWalletsQuery) => boolean) | undefined
}

const blankImage = "data:image/svg+xml,%3Csvg%20xmlns%3D%22http%3A%2F%2Fwww.w3.org%2F2000%2Fsvg%22%2F%3E"

/**
 * The wallet API: project config, allowed origins, the wallet registry, analytics config and image URLs. Every call
 * carries `projectId`, `st` and `sv`.
 * @example
 * ```ts
 * const page = yield* WalletApi.use((api) => api.getWallets({ page: 1 }))
 * ```
 */
export class WalletApi extends Context.Service<WalletApi, WalletApiShape>()("airlock/WalletApi") {
  /** Talks to `ClientConfig.endpoints.walletApi` over the given `HttpClient`. */
  static readonly layer: Layer.Layer<WalletApi, never, HttpClient.HttpClient | ClientConfig> = Layer.effect(
    WalletApi,
    Effect.gen(function* () {
      const client = yield* makeApiClient("walletApi", { statusAlerts: true })
      const config = yield* ClientConfig
      const image = (endpoint: EndpointDef) => (id: string) => endpointUrl(config, endpoint, { id })
      const getWallets = (params: GetWalletsParams) => client.call(endpoints.getWallets, { query: toQuery(params) })
      return WalletApi.of({
        getProjectConfig: client.call(endpoints.projectConfig, {}),
        getAllowedOrigins: client.call(endpoints.allowedOrigins, {}).pipe(
          Effect.map((answer) => answer.allowedOrigins),
          Effect.catchTag("ApiError", () => Effect.succeed([]))
        ),
        getWallets,
        searchWallets: (params) => getWallets(searchParams(params)),
        getAnalyticsConfig: client.call(endpoints.analyticsConfig, {}),
        walletImageUrl: image(endpoints.walletImage),
        assetImageUrl: image(endpoints.assetImage),
        currencyImageUrl: image(endpoints.currencyImage),
        tokenImageUrl: image(endpoints.tokenImage)
      })
    })
  )

  /**
   * Answers from memory, for tests and `airlock-kit/testing`: the registry is filtered and paged as the real API does.
   * @example
   * ```ts
   * Effect.provide(WalletApi.layerMemory({ wallets: [{ id: "w1", name: "Demo Wallet" }] }))
   * ```
   */
  static readonly layerMemory = (seed: WalletApiSeed = {}): Layer.Layer<WalletApi> =>
    Layer.succeed(WalletApi, WalletApi.of(memory(seed)))
}

const memory = (seed: WalletApiSeed): WalletApiShape => {
  const wallets = seed.wallets ?? []
  const image = (kind: "wallet" | "asset" | "currency" | "token") => (id: string) =>
    seed.imageUrl?.(kind, id) ?? blankImage
  const getWallets = (params: GetWalletsParams) =>
    Effect.suspend(() => {
      const query = toQuery(params)
      return seed.offline?.(query) === true
        ? Effect.fail(new ApiError({ reason: "Transport", params: { api: "wallet API" }, details: "offline" }))
        : Effect.succeed(queryWallets(wallets, query))
    })
  return {
    getProjectConfig: Effect.succeed(seed.projectConfig ?? defaultProjectConfig),
    getAllowedOrigins: Effect.succeed(seed.allowedOrigins ?? []),
    getWallets,
    searchWallets: (params) => getWallets(searchParams(params)),
    getAnalyticsConfig: Effect.succeed({ isAnalyticsEnabled: seed.isAnalyticsEnabled ?? true }),
    walletImageUrl: image("wallet"),
    assetImageUrl: image("asset"),
    currencyImageUrl: image("currency"),
    tokenImageUrl: image("token")
  }
}
