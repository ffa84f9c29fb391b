import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import type { FeaturesOptions } from "../rules/features.ts"
import type { AirlockAdapter } from "./AirlockAdapter.ts"
import type { AirlockOptions } from "./AirlockOptions.ts"

/**
 * The options after their schema decode, with their defaults applied: what every flow reads. Built in the services
 * chunk (see `flows/options.ts`), so the schema library stays off the first load.
 */
export interface ResolvedOptions {
  readonly projectId: string | undefined
  readonly adapters: ReadonlyArray<AirlockAdapter>
  readonly enableReconnect: boolean
  readonly enableNetworkSwitch: boolean
  readonly allowUnsupportedChain: boolean
  readonly manualWCControl: boolean
  readonly basic: boolean
  readonly embedded: boolean
  /** The app's local features (ignored once the remote project config is read, SPEC §1). */
  readonly features: FeaturesOptions | undefined
  readonly featuredWalletIds: ReadonlyArray<string>
  readonly includeWalletIds: ReadonlyArray<string> | undefined
  readonly excludeWalletIds: ReadonlyArray<string>
  /** How the app introduces itself (wallets, the embedded wallet's frame). */
  readonly metadata?: AirlockOptions["metadata"] | undefined
}

/**
 * The client's decoded options, available to every flow.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import { Options } from "./Options.ts"
 * const isBasic = Options.useSync((options) => options.basic)
 * ```
 */
export class Options extends Context.Service<Options, ResolvedOptions>()("airlock/Options") {
  static readonly layer = (options: ResolvedOptions) => Layer.succeed(Options, Options.of(options))
}

/**
 * Applies the defaults of `AirlockOptions` to options that were already decoded (see `flows/options.ts`).
 *
 * @example
 * ```ts
 * import { mainnet } from "../networks/index.ts"
 * import { resolveOptions } from "./Options.ts"
 * const endpoints = { walletApi: "http://127.0.0.1:4400", blockchainApi: "http://127.0.0.1:4400" }
 * resolveOptions({ networks: [mainnet], endpoints }).enableReconnect // true
 * ```
 */
export const resolveOptions = (options: AirlockOptions): ResolvedOptions => ({
  projectId: options.projectId === undefined || options.projectId.trim() === "" ? undefined : options.projectId,
  adapters: options.adapters ?? [],
  enableReconnect: options.enableReconnect ?? true,
  enableNetworkSwitch: options.enableNetworkSwitch ?? true,
  allowUnsupportedChain: options.allowUnsupportedChain ?? false,
  manualWCControl: options.manualWCControl ?? false,
  basic: options.basic ?? false,
  embedded: options.enableEmbedded ?? false,
  features: options.features,
  featuredWalletIds: options.featuredWalletIds ?? [],
  includeWalletIds: options.includeWalletIds,
  excludeWalletIds: options.excludeWalletIds ?? [],
  metadata: options.metadata
})
