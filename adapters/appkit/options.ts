/**
 * AppKit's `createAppKit` options read onto Airlock's (docs/migrate-from-appkit.md has the table). Most names are
 * Airlock's own already and pass through unchanged; what AppKit has and Airlock does not is dropped with a warning
 * naming the option, never a crash. Airlock's own checks then refuse what Airlock refuses (`OptionsError`).
 * @module
 */
import type { AirlockAdapter } from "../../core/adapter/AirlockAdapter.ts"
import type { AirlockOptions } from "../../core/options/AirlockOptions.ts"
import type { CaipNetwork } from "../../core/schema/network.ts"
import type { ThemeVariables } from "../../core/state/theme.ts"
import { walletConnect } from "../walletconnect/index.ts"

/** Options of `createAppKit`: AppKit's names, plus Airlock's `endpoints` (required: Airlock has no hosted default). */
export interface AppKitOptions
  extends Omit<AirlockOptions, "networks" | "defaultNetwork" | "adapters" | "features" | "themeVariables"> {
  /** Airlock networks (`airlock-kit/networks`) or viem chains (`viem/chains`), which are read as `eip155` networks. */
  readonly networks: readonly [AppKitNetwork, ...Array<AppKitNetwork>]
  readonly defaultNetwork?: AppKitNetwork | undefined
  /** Airlock adapters: `new EthersAdapter()`, `new SolanaAdapter()` of `airlock-kit/appkit`, or `evm()`, `solana()`, … */
  readonly adapters?: ReadonlyArray<AirlockAdapter> | undefined
  /** AppKit's feature names; `history` is Airlock's `activity`. */
  readonly features?: AppKitFeatures | undefined
  /** AppKit's `--w3m-*` variables (read as `--airlock-*`) or Airlock's own. */
  readonly themeVariables?: Readonly<Record<string, string | number>> | undefined
  /** AppKit's WalletConnect switch: on (the default), `walletConnect()` is added when `endpoints.relay` is set. */
  readonly enableWalletConnect?: boolean | undefined
  /** AppKit's All Wallets button: `"HIDE"` turns `features.allWallets` off. */
  readonly allWallets?: "SHOW" | "HIDE" | "ONLY_MOBILE" | undefined
  /** AppKit's debug switch: `true` logs everything (`logLevel: "debug"`). */
  readonly debug?: boolean | undefined
  /** Any other AppKit option is accepted and ignored with a warning. */
  readonly [appKitOnly: string]: unknown
}

/** A network as AppKit takes one: Airlock's, or a viem chain (a number id, a name, a native currency and RPC URLs). */
export type AppKitNetwork =
  | CaipNetwork
  | {
      readonly id: number
      readonly name: string
      readonly nativeCurrency: { readonly name: string; readonly symbol: string; readonly decimals: number }
      readonly rpcUrls: { readonly default: { readonly http: ReadonlyArray<string> } }
      readonly blockExplorers?: { readonly default: { readonly name: string; readonly url: string } } | undefined
      readonly testnet?: boolean | undefined
    }

/** AppKit's `features`. */
export type AppKitFeatures = NonNullable<AirlockOptions["features"]> & {
  readonly history?: boolean | undefined
  readonly [appKitOnly: string]: unknown
}

/** Options that mean the same in AppKit and Airlock. */
const same = [
  "projectId",
  "metadata",
  "themeMode",
  "featuredWalletIds",
  "includeWalletIds",
  "excludeWalletIds",
  "allowUnsupportedChain",
  "enableReconnect",
  "enableNetworkSwitch",
  "manualWCControl",
  "basic",
  "enableEmbedded",
  "siwx",
  "siweConfig",
  "endpoints",
  "locale",
  "logLevel",
  "requestTimeout"
] as const

const sameFeatures = [
  "receive",
  "send",
  "analytics",
  "allWallets",
  "legalCheckbox",
  "smartSessions",
  "collapseWallets",
  "pay",
  "signOutOnDisconnect",
  "walletFeaturesOrder",
  "connectMethodsOrder",
  "connectorTypeOrder",
  "email",
  "socials",
  "swaps",
  "onramp",
  "activity",
  "multiWallet",
  "emailCapture"
] as const

/** AppKit's theme variables Airlock has, by their AppKit name. */
const themeNames = [
  "font-family",
  "accent",
  "color-mix",
  "color-mix-strength",
  "font-size-master",
  "border-radius-master",
  "z-index"
] as const

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

/**
 * A viem chain (no `caipNetworkId`) as an `eip155` network; anything else as it is, for Airlock's own checks.
 *
 * @example
 * ```ts
 * import { toCaipNetwork } from "./options.ts"
 * toCaipNetwork({ id: 10, name: "OP", nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 }, rpcUrls: { default: { http: ["https://op.example"] } } }).caipNetworkId // "eip155:10"
 * ```
 */
export const toCaipNetwork = (network: unknown): CaipNetwork =>
  isObject(network) && network.caipNetworkId === undefined && typeof network.id === "number"
    ? ({ ...network, chainNamespace: "eip155", caipNetworkId: `eip155:${network.id}` } as unknown as CaipNetwork)
    : (network as CaipNetwork)

/** An AppKit adapter of a `@reown/appkit-adapter-*` package (it names its `adapterType`, and has no `load`). */
const isForeignAdapter = (value: unknown): boolean =>
  isObject(value) && typeof value.adapterType === "string" && value.load === undefined

/**
 * Whether an adapter already offers WalletConnect: `walletConnect()` serves several namespaces and lists the connector
 * `walletConnect` at once (single-namespace adapters are not asked, so no wallet discovery starts here).
 */
