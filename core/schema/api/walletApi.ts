import * as Schema from "effect/Schema"
import { WalletListing } from "../wallet.ts"
import { CommaList, IntFromString } from "./endpoint.ts"

/**
 * The feature ids the project config knows (SPEC §6 remote flags, in the wallet API's spelling). Unknown ids still
 * decode, so a newer server does not break an older client.
 * @example
 * ```ts
 * projectFeatureIds.includes("social_login") // true
 * ```
 */
export const projectFeatureIds = [
  "social_login",
  "swap",
  "onramp",
  "activity",
  "reown_branding",
  "multi_wallet",
  "email_capture"
] as const

/** One of the known project feature ids. */
export type ProjectFeatureId = (typeof projectFeatureIds)[number]

/**
 * One feature of the remote project config. `config` lists providers or options (e.g. `["email", "google"]` for
 * `social_login`, `["meld"]` for `onramp`); `null` means "use the app's local setting".
 * @example
 * ```ts
 * const f: ProjectFeature = { id: "swap", isEnabled: true, config: ["1inch"] }
 * ```
 */
export const ProjectFeature = Schema.Struct({
  id: Schema.String,
  isEnabled: Schema.Boolean,
  config: Schema.optionalKey(Schema.NullOr(Schema.Array(Schema.String)))
})
/** One feature of the remote project config. */
export type ProjectFeature = typeof ProjectFeature.Type

/**
 * `GET /appkit/v1/config`: the project's remote feature configuration.
 * @example
 * ```ts
 * const c: ProjectConfig = { features: [{ id: "multi_wallet", isEnabled: false, config: null }] }
 * ```
 */
export const ProjectConfig = Schema.Struct({ features: Schema.Array(ProjectFeature) })
/** The project's remote feature configuration. */
export type ProjectConfig = typeof ProjectConfig.Type

/**
 * `GET /projects/v1/origins`: the origins the project may be embedded on (wildcards allowed).
 * @example
 * ```ts
 * const o: AllowedOrigins = { allowedOrigins: ["https://app.example", "https://*.example"] }
 * ```
 */
export const AllowedOrigins = Schema.Struct({ allowedOrigins: Schema.Array(Schema.String) })
/** The origins the project may be embedded on. */
export type AllowedOrigins = typeof AllowedOrigins.Type

/**
 * Query of `GET /getWallets`. `include`, `exclude` and `chains` travel comma-joined; `chains` are CAIP network ids.
 * @example
 * ```ts
 * const q: GetWalletsQuery = { page: 1, entries: 40, exclude: ["c57ca95b"], chains: ["eip155:1"] }
 * ```
 */
export const GetWalletsQuery = Schema.Struct({
  page: IntFromString,
  entries: IntFromString,
  include: Schema.optional(CommaList),
  exclude: Schema.optional(CommaList),
  search: Schema.optional(Schema.String),
  badge_type: Schema.optional(Schema.String),
  chains: Schema.optional(CommaList)
})
/** Query of `GET /getWallets`. */
export type GetWalletsQuery = typeof GetWalletsQuery.Type

/**
 * `GET /getWallets`: one page of the wallet registry and the total number of matches.
 * @example
 * ```ts
 * const page: WalletsPage = { data: [{ id: "c57ca95b", name: "MetaMask" }], count: 1 }
 * ```
 */
export const WalletsPage = Schema.Struct({ data: Schema.Array(WalletListing), count: Schema.Number })
/** One page of the wallet registry. */
export type WalletsPage = typeof WalletsPage.Type

/**
 * `GET /getAnalyticsConfig`: whether the project collects analytics.
 * @example
 * ```ts
 * const a: AnalyticsConfig = { isAnalyticsEnabled: true }
 * ```
 */
export const AnalyticsConfig = Schema.Struct({ isAnalyticsEnabled: Schema.Boolean })
/** Whether the project collects analytics. */
export type AnalyticsConfig = typeof AnalyticsConfig.Type

/**
 * Path of the image endpoints: `{id}` is an image id, a currency code or a token symbol.
 * @example
 * ```ts
 * const p: ImageParams = { id: "USD" }
 * ```
 */
export const ImageParams = Schema.Struct({ id: Schema.String })
/** Path of the image endpoints. */
export type ImageParams = typeof ImageParams.Type
