import * as Schema from "effect/Schema"
import { Email } from "./login.ts"
import { AccountType, PreferredAccountType } from "./namespace.ts"
import { SIWXMessageData } from "./siwx.ts"
import { ThemeMode, ThemeVariables } from "./theme.ts"

/**
 * The user the embedded-wallet frame reports after a login (SPEC §3). The frame spells the name both `username` and
 * `userName`; both are kept. The email must be a valid address (SPEC §5).
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * const user = Schema.decodeUnknownSync(EmbeddedUser)({ email: "ada@example.com", address: "0xabc", chainId: 1 })
 * ```
 */
export const EmbeddedUser = Schema.Struct({
  email: Schema.optionalKey(Schema.NullOr(Email)),
  username: Schema.optionalKey(Schema.NullOr(Schema.String)),
  userName: Schema.optionalKey(Schema.NullOr(Schema.String)),
  address: Schema.String,
  chainId: Schema.Union([Schema.Number, Schema.String]),
  accounts: Schema.optionalKey(Schema.Array(Schema.Struct({ address: Schema.String, type: AccountType }))),
  preferredAccountType: Schema.optionalKey(PreferredAccountType),
  smartAccountDeployed: Schema.optionalKey(Schema.Boolean),
  /** The user's Solana account (SPEC §6: an EOA), where the frame keeps one next to the EVM key. */
  solanaAddress: Schema.optionalKey(Schema.String),
  signature: Schema.optionalKey(Schema.String),
  message: Schema.optionalKey(Schema.String),
  siwxMessage: Schema.optionalKey(SIWXMessageData)
})
/** The user the embedded-wallet frame reports. */
export type EmbeddedUser = typeof EmbeddedUser.Type

/**
 * The EVM chain ids on which the embedded wallet offers smart accounts.
 * @example
 * ```ts
 * const p: SmartAccountEnabledNetworks = { smartAccountEnabledNetworks: [1, 8453] }
 * ```
 */
export const SmartAccountEnabledNetworks = Schema.Struct({
  smartAccountEnabledNetworks: Schema.Array(Schema.Number)
})
/** The EVM chain ids on which the embedded wallet offers smart accounts. */
export type SmartAccountEnabledNetworks = typeof SmartAccountEnabledNetworks.Type

/**
 * Whether the embedded wallet has a logged-in session.
 * @example
 * ```ts
 * const p: IsConnected = { isConnected: true }
 * ```
 */
export const IsConnected = Schema.Struct({ isConnected: Schema.Boolean })
/** Whether the embedded wallet has a logged-in session. */
export type IsConnected = typeof IsConnected.Type

/**
 * The theme the app sends to the frame so its pages match the modal.
 * @example
 * ```ts
 * const t: ThemeSync = { themeMode: "dark", themeVariables: { "--w3m-accent": "#3396ff" } }
 * ```
 */
export const ThemeSync = Schema.Struct({
  themeMode: Schema.optionalKey(ThemeMode),
  themeVariables: Schema.optionalKey(ThemeVariables),
  w3mThemeVariables: Schema.optionalKey(Schema.Record(Schema.String, Schema.String))
})
/** The theme the app sends to the frame. */
export type ThemeSync = typeof ThemeSync.Type

/**
 * The app's metadata (name, description, url, icons), shown by wallets and the frame.
 * @example
 * ```ts
 * const m: AppMetadata = { name: "Demo", description: "A demo", url: "https://demo.example", icons: [] }
 * ```
 */
export const AppMetadata = Schema.Struct({
  name: Schema.String,
  description: Schema.String,
  url: Schema.String,
  icons: Schema.Array(Schema.String)
})
/** The app's metadata. */
export type AppMetadata = typeof AppMetadata.Type

/**
 * What the app tells the frame about itself.
 * @example
 * ```ts
 * const d: DappData = { sdkVersion: "airlock-0.1.0", sdkType: "airlock", projectId: "p1" }
 * ```
 */
export const DappData = Schema.Struct({
  metadata: Schema.optionalKey(AppMetadata),
  sdkVersion: Schema.String,
  sdkType: Schema.String,
  projectId: Schema.String
})
/** What the app tells the frame about itself. */
export type DappData = typeof DappData.Type
