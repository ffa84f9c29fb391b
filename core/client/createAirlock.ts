import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { type AirlockAdapter, adapterNamespaces } from "../adapter/AirlockAdapter.ts"
import { makeAdapterRegistry } from "../adapter/adapterRegistry.ts"
import type { CoreServices } from "../adapter/CoreServices.ts"
import { OptionsError } from "../errors/catalogue.ts"
import type { AirlockOptions } from "../options/AirlockOptions.ts"
import { checkOptions } from "../options/checkOptions.ts"
import { close as closeRouter, goBack as goBackRouter, open as openRouter } from "../router/navigation.ts"
import { initial as initialRouter, push as pushRouter } from "../router/state.ts"
import { flashSnack, shake as shakeTimed } from "../router/timings.ts"
import { isViewEnabled } from "../router/views.ts"
import { resolveFeatures } from "../rules/resolveFeatures.ts"
import type { Connector } from "../schema/connector.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import { sanitizeConnector } from "../schema/sanitizeConnector.ts"
import { Platform } from "../services/Platform.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import { nextAlert } from "../state/alert.ts"
import { ClientScope } from "../state/ClientScope.ts"
import { withExplorerIds } from "../state/explorerIds.ts"
import { deepFreeze } from "../state/freeze.ts"
import { makeInitialState } from "../state/initial.ts"
import { type RouterOptions, routerContext } from "../state/routerContext.ts"
import { cell, makeStore, type Store } from "../state/Store.ts"
import { resolveThemeMode } from "../state/theme.ts"
import { DestroyedError } from "./DestroyedError.ts"
import { type AirlockRuntime, type AirlockServices, makeRuntime } from "./runtime.ts"
import type { AirlockClient } from "./types.ts"

export type { AirlockServices } from "./runtime.ts"

/**
 * Turns a failed Effect into a rejected Promise carrying the Airlock error itself, not a wrapper. An action that
 * `destroy()` interrupted settles quietly: the app ended the client itself, and a `void airlock.open()` in a click
 * handler must not turn into an unhandled rejection.
 */
const run = <A, E>(
  runtime: AirlockRuntime,
  effect: Effect.Effect<A, E, CoreServices>,
  onDestroyed: (() => A) | undefined
) =>
  runtime.runPromiseExit(effect).then((exit): A => {
    if (Exit.isSuccess(exit)) return exit.value
    const failure = exit.cause.reasons.find((reason) => reason._tag === "Fail")
    if (failure?._tag === "Fail") throw failure.error
    if (onDestroyed !== undefined && Cause.hasInterruptsOnly(exit.cause)) return onDestroyed()
    throw new Error(String(exit.cause))
  })

/**
 * Frozen snapshots make an app's accidental `getState().x = y` throw instead of silently desyncing the renderer.
 * Bundlers replace `process.env.NODE_ENV`, so production builds fold this to `undefined` and drop `deepFreeze`.
 */
const seal = typeof process !== "undefined" && process.env.NODE_ENV !== "production" ? deepFreeze : undefined

/**
 * The stored connection statuses, read synchronously so the first snapshot of a returning visitor says `connecting`
 * (a reconnect is under way) rather than `disconnected`: no Connect button flashes before the reconnect settles.
 */
const storedStatuses = (options: AirlockOptions, platform: Platform["Service"]) => {
  const statuses: Partial<Record<ChainNamespace, "connecting">> = {}
  if (options.enableReconnect === false) return statuses
  try {
    for (const adapter of options.adapters ?? []) {
      for (const namespace of adapterNamespaces(adapter)) {
        const stored = platform.localStorage?.getItem(`@airlock/${namespace}:connection_status`)
        if (stored === "connected" || stored === "connecting") statuses[namespace] = "connecting"
      }
    }
  } catch {
    // Storage blocked: the reconnect on start still reads it through the Storage service's fallback.
  }
  return statuses
}

const firstState = (options: AirlockOptions, platform: Platform["Service"], error: OptionsError | undefined) => {
  const { features } = resolveFeatures({ local: error ? undefined : options.features, basic: options.basic === true })
  const state = makeInitialState({
    networks: error ? [] : options.networks,
    activeNetwork: error ? undefined : (options.defaultNetwork ?? options.networks[0]),
    themeMode: resolveThemeMode(
      error ? undefined : options.themeMode,
      platform.matchMedia === undefined ? undefined : platform.prefersDark()
    ),
    themeVariables: error ? undefined : options.themeVariables,
    features,
    statuses: error ? {} : storedStatuses(options, platform),
    isMobile: platform.isMobile(),
    hasInjectedWallet: false,
    excludedWallets: error ? [] : options.excludeWalletIds
  })
  return error === undefined ? state : stopped(state, "error", error)
}

