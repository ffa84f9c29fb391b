import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as References from "effect/References"
import type { AlertError } from "../errors/alerts.ts"
import { OptionsError } from "../errors/catalogue.ts"
import { goBack as goBackRouter } from "../router/navigation.ts"
import { push as pushRouter } from "../router/state.ts"
import { shake as shakeTimed } from "../router/timings.ts"
import { resolveFeatures } from "../rules/resolveFeatures.ts"
import { ClientConfig, defaultEndpoints, sdkVersion } from "../services/ClientConfig.ts"
import { Platform, type PlatformShape } from "../services/Platform.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import { makeInitialState } from "../state/initial.ts"
import { routerContext } from "../state/routerContext.ts"
import { StateStore } from "../state/StateStore.ts"
import { cell, makeStore, type Store } from "../state/Store.ts"
import { resolveThemeMode } from "../state/theme.ts"
import type { AirlockOptions } from "./AirlockOptions.ts"
import type { ServiceLayers } from "./layers.ts"
import { Options, resolveOptions } from "./Options.ts"
import type { AirlockClient, CoreServices } from "./types.ts"

/** Services a test (or an unusual host) may replace; each falls back to the browser's own. */
export interface AirlockServices extends ServiceLayers {
  /** The browser facts; defaults to the real browser (or a server stand-in outside one). */
  readonly platform?: PlatformShape | undefined
}

type Flows = typeof import("../flows/index.ts")

const logLevels = { none: "None", error: "Error", warn: "Warn", info: "Info", debug: "Debug" } as const

/**
 * What must hold before anything can be built; the full schema decode runs at once after, in `initialize` (see
 * `flows/options.ts`), and rejects `ready`.
 */
const checkOptions = (options: AirlockOptions): void => {
  if (options.siwx !== undefined && options.siweConfig !== undefined) throw new OptionsError({ reason: "SiweAndSiwx" })
  if (!Array.isArray(options.networks) || options.networks.length === 0) {
    throw new OptionsError({ reason: "Invalid", details: "`networks` must list at least one network" })
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
export const createAirlock = (options: AirlockOptions, services: AirlockServices = {}): AirlockClient =>
  makeAirlock(options, services).client

/** Builds the client and hands back its store too (for `airlock/testing`, which lets tests set any state). */
export const makeAirlock = (
  options: AirlockOptions,
  services: AirlockServices = {}
): { readonly client: AirlockClient; readonly store: Store<AirlockState> } => {
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
    Layer.succeed(References.MinimumLogLevel, logLevels[options.logLevel ?? "error"])
  )
  const onAlert = (alert: AlertError) =>
    store.update((state) => ({
      ...state,
      alert: { code: alert.code, title: alert.shortMessage, description: alert.description, variant: "error" }
    }))
  // HTTP, storage and the services are a chunk of their own, fetched right away but off the first load.
  const lazyServices = Layer.unwrap(
    Effect.promise(() => import("./layers.ts")).pipe(Effect.map((m) => m.serviceLayers(store, services, onAlert)))
  ).pipe(Layer.provide(base))
  const runtime: ManagedRuntime.ManagedRuntime<CoreServices, never> = ManagedRuntime.make(
    Layer.merge(base, lazyServices)
  )
  const flow = <A, E>(f: (flows: Flows) => Effect.Effect<A, E, CoreServices>) =>
    run(
      runtime,
      Effect.flatMap(
        Effect.promise(() => import("../flows/index.ts")),
        f
      )
    )

  const ready = flow((flows) => flows.initialize)
  // Handled here so an app that never awaits `ready` gets a console error, not an unhandled rejection.
  ready.catch((error: unknown) => console.error("Airlock: initialisation failed", error))

  const client: AirlockClient = {
    open: (parameters = {}) => flow((flows) => flows.openModal(parameters)),
    close: () => flow((flows) => flows.closeModal),
    push: (view, data) => store.update((state) => ({ ...state, modal: pushRouter(state.modal, view, data as never) })),
    goBack: () => {
      const before = store.getSnapshot()
      const result = goBackRouter(before.modal, routerContext(before, resolved))
      store.update((state) => ({ ...state, modal: result.state }))
      if (result.effects.length > 0 || (before.modal.open && !result.state.open)) {
        void flow((flows) => flows.settleNavigation(result, before.modal.open))
      }
    },
    getState: store.getSnapshot,
    subscribe: store.subscribe,
    watch: store.watch,
    switchNetwork: (network) => flow((flows) => flows.switchNetwork(network)),
    disconnect: (namespace) => flow((flows) => flows.disconnect(namespace)),
    setThemeMode: (mode) => store.update((state) => (state.themeMode === mode ? state : { ...state, themeMode: mode })),
    shake: () => void Effect.runFork(shakeTimed(cell(store, "shake"))),
    ready,
    runtime,
    destroy: () => runtime.dispose()
  }
  return { client, store }
}
