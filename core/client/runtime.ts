import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as References from "effect/References"
import { type AdapterRegistry, makeAdapterRegistry } from "../adapter/adapterRegistry.ts"
import type { CoreServices } from "../adapter/CoreServices.ts"
import type { AlertError } from "../errors/alerts.ts"
import type { OptionsError } from "../errors/catalogue.ts"
import type { AirlockOptions } from "../options/AirlockOptions.ts"
import { ClientConfig, sdkVersion } from "../services/ClientConfig.ts"
import { Platform, type PlatformShape } from "../services/Platform.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import { ClientScope } from "../state/ClientScope.ts"
import { StateStore } from "../state/StateStore.ts"
import type { Store } from "../state/Store.ts"
import type { ServiceLayers } from "./layers.ts"
import type { AirlockRuntime } from "./types.ts"

/** Services a test (or an unusual host) may replace; each falls back to the browser's own. */
export interface AirlockServices extends ServiceLayers {
  /** The browser facts; defaults to the real browser (or a server stand-in outside one). */
  readonly platform?: PlatformShape | undefined
  /**
   * Any layer, applied last: its services replace the client's (a `WalletApi` answering 429, `TestClock.layer()`…).
   * It may use the client's services.
   */
  readonly layer?: Layer.Layer<never, never, CoreServices> | undefined
}

const logLevels = { none: "None", error: "Error", warn: "Warn", info: "Info", debug: "Debug" } as const

/**
 * Assembles the client's runtime: the synchronous layers (platform, store, scope, config, log level) and the
 * services chunk (HTTP, storage, the APIs, the options decode), imported right away but off the first load.
 *
 * @example
 * ```ts
 * import { makeRuntime } from "./runtime.ts"
 * import { makeStore } from "../state/Store.ts"
 * import { Platform } from "../services/Platform.ts"
 * declare const options: import("../options/AirlockOptions.ts").AirlockOptions
 * declare const state: import("../state/AirlockState.ts").AirlockState
 * const runtime = makeRuntime({ options, store: makeStore(state), platform: Platform.makeServer(), services: {} })
 * ```
 */
export const makeRuntime = (input: {
  readonly options: AirlockOptions
  readonly store: Store<AirlockState>
  readonly platform: PlatformShape
  readonly services: AirlockServices
  readonly onAlert?: ((alert: AlertError) => void) | undefined
  readonly adapters?: AdapterRegistry | undefined
}): AirlockRuntime => {
  const { options, store, platform, services } = input
  const registry = input.adapters ?? makeAdapterRegistry([])
  const base = Layer.mergeAll(
    Layer.succeed(Platform, Platform.of(platform)),
    StateStore.layer(store),
    ClientScope.layer,
    ClientConfig.layer({
      projectId: typeof options.projectId === "string" ? options.projectId : "",
      sdkType: "airlock",
      sdkVersion,
      endpoints: options.endpoints,
      requestTimeout: options.requestTimeout
    }),
    Layer.succeed(References.MinimumLogLevel, logLevels[options.logLevel ?? "error"] ?? "Error")
  )
  const onAlert = input.onAlert ?? (() => {})
  const lazyServices = Layer.unwrap(
    Effect.promise(() => import("./lazy.ts")).pipe(
      Effect.map((m) => Layer.merge(m.serviceLayers(store, services, onAlert, options), m.adaptersLayer(registry)))
    )
  ).pipe(Layer.provide(base))
  // Adapters' layers, then the caller's overrides: each is built on the services before it and may replace them.
  const adapterLayers = Array.isArray(options.adapters) ? options.adapters.flatMap((a) => a?.layer ?? []) : []
  const layered = [...adapterLayers, ...(services.layer === undefined ? [] : [services.layer])].reduce(
    (all: Layer.Layer<CoreServices, OptionsError>, layer) => Layer.provideMerge(layer, all),
    Layer.merge(base, lazyServices)
  )
  return ManagedRuntime.make(layered)
}
