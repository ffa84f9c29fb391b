import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as References from "effect/References"
import type { AlertError } from "../errors/alerts.ts"
import { OptionsError } from "../errors/catalogue.ts"
import { goBack as goBackRouter } from "../router/navigation.ts"
import { push as pushRouter } from "../router/state.ts"
import { shake as shakeTimed } from "../router/timings.ts"
import { isViewEnabled } from "../router/views.ts"
import { resolveFeatures } from "../rules/resolveFeatures.ts"
import { ClientConfig, sdkVersion } from "../services/ClientConfig.ts"
import { Platform, type PlatformShape } from "../services/Platform.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import { nextAlert } from "../state/alert.ts"
import { ClientScope } from "../state/ClientScope.ts"
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
  // No hidden default host: a forgotten endpoint would send every visitor's requests somewhere unintended.
  if (typeof options.endpoints?.walletApi !== "string" || typeof options.endpoints.blockchainApi !== "string") {
    throw new OptionsError({
      reason: "Invalid",
      details: "`endpoints.walletApi` and `endpoints.blockchainApi` must be set (Airlock has no hosted default)"
    })
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
 * const endpoints = { walletApi: "https://api.example", blockchainApi: "https://api.example" }
 * const airlock = createAirlock({ projectId: "my-project", networks: [mainnet], endpoints })
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
    ClientScope.layer,
    Options.layer(resolved),
    ClientConfig.layer({
      projectId: resolved.projectId ?? "",
      sdkType: "airlock",
      sdkVersion,
      endpoints: options.endpoints
    }),
    Layer.succeed(References.MinimumLogLevel, logLevels[options.logLevel ?? "error"])
  )
  const onAlert = (alert: AlertError) => store.update((state) => ({ ...state, alert: nextAlert(state.alert, alert) }))
  // HTTP, storage and the services are a chunk of their own, fetched right away but off the first load.
  const lazyServices = Layer.unwrap(
    Effect.promise(() => import("./layers.ts")).pipe(Effect.map((m) => m.serviceLayers(store, services, onAlert)))
  ).pipe(Layer.provide(base))
  const runtime: ManagedRuntime.ManagedRuntime<CoreServices, never> = ManagedRuntime.make(
    Layer.merge(base, lazyServices)
  )
  // Set when initialisation failed (invalid options): the client then refuses every action with that error.
  let initError: { readonly error: unknown } | undefined
  const flow = <A, E>(f: (flows: Flows) => Effect.Effect<A, E, CoreServices>): Promise<A> =>
    initError !== undefined
      ? Promise.reject(initError.error)
      : run(
          runtime,
          Effect.flatMap(
            Effect.promise(() => import("../flows/index.ts")),
            f
          )
        )

  const ready = flow((flows) => flows.initialize)
  // Handled here so an app that never awaits `ready` gets a console error, not an unhandled rejection.
  ready.catch((error: unknown) => {
    initError = { error }
    store.update((state) => ({ ...state, status: "error" }))
    console.error("Airlock: initialisation failed", error)
  })

  // What destroy() releases besides the runtime: the app's subscriptions and the shake timers run outside it.
  const subscriptions = new Set<() => void>()
  const track = (unsubscribe: () => void) => {
    subscriptions.add(unsubscribe)
    return () => {
      subscriptions.delete(unsubscribe)
      unsubscribe()
    }
  }
  const timers = new Set<Fiber.Fiber<void>>()

  const client: AirlockClient = {
    open: (parameters = {}) => flow((flows) => flows.openModal(parameters)),
    close: () => flow((flows) => flows.closeModal),
    push: (view, data) =>
      store.update((state) =>
        // SPEC §2: feature views exist only while their feature is on.
        isViewEnabled(view, state.features) ? { ...state, modal: pushRouter(state.modal, view, data as never) } : state
      ),
    goBack: () => {
      const before = store.getSnapshot()
      const result = goBackRouter(before.modal, routerContext(before, resolved))
      store.update((state) => ({ ...state, modal: result.state }))
      if (result.effects.length > 0 || (before.modal.open && !result.state.open)) {
        void flow((flows) => flows.settleNavigation(result, before.modal.open))
      }
    },
    loadMoreWallets: () => flow((flows) => flows.loadMoreWallets),
    searchWallets: (text) => flow((flows) => flows.searchWallets(text)),
    getState: store.getSnapshot,
    subscribe: (listener) => track(store.subscribe(listener)),
    watch: (selector, onChange, equals) => track(store.watch(selector, onChange, equals)),
    switchNetwork: (network) => flow((flows) => flows.switchNetwork(network)),
    disconnect: (namespace) => flow((flows) => flows.disconnect(namespace)),
    setThemeMode: (mode) => store.update((state) => (state.themeMode === mode ? state : { ...state, themeMode: mode })),
    shake: () => {
      const fiber = Effect.runFork(shakeTimed(cell(store, "shake")))
      timers.add(fiber)
      fiber.addObserver(() => timers.delete(fiber))
    },
    ready,
    runtime,
    destroy: async () => {
      for (const unsubscribe of subscriptions) unsubscribe()
      subscriptions.clear()
      await Promise.all([...timers].map((fiber) => Effect.runPromise(Fiber.interrupt(fiber))))
      initError ??= { error: new Error("Airlock: this client was destroyed") }
      await runtime.dispose()
    }
  }
  return { client, store }
}
