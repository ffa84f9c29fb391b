import * as Schema from "effect/Schema"
import type { AirlockAdapter } from "../adapter/AirlockAdapter.ts"
import type { LocaleCatalogue } from "../i18n/catalogue.ts"
import type { FeaturesOptions } from "../rules/features.ts"
import { AppMetadata } from "../schema/embedded.ts"
import { FeaturesOption } from "../schema/features.ts"
import { CaipNetwork } from "../schema/network.ts"
import type { Endpoints } from "../services/ClientConfig.ts"
import type { ThemeVariables } from "../state/theme.ts"
import type { SIWEConfig, SIWXConfig } from "./siwx.ts"

/** The app's own description, shown to wallets (SPEC §3 "Dapp data"). */
export const Metadata = AppMetadata
export type Metadata = AppMetadata

const Url = Schema.String.check(
  Schema.makeFilter((s) => /^(https?|wss?):\/\//.test(s), { message: "must be an http(s) or ws(s) URL" })
)

// The wallet and blockchain API hosts are required: with a hidden default host a forgotten endpoint would send
// every visitor's requests somewhere unintended.
const EndpointsOption = Schema.Struct({
  walletApi: Url,
  blockchainApi: Url,
  analytics: Schema.optionalKey(Url),
  relay: Schema.optionalKey(Url),
  frame: Schema.optionalKey(Url)
})

/** The serialisable part of the options, decoded by a schema; functions and live objects are checked apart. */
export const AirlockOptionsSchema = Schema.Struct({
  projectId: Schema.optionalKey(Schema.String),
  networks: Schema.NonEmptyArray(CaipNetwork),
  defaultNetwork: Schema.optionalKey(CaipNetwork),
  metadata: Schema.optionalKey(Metadata),
  features: Schema.optionalKey(FeaturesOption),
  themeMode: Schema.optionalKey(Schema.Literals(["light", "dark"])),
  themeVariables: Schema.optionalKey(Schema.Record(Schema.String, Schema.Union([Schema.String, Schema.Number]))),
  featuredWalletIds: Schema.optionalKey(Schema.Array(Schema.String)),
  includeWalletIds: Schema.optionalKey(Schema.Array(Schema.String)),
  excludeWalletIds: Schema.optionalKey(Schema.Array(Schema.String)),
  allowUnsupportedChain: Schema.optionalKey(Schema.Boolean),
  enableReconnect: Schema.optionalKey(Schema.Boolean),
  enableNetworkSwitch: Schema.optionalKey(Schema.Boolean),
  manualWCControl: Schema.optionalKey(Schema.Boolean),
  basic: Schema.optionalKey(Schema.Boolean),
  enableEmbedded: Schema.optionalKey(Schema.Boolean),
  endpoints: EndpointsOption,
  locale: Schema.optionalKey(
    Schema.Union([
      Schema.String,
      Schema.Struct({
        locale: Schema.String,
        dir: Schema.Literals(["ltr", "rtl"]),
        messages: Schema.Record(Schema.String, Schema.String)
      })
    ])
  ),
  logLevel: Schema.optionalKey(Schema.Literals(["none", "error", "warn", "info", "debug"])),
  requestTimeout: Schema.optionalKey(
    Schema.Number.check(
      Schema.makeFilter((ms) => Number.isFinite(ms) && ms > 0, { message: "must be a positive number of milliseconds" })
    )
  )
})

/**
 * Options of `createAirlock`. Names follow AppKit's where they mean the same, so a migrating app mostly renames
 * imports.
 *
 * @example
 * ```ts
 * import { createAirlock } from "airlock-kit"
 * import { mainnet, base } from "airlock-kit/networks"
 * const endpoints = { walletApi: "https://api.example", blockchainApi: "https://api.example" }
 * const airlock = createAirlock({ projectId: "my-project", networks: [mainnet, base], endpoints })
 * ```
 */
export interface AirlockOptions {
  /** The project id of the wallet API. A missing one opens the APKT008 alert. */
  readonly projectId?: string | undefined
  /** The app's networks; the first is the default unless `defaultNetwork` says otherwise. */
  readonly networks: readonly [CaipNetwork, ...Array<CaipNetwork>]
  readonly defaultNetwork?: CaipNetwork | undefined
  /** Chain adapters: `{ namespace, load: () => import("…") }` descriptors whose code loads on first need. */
  readonly adapters?: ReadonlyArray<AirlockAdapter> | undefined
  readonly metadata?: Metadata | undefined
  readonly features?: FeaturesOptions | undefined
  /** @default the system preference, else "dark" */
  readonly themeMode?: "light" | "dark" | undefined
  readonly themeVariables?: ThemeVariables | undefined
  readonly featuredWalletIds?: ReadonlyArray<string> | undefined
  readonly includeWalletIds?: ReadonlyArray<string> | undefined
  readonly excludeWalletIds?: ReadonlyArray<string> | undefined
  /** @default false */
  readonly allowUnsupportedChain?: boolean | undefined
  /** Restore the stored connection on start. @default true */
  readonly enableReconnect?: boolean | undefined
  /** @default true */
  readonly enableNetworkSwitch?: boolean | undefined
  /** The app controls the WalletConnect connection itself. @default false */
  readonly manualWCControl?: boolean | undefined
  /** Basic mode: every remote feature off, WalletConnect only UI. @default false */
  readonly basic?: boolean | undefined
  /** Embedded mode: the modal is always shown inline (SPEC §2). @default false */
  readonly enableEmbedded?: boolean | undefined
  /**
   * Sign in with a wallet signature (SIWX): `localSiwx()` or `serverSiwx({ url })` from `airlock-kit/siwx`, or your own
   * {@link SIWXConfig}. Mutually exclusive with `siweConfig`.
   */
  readonly siwx?: SIWXConfig | undefined
  /** The legacy SIWE configuration (EVM), mapped onto SIWX. Mutually exclusive with `siwx`. */
  readonly siweConfig?: SIWEConfig | undefined
  /**
   * The language of every text: a bundled locale's tag (`"de"`, `"pt-BR"`, `"ar"`; its catalogue loads on demand),
   * or a catalogue imported from `airlock-kit/locales/<tag>` (in place from the first frame, on a server too).
   * @default the browser's language when Airlock bundles it, else English
   */
  readonly locale?: string | LocaleCatalogue | undefined
  /** How much Airlock logs to the console (SPEC §9: error by default). @default "error" */
  readonly logLevel?: "none" | "error" | "warn" | "info" | "debug" | undefined
  /**
   * Where the services live: the wallet API and blockchain API (required: Airlock has no hosted default — run the
   * sandbox, or your own), the analytics sink (optional: without it no event leaves the page), the WalletConnect
   * relay and the embedded wallet's frame.
   */
  readonly endpoints: Endpoints
  /**
   * How long one call to the wallet API or the blockchain API may take, in ms (project config, wallets, balances,
   * history…). A host that never answers then fails like an unreachable one: `ready` resolves, and the view shows its
   * alert or empty state. @default 10000
   */
  readonly requestTimeout?: number | undefined
}