/** The state of a client that stopped: its error as the renderer shows it, the modal closed. */
const stopped = (state: AirlockState, status: "error" | "destroyed", error: unknown): AirlockState => {
  const { _tag, name, shortMessage, message } = error as Partial<OptionsError>
  return {
    ...state,
    status,
    error: { name: _tag ?? name ?? "Error", message: shortMessage ?? message ?? String(error) },
    modal: initialRouter
  }
}

/**
 * Creates an Airlock client: checks the options, builds the services, reads the stored session and the remote
 * project config in the background, and returns the public client.
 *
 * It never throws. Invalid options (e.g. 'Cannot set both `siweConfig` and `siwx` options', or `projectId: 42`)
 * put the client in status `error`: `ready` and every action reject with the `OptionsError`, whose `path` names the
 * option.
 *
 * @example
 * ```ts
 * import { createAirlock } from "airlock"
 * import { mainnet } from "airlock/networks"
 * const endpoints = { walletApi: "http://127.0.0.1:4400", blockchainApi: "http://127.0.0.1:4400" }
 * const airlock = createAirlock({ projectId: "airlock-demo", networks: [mainnet], endpoints })
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
  const platform = services.platform ?? (typeof window === "undefined" ? Platform.makeServer() : Platform.makeBrowser())
  let invalid = checkOptions(options)
  let first: AirlockState
  try {
    first = firstState(options, platform, invalid)
  } catch (cause) {
    // An option the schema has not decoded yet broke the first snapshot: refuse the options, never throw.
    invalid = new OptionsError({ reason: "Invalid", details: String(cause), cause })
    first = firstState(options, platform, invalid)
  }
  const store = makeStore<AirlockState>(first, { seal })
  const onAlert = (alert: Parameters<typeof nextAlert>[1]) =>
    store.update((state) => ({ ...state, alert: nextAlert(state.alert, alert) }))
  const adapters = makeAdapterRegistry(invalid ? [] : (options.adapters ?? []), {
    projectId: typeof options.projectId === "string" ? options.projectId : undefined,
    networks: invalid ? [] : options.networks,
    metadata: invalid ? undefined : options.metadata,
    endpoints: invalid ? { walletApi: "", blockchainApi: "" } : options.endpoints,
    // The frame is a service of the runtime (an adapter's layer adds it); asked for once the runtime exists.
    frame: () => import("../services/Frame.ts").then((m) => m.frameClient(runtime))
  })
  const runtime = makeRuntime({ options, store, platform, services, onAlert, adapters })
  const routerOptions: RouterOptions = {
    hasAdapters: !invalid && (options.adapters ?? []).length > 0,
    manualWCControl: options.manualWCControl === true,
    embedded: options.enableEmbedded === true
  }

  // Set once the client stops (refused options, or destroyed): every action then rejects with this error.
  let stop: { readonly error: unknown } | undefined = invalid === undefined ? undefined : { error: invalid }
  const halt = (status: "error" | "destroyed", error: unknown) => {
    stop ??= { error }
    store.update((state) => stopped(state, status, error))
  }
  // Each action imports only its own flow module, so e.g. opening never fetches the remote-config code.
  const flow = <M, A, E>(load: () => Promise<M>, f: (module: M) => Effect.Effect<A, E, CoreServices>): Promise<A> =>
    stop !== undefined
      ? Promise.reject(stop.error)
      : run(runtime, Effect.flatMap(Effect.promise(load), f), () => {
          if (stop?.error instanceof DestroyedError) return undefined as A
          throw stop?.error ?? new Error("Airlock: an action was interrupted")
        })
  const background = (promise: Promise<unknown>) => {
    promise.catch((error: unknown) => {
      if (stop === undefined) console.error("Airlock:", error)
    })
  }

  // `ready` never settles quietly: interrupted by destroy() it rejects with the DestroyedError.
  const ready =
    stop !== undefined
      ? Promise.reject<void>(stop.error)
      : run(
          runtime,
          Effect.flatMap(
            Effect.promise(() => import("../flows/remote/initialize.ts")),
            (m) => m.initialize
          ),
          () => {
            throw stop?.error ?? new DestroyedError()
          }
        )
  // Handled here so an app that never awaits `ready` gets a console error, not an unhandled rejection.
  ready.catch((error: unknown) => {
    if (stop === undefined) halt("error", error)
    if (!(stop?.error instanceof DestroyedError)) console.error("Airlock: initialisation failed", error)
  })

  // A stored session reconnects on start, without a prompt; `connecting` until it settles (bounded).
  ready.then(
    () => {
      const { accounts } = store.getSnapshot()
      const stored = (Object.keys(accounts) as Array<ChainNamespace>).filter(
        (namespace) => accounts[namespace].status !== "disconnected"
      )
      if (stored.length === 0) return
      background(
        flow(
          () => import("../flows/connection/index.ts"),
          (m) => Effect.forEach(stored, m.reconnect, { concurrency: "unbounded", discard: true })
        )
      )
    },
    () => {}
  )

  // What a server renders: the first snapshot built on a server's platform (no storage, colour scheme or user agent).
  // Built on the first call only, as browsers that never hydrate never ask.
  let serverSnapshot: AirlockState | undefined
  const getServerSnapshot = () => {
    if (serverSnapshot === undefined) {
      const state = firstState(options, Platform.makeServer(), invalid)
      serverSnapshot = seal === undefined ? state : seal(state)
    }
    return serverSnapshot
  }

  const subscriptions = new Set<() => void>()
  // Discovery runs from the start (EIP-6963 announcements come with the page): each adapter's connectors replace its
  // previous ones in the state, after their URLs are checked. Stopped by destroy().
  const discovered = new Map<AirlockAdapter, ReadonlyArray<Connector>>()
  for (const adapter of invalid ? [] : (options.adapters ?? [])) {
    const watchConnectors = adapter?.watchConnectors
    if (watchConnectors === undefined) continue
    try {
      const stopWatching = watchConnectors((connectors) => {
        discovered.set(adapter, connectors.map(sanitizeConnector))
        adapters.own(
          adapter,
          connectors.map((c) => c.id)
        )
        const all = [...discovered.values()].flat()
        store.update((state) => ({
          ...state,
          connectors: withExplorerIds(
            [...state.connectors.filter((c) => c.type === "AUTH" && !all.some((d) => d.id === c.id)), ...all],
            state.wallets
          ),
          hasInjectedWallet: all.some((c) => c.type === "INJECTED" || c.type === "ANNOUNCED")
        }))
      })
      subscriptions.add(stopWatching)
    } catch (error) {
      console.warn("Airlock: an adapter's wallet discovery failed", error)
    }
  }
  // The registry's lists arrive after discovery: match the browser wallets to their listings again when they do.
  subscriptions.add(
    store.watch(
      (state) => state.wallets,
      () =>
        store.update((state) => {
          const connectors = withExplorerIds(state.connectors, state.wallets)
          return connectors === state.connectors ? state : { ...state, connectors }
        })
    )
  )
  const track = (unsubscribe: () => void) => {
    subscriptions.add(unsubscribe)
    return () => {
      subscriptions.delete(unsubscribe)
      unsubscribe()
    }
  }

  const client: AirlockClient = {
    open: (parameters = {}) => {
      if (stop !== undefined) return Promise.reject(stop.error)
      const before = store.getSnapshot()
      const { view, namespace, data } = parameters
      if (view !== undefined && !isViewEnabled(view, before.features)) {
        console.warn(`Airlock: the ${view} view is off (its feature is disabled)`)
        return Promise.resolve()
      }
      // The view is applied in this tick, before any chunk loads; the namespace switch and events follow.
      const result = openRouter(
        before.modal,
        routerContext(before, routerOptions, namespace ?? before.activeNamespace),
        {
          ...(view === undefined ? {} : { view }),
          ...(namespace === undefined ? {} : { namespace }),
          ...(data === undefined ? {} : { params: data as never })
        }
      )
      store.update((state) => ({ ...state, modal: result.state }))
      // Connect is where a wallet is chosen next: its adapters' code and the connect flow load now, not on the click.
      if (result.state.view === "Connect") {
        background(adapters.loadAll())
        background(import("../flows/connection/index.ts"))
      }
      return flow(
        () => import("../flows/modal/index.ts"),
        (m) => m.settleOpen(result, before)
      )
    },
    close: () => {
      if (stop !== undefined) return Promise.reject(stop.error)
      const before = store.getSnapshot()
      const result = closeRouter(before.modal, routerContext(before, routerOptions))
      store.update((state) => ({ ...state, modal: result.state }))
      return flow(
        () => import("../flows/modal/index.ts"),
        (m) => m.settleNavigation(result, before.modal.open)
      )
    },
    push: (view, ...rest) => {
      if (stop !== undefined) return
      const [data] = rest
      store.update((state) =>
        // SPEC §2: feature views exist only while their feature is on.
        isViewEnabled(view, state.features) ? { ...state, modal: pushRouter(state.modal, view, data as never) } : state
      )
    },
    goBack: () => {
      if (stop !== undefined) return
      const before = store.getSnapshot()
      const result = goBackRouter(before.modal, routerContext(before, routerOptions))
      store.update((state) => ({ ...state, modal: result.state }))
      if (result.effects.length > 0 || (before.modal.open && !result.state.open)) {
        background(
          flow(
            () => import("../flows/modal/index.ts"),
            (m) => m.settleNavigation(result, before.modal.open)
          )
        )
      }
    },
    loadMoreWallets: () =>
      flow(
        () => import("../flows/remote/index.ts"),
        (m) => m.loadMoreWallets
      ),
    searchWallets: (text) =>
      flow(
        () => import("../flows/remote/index.ts"),
        (m) => m.searchWallets(text)
      ),
    getState: store.getSnapshot,
    getServerSnapshot,
    subscribe: (listener) => track(store.subscribe(listener)),
    watch: (selector, onChange, equals) => track(store.watch(selector, onChange, equals)),
    loadAdapter: (namespace) => (stop !== undefined ? Promise.reject(stop.error) : adapters.load(namespace)),
    switchNetwork: (network) =>
      flow(
        () => import("../flows/network/index.ts"),
        (m) => m.switchNetwork(network)
      ),
    connect: (connectorId, connectOptions) =>
      flow(
        () => import("../flows/connection/index.ts"),
        (m) => Effect.asVoid(m.connect(connectorId, connectOptions))
      ),
    request: (args, requestOptions) =>
      flow(
        () => import("../flows/connection/index.ts"),
        (m) => m.request(args, requestOptions?.namespace ?? store.getSnapshot().activeNamespace ?? "eip155")
      ),
    getProvider: async (namespace) => {
      if (stop !== undefined) throw stop.error
      const state = store.getSnapshot()
      const ns = namespace ?? state.activeNamespace
      const connectorId = ns === undefined ? undefined : state.activeConnectorIds[ns]
      if (ns === undefined || connectorId === undefined) return undefined
      const type = state.connectors.find((c) => c.id === connectorId)?.type
      const implementation = await adapters.loadFor(connectorId, ns)
      // A wallet core asks the user for (the embedded wallet) gets core's own provider: its requests pass
      // ApproveTransaction like `request`'s do.
      if (implementation?.approveInModal === true) {
        return (await import("../flows/approval/index.ts")).authProvider(client, ns)
      }
      const provider = await implementation?.getProvider?.(connectorId)
      // Apps sign through the provider (viem, wagmi) as often as through `request`: a WalletConnect wallet on a phone
      // is brought forward for those requests too. The connection flows are loaded already (they connected it).
      if (type !== "WALLET_CONNECT") return provider
      const { withWalletForward } = await import("../flows/connection/index.ts")
      return withWalletForward(provider, (method) =>
        flow(
          () => import("../flows/connection/index.ts"),
          (m) => m.bringWalletForward(method, connectorId)
        )
      )
    },
    disconnect: (namespace) =>
      flow(
        () => import("../flows/connection/index.ts"),
        (m) => m.disconnect(namespace)
      ),
    // Through the connection flows' chunk (which has the balance flow): a chunk of its own would split the shared
    // code of the first load into more files.
    refresh: (namespace, refreshOptions) =>
      flow(
        () => import("../flows/connection/index.ts"),
        (m) => m.refreshBalance(namespace ?? store.getSnapshot().activeNamespace ?? "eip155", refreshOptions ?? {})
      ),
    prepareSend: (form) =>
      flow(
        () => import("../flows/send/index.ts"),
        (m) => m.prepareSend(form)
      ),
    send: (preview) =>
      flow(
        () => import("../flows/send/index.ts"),
        (m) => m.executeSend(preview)
      ),
    loadNfts: (namespace, nftsOptions) =>
      flow(
        () => import("../flows/connection/index.ts"),
        (m) => m.fetchNfts(namespace ?? store.getSnapshot().activeNamespace ?? "eip155", nftsOptions ?? {})
      ),
    loadActivity: (namespace, activityOptions) =>
      flow(
        () => import("../flows/connection/index.ts"),
        (m) => m.fetchActivity(namespace ?? store.getSnapshot().activeNamespace ?? "eip155", activityOptions ?? {})
      ),
    setThemeMode: (mode) => {
      if (stop !== undefined) return
      store.update((state) => (state.themeMode === mode ? state : { ...state, themeMode: mode }))
    },
    shake: () => {
      if (stop !== undefined) return
      // On the client's runtime and in its scope: its clock (a TestClock in tests) times it, destroy() ends it.
      runtime.runFork(ClientScope.use((scope) => Effect.forkIn(shakeTimed(cell(store, "shake")), scope)))
    },
    showSnack: (message) => {
      if (stop !== undefined) return
      // Shown (after the 150 ms replacement gap when another is up), then hidden unless a newer one took its place.
      const program = flashSnack(cell(store, "snack"), message)
      runtime.runFork(ClientScope.use((scope) => Effect.forkIn(program, scope)))
    },
    ready,
    runtime,
    destroy: async () => {
      if (store.getSnapshot().status === "destroyed") return
      halt("destroyed", new DestroyedError())
      for (const unsubscribe of subscriptions) unsubscribe()
      subscriptions.clear()
      await runtime.dispose()
    }
  }
  return { client, store }
}
