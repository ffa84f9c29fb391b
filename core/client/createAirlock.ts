import type * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as References from "effect/References"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { AirlockError } from "../errors/AirlockError.ts"
import { OptionsError } from "../errors/catalogue.ts"
import { disconnect } from "../flows/disconnect.ts"
import { initialize } from "../flows/initialize.ts"
import { closeModal, goBack, openModal, pushView, shakeModal } from "../flows/modal.ts"
import { switchNetwork } from "../flows/network.ts"
import { resolveFeatures } from "../rules/resolveFeatures.ts"
import { ClientConfig, sdkVersion } from "../services/ClientConfig.ts"
import { Platform, type PlatformShape } from "../services/Platform.ts"
import { Storage } from "../services/Storage.ts"
import { makeInitialState } from "../state/initial.ts"
import { StateStore } from "../state/StateStore.ts"
import { makeStore } from "../state/Store.ts"
import { resolveThemeMode } from "../state/theme.ts"
import { type AirlockOptions, AirlockOptionsSchema, defaultEndpoints } from "./AirlockOptions.ts"
import { Options, resolveOptions } from "./Options.ts"
import type { AirlockClient, CoreServices } from "./types.ts"

/** Services a test (or an unusual host) may replace; each falls back to the browser's own. */
export interface AirlockServices {
  /** The browser facts; defaults to the real browser (or a server stand-in outside one). */
  readonly platform?: PlatformShape | undefined
  /** Storage; defaults to `localStorage`. */
  readonly storage?: Layer.Layer<Storage> | undefined
  /** Extra layers that override the defaults (WalletApi, BlockchainApi, Analytics, HttpClient…). */
  readonly layer?: Layer.Layer<never> | undefined
}

const logLevels = { none: "None", error: "Error", warn: "Warn", info: "Info", debug: "Debug" } as const

const checkOptions = (options: AirlockOptions): void => {
  if (options.siwx !== undefined && options.siweConfig !== undefined) throw new OptionsError({ reason: "SiweAndSiwx" })
  // `undefined` means "not set" in the options type; the schema's optional keys mean the same.
  const defined = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined))
  const decoded = Schema.decodeUnknownResult(AirlockOptionsSchema)(defined)
  if (Result.isFailure(decoded)) {
    throw new OptionsError({ reason: "Invalid", details: decoded.failure.message, cause: decoded.failure })
  }
}

/** Turns a failed Effect into a rejected Promise carrying the Airlock error itself, not a wrapper. */
const run = <A, E>(
  runtime: ManagedRuntime.ManagedRuntime<CoreServices, never>,
  effect: Effect.Effect<A, E, CoreServices>
) =>
  runtime.runPromiseExit(effect).then((exit) => {
    if (Exit.isSuccess(exit)) return exit.value
    const failure = exit.cause.reasons.find((reason) => reason._tag === "Fail")
    throw failure?._tag === "Fail" ? failure.error : new Error(String(exit.cause))
  })

/**
 * Creates an Airlock client: decodes the options, builds the services, reads the stored session and the remote
 * project config in the background, and returns the public client.
 *
 * Throws `OptionsError` for invalid options, e.g. 'Cannot set both `siweConfig` and `siwx` options'.
 *
 * @example
 * ```ts
 * import { createAirlock } from "airlock"
 * import { mainnet } from "airlock/networks"
 * const airlock = createAirlock({ projectId: "my-project", networks: [mainnet] })
 * await airlock.open()
 * ```
 */
export const createAirlock = (options: AirlockOptions, services: AirlockServices = {}): AirlockClient => {
  checkOptions(options)
  const resolved = resolveOptions(options)
  const platform = services.platform ?? (typeof window === "undefined" ? Platform.makeServer() : Platform.makeBrowser())
  const activeNetwork = options.defaultNetwork ?? options.networks[0]
  const { features } = resolveFeatures({ local: options.features, basic: resolved.basic })
  const initial = makeInitialState({
    networks: options.networks,
    activeNetwork,
    themeMode: resolveThemeMode(
      options.themeMode,
      platform.matchMedia === undefined ? undefined : platform.prefersDark()
    ),
    themeVariables: options.themeVariables,
    features,
    statuses: {},
    isMobile: platform.isMobile(),
    hasInjectedWallet: false,
    excludedWallets: options.excludeWalletIds
  })

  const store = makeStore(initial)
  const platformLayer = Layer.succeed(Platform, Platform.of(platform))
  const base = Layer.mergeAll(
    platformLayer,
    StateStore.layer(store),
    Options.layer(resolved),
    ClientConfig.layer({
      projectId: resolved.projectId ?? "",
      sdkType: "airlock",
      sdkVersion,
      endpoints: { ...defaultEndpoints, ...options.endpoints }
    }),
    services.storage ?? Storage.layerLocalStorage.pipe(Layer.provide(platformLayer))
  )
  const logLevel = Layer.succeed(References.MinimumLogLevel, logLevels[options.logLevel ?? "error"])
  const layer = Layer.mergeAll(base, logLevel, services.layer ?? Layer.empty)
  const runtime: ManagedRuntime.ManagedRuntime<CoreServices, never> = ManagedRuntime.make(layer)

  const ready = run(runtime, initialize).catch((error: unknown) => {
    if (!(error instanceof AirlockError)) console.warn("Airlock: initialisation failed", error)
  })

  const client: AirlockClient = {
    open: (parameters = {}) => run(runtime, openModal(parameters)),
    close: () => run(runtime, closeModal),
    push: (view, data) => runtime.runSync(pushView(view, data)),
    goBack: () => void run(runtime, goBack),
    getState: store.getSnapshot,
    subscribe: store.subscribe,
    watch: store.watch,
    switchNetwork: (network) => run(runtime, switchNetwork(network)),
    disconnect: (namespace) => run(runtime, disconnect(namespace)),
    setThemeMode: (mode) => store.update((state) => (state.themeMode === mode ? state : { ...state, themeMode: mode })),
    shake: () => runtime.runSync(shakeModal),
    ready,
    runtime,
    destroy: () => runtime.dispose()
  }
  return client
}