const offersWalletConnect = (adapter: AirlockAdapter): boolean => {
  if (!Array.isArray(adapter.namespaces) || adapter.watchConnectors === undefined) return false
  let found = false
  try {
    const stop = adapter.watchConnectors((connectors) => {
      found ||= connectors.some((connector) => connector.id === "walletConnect")
    })
    stop()
  } catch {
    return false
  }
  return found
}

const features = (raw: unknown, warn: (message: string) => void): AirlockOptions["features"] => {
  if (raw === undefined) return undefined
  if (!isObject(raw)) return raw as AirlockOptions["features"] // Airlock refuses it with its own OptionsError
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(raw)) {
    if ((sameFeatures as ReadonlyArray<string>).includes(key)) out[key] = value
    else if (key === "history") out.activity = value
    else warn(`\`features.${key}\` is an AppKit feature Airlock does not have; it is ignored.`)
  }
  return out as AirlockOptions["features"]
}

const themeVariables = (raw: unknown, warn: (message: string) => void): ThemeVariables | undefined => {
  if (raw === undefined) return undefined
  if (!isObject(raw)) return raw as ThemeVariables
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(raw)) {
    const name = key.replace(/^--(w3m|airlock)-/, "")
    if (name !== key && (themeNames as ReadonlyArray<string>).includes(name)) out[`--airlock-${name}`] = value
    else if (key === "--airlock-backdrop-filter") out[key] = value
    else warn(`\`themeVariables["${key}"]\` has no Airlock counterpart; it is ignored.`)
  }
  return out as ThemeVariables
}

/**
 * AppKit's options as Airlock's: the same names pass through, viem chains become networks, `--w3m-*` theme
 * variables become `--airlock-*`, `features.history` becomes `activity`, `allWallets: "HIDE"` turns All Wallets off,
 * `debug` logs everything, and WalletConnect is added when `endpoints.relay` is set (AppKit's default). Every AppKit
 * option Airlock lacks is dropped with a warning through `warn`. Invalid values are left for Airlock to refuse.
 *
 * @example
 * ```ts
 * import { mainnet } from "../../core/networks/index.ts"
 * import { toAirlockOptions } from "./options.ts"
 * const endpoints = { walletApi: "http://127.0.0.1:4400", blockchainApi: "http://127.0.0.1:4400" }
 * const warnings: string[] = []
 * const options = toAirlockOptions({ networks: [mainnet], endpoints, features: { history: false }, termsConditionsUrl: "https://t.example" }, (w) => warnings.push(w))
 * options.features?.activity // false
 * warnings.length // 1
 * ```
 */
export const toAirlockOptions = (raw: AppKitOptions, warn: (message: string) => void): AirlockOptions => {
  if (!isObject(raw)) return raw as unknown as AirlockOptions
  const out: Record<string, unknown> = {}
  for (const key of same) if (raw[key] !== undefined) out[key] = raw[key]
  if (Array.isArray(raw.networks)) out.networks = raw.networks.map(toCaipNetwork)
  else out.networks = raw.networks
  if (raw.defaultNetwork !== undefined) out.defaultNetwork = toCaipNetwork(raw.defaultNetwork)
  const featureOptions: Record<string, unknown> = { ...(features(raw.features, warn) ?? {}) }
  if (raw.allWallets === "HIDE") featureOptions.allWallets = false
  else if (raw.allWallets === "ONLY_MOBILE")
    warn('`allWallets: "ONLY_MOBILE"` is not in Airlock; All Wallets shows everywhere.')
  if (raw.features !== undefined || raw.allWallets === "HIDE") {
    out.features = isObject(raw.features) || raw.features === undefined ? featureOptions : raw.features
  }
  const variables = themeVariables(raw.themeVariables, warn)
  if (variables !== undefined) out.themeVariables = variables
  if (raw.debug === true && raw.logLevel === undefined) out.logLevel = "debug"
  let adapters: unknown = raw.adapters
  if (Array.isArray(raw.adapters)) {
    adapters = raw.adapters.filter((adapter, index) => {
      if (!isForeignAdapter(adapter)) return true
      warn(
        `\`adapters[${index}]\` is an AppKit adapter (${String((adapter as { adapterType: unknown }).adapterType)}); ` +
          "use Airlock's: `new EthersAdapter()` or `new SolanaAdapter()` from airlock-kit/appkit, or `evm()`, `solana()`."
      )
      return false
    })
  }
  const list = Array.isArray(adapters) ? (adapters as ReadonlyArray<AirlockAdapter>) : undefined
  const hasWalletConnect = list?.some(offersWalletConnect)
  const relay = isObject(raw.endpoints) ? raw.endpoints.relay : undefined
  if (raw.enableWalletConnect !== false && list !== undefined && hasWalletConnect !== true && relay !== undefined) {
    adapters = [...list, walletConnect()]
  } else if (raw.enableWalletConnect === true && relay === undefined) {
    warn("`enableWalletConnect` needs `endpoints.relay` in Airlock; WalletConnect is off.")
  }
  if (adapters !== undefined) out.adapters = adapters
  const known = new Set<string>([
    ...same,
    "networks",
    "defaultNetwork",
    "features",
    "themeVariables",
    "adapters",
    "enableWalletConnect",
    "allWallets",
    "debug"
  ])
  for (const key of Object.keys(raw)) {
    if (!known.has(key)) warn(`\`${key}\` is an AppKit option Airlock does not have; it is ignored.`)
  }
  return out as unknown as AirlockOptions
}
