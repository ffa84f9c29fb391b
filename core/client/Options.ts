import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import type { AirlockAdapter, AirlockOptions } from "./AirlockOptions.ts"

/** The decoded options with their defaults applied, as every flow sees them. */
export interface ResolvedOptions {
  readonly raw: AirlockOptions
  readonly projectId: string | undefined
  readonly adapters: ReadonlyArray<AirlockAdapter>
  readonly enableReconnect: boolean
  readonly enableNetworkSwitch: boolean
  readonly allowUnsupportedChain: boolean
  readonly manualWCControl: boolean
  readonly basic: boolean
  readonly embedded: boolean
}

/** The client's options, available to every flow. */
export class Options extends Context.Service<Options, ResolvedOptions>()("airlock/Options") {
  static readonly layer = (options: ResolvedOptions) => Layer.succeed(Options, Options.of(options))
}

/** Applies the defaults of `AirlockOptions`. */
export const resolveOptions = (raw: AirlockOptions): ResolvedOptions => ({
  raw,
  projectId: raw.projectId === undefined || raw.projectId.trim() === "" ? undefined : raw.projectId,
  adapters: raw.adapters ?? [],
  enableReconnect: raw.enableReconnect ?? true,
  enableNetworkSwitch: raw.enableNetworkSwitch ?? true,
  allowUnsupportedChain: raw.allowUnsupportedChain ?? false,
  manualWCControl: raw.manualWCControl ?? false,
  basic: raw.basic ?? false,
  embedded: raw.enableEmbedded ?? false
})
