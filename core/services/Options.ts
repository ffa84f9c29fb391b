import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import type { FeaturesOptions } from "../rules/features.ts"
import type { AppMetadata } from "../schema/embedded.ts"

/**
 * The options after their schema decode, with their defaults applied: what every flow reads. Built in the services
 * chunk (see `options/decodeOptions.ts`), so the schema library stays off the first load. The wallet lists the app
 * excludes are not here: the state holds them (`excludedWallets`), for the selectors and the flows alike.
 */
export interface ResolvedOptions {
  readonly projectId: string | undefined
  /** Whether the app passed any adapter (the router's rules read it). */
  readonly hasAdapters: boolean
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
  /** How the app introduces itself (wallets, the embedded wallet's frame). */
  readonly metadata?: AppMetadata | undefined
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
