import * as Effect from "effect/Effect"
import { makeAdapterRegistry } from "../adapter/adapterRegistry.ts"
import { startDiscovery } from "../flows/connection/discovery.ts"
import { makeLocaleSetter } from "../flows/i18n/locale.ts"
import { applyBack } from "../flows/modal/back.ts"
import { applyClose } from "../flows/modal/close.ts"
import { shakeModal, showSnackMessage } from "../flows/modal/feedback.ts"
import { applyOpen } from "../flows/modal/open.ts"
import { applyPush } from "../flows/modal/push.ts"
import * as sendForm from "../flows/send/form.ts"
import type { AirlockOptions } from "../options/AirlockOptions.ts"
import { readOptions } from "../options/checkOptions.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import { Platform } from "../services/Platform.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import { nextAlert } from "../state/alert.ts"
import { selectConnections } from "../state/connections.ts"
import { subscribeEvents } from "../state/events.ts"
import type { RouterOptions } from "../state/routerContext.ts"
import { makeStore, type Store } from "../state/Store.ts"
import { DestroyedError } from "./DestroyedError.ts"
import { firstState, localeToLoad, seal, serverSnapshotOf } from "./firstState.ts"
import { lazyPartFor } from "./lazyPart.ts"
import { makeLifecycle } from "./lifecycle.ts"
import { type AirlockServices, makeRuntime } from "./runtime.ts"
import { startSiwx } from "./siwxStart.ts"
import type { AirlockClient } from "./types.ts"

export type { AirlockServices } from "./runtime.ts"

const ignore = (): void => undefined

/** Core's wallets part (the headless wallet list's flows), fetched on its first use. */
const walletsPart = () => import("./wallets.ts")
/** Core's multi-wallet part (switching, disconnecting one, adding a connection), fetched on its first use. */
const multiWalletPart = () => import("./multiWallet.ts")

/**
 * Creates an Airlock client: checks the options, builds the services, reads the stored session and the remote
 * project config in the background, and returns the public client.
 *
 * It never throws. Invalid options (e.g. 'Cannot set both `siweConfig` and `siwx` options', `projectId: 42`, `null`,
 * an option whose getter throws, `adapters: [null]`, a `defaultNetwork` not in `networks`) put the client in status
 * `error`: `ready` and every action reject with the `OptionsError`, whose `path` names the
 * option.
 *
 * @example
 * ```ts
 * import { createAirlock } from "airlock-kit"
 * import { mainnet } from "airlock-kit/networks"
 * const endpoints = { walletApi: "http://127.0.0.1:4400", blockchainApi: "http://127.0.0.1:4400" }
 * const airlock = createAirlock({ projectId: "airlock-demo", networks: [mainnet], endpoints })
 * await airlock.open()
 * ```
 */
export const createAirlock = (options: AirlockOptions, services: AirlockServices = {}): AirlockClient =>
  makeAirlock(options, services).client

/** Builds the client and hands back its store too (for `airlock-kit/testing`, which lets tests set any state). */
export const makeAirlock = (
  raw: AirlockOptions,
  services: AirlockServices = {}
): { readonly client: AirlockClient; readonly store: Store<AirlockState> } => {
  const platform = services.platform ?? (typeof window === "undefined" ? Platform.makeServer() : Platform.makeBrowser())
  // Read once: later code never runs the app's getters, and `null` options are refused like any invalid ones.
  const { options, unreadable } = readOptions(raw)
  const { state: first, invalid } = firstState(options, platform, unreadable)
  const store = makeStore<AirlockState>(first, { seal })
  // Every flow and service, one chunk fetched right after start (a client whose options were refused never needs it).
  const lazy = lazyPartFor(store, invalid === undefined)
  const adapterList = invalid === undefined ? (options.adapters ?? []) : []
  const adapters = makeAdapterRegistry(adapterList, {
    projectId: typeof options.projectId === "string" ? options.projectId : undefined,
    networks: invalid ? [] : options.networks,
    metadata: invalid ? undefined : options.metadata,
    endpoints: invalid ? { walletApi: "", blockchainApi: "" } : options.endpoints,
    // The frame is a service of the runtime (an adapter's layer adds it); asked for once the runtime exists.
    frame: () => lazy().then((m) => m.frameClient(runtime))
  })
  const onAlert = (alert: Parameters<typeof nextAlert>[1]) =>
    store.update((state) => ({ ...state, alert: nextAlert(state.alert, alert) }))
  const runtime = makeRuntime({ options, store, platform, services, onAlert, adapters })
  const router: RouterOptions = {
    hasAdapters: adapterList.length > 0,
    manualWCControl: options.manualWCControl === true,
    embedded: options.enableEmbedded === true
  }
  // An action that died of a defect is reported as an INTERNAL_SDK_ERROR event (at most 5 a minute to the host).
  const life = makeLifecycle(runtime, store, invalid, (defect) => life.flow(lazy, (m) => m.events.reportError(defect)))
  const { flow, flowAfter, background } = life
  const active = (namespace: ChainNamespace | undefined) => namespace ?? store.getSnapshot().activeNamespace ?? "eip155"
  /** A sync action: nothing once the client stopped. */
  const live = (action: () => void) => {
    if (life.stopError() === undefined) action()
  }
  /** An async action that applies part of its work at once: a rejection once the client stopped. */
  const now = <A>(action: () => Promise<A>): Promise<A> => {
    const stop = life.stopError()
    return stop === undefined ? action() : Promise.reject(stop.error)
  }

  // `ready` never settles quietly: interrupted by destroy() it rejects with the DestroyedError.
  const ready = life.flowOrDestroyed(lazy, (m) => m.initialize)
  // Handled here so an app that never awaits `ready` gets a console error, not an unhandled rejection. A stored
  // session then reconnects, without a prompt; `connecting` until it settles (bounded).
  ready.then(
    () => background(flow(lazy, (m) => m.connection.reconnectStored)),
    (error: unknown) => {
      if (life.stopError() === undefined) life.halt("error", error)
      if (!(life.stopError()?.error instanceof DestroyedError)) console.error("Airlock: initialisation failed", error)
    }
  )

  // Discovery runs from the start: EIP-6963 announcements come with the page. Stopped by destroy().
  life.own(startDiscovery(adapterList, store, adapters))
  // A locale's texts come through core's lazy part: English is in it, each other locale is a chunk it fetches.
  const setLocale = makeLocaleSetter(store, (locale) =>
    lazy().then((m) => (locale === "en" ? m.english : m.loadLocale(locale)))
  )
  const startLocale = invalid === undefined ? localeToLoad(options, platform) : undefined
  if (startLocale !== undefined) background(setLocale(startLocale))
  // The Send form starts over when its view is left or its account or network changes.
  life.own(sendForm.watchSendContext(store))
  // Sign-in with the wallet follows the account, in core's SIWX part (fetched only with `siwx` or `siweConfig`).
  const siwx = invalid === undefined ? startSiwx(runtime, options, platform.origin) : undefined
  if (siwx !== undefined) background(siwx.then((started) => life.own(started.unwatch)))

  const client: AirlockClient = {
    open: (parameters = {}) =>
      now(() => {
        const before = store.getSnapshot()
        const result = applyOpen(store, router, parameters)
        if (result === undefined) return Promise.resolve()
        // All after the frame that shows the modal. Where a wallet is chosen next: its adapters' code loads,
        // WalletConnect pairs ahead (closing gives it up).
        const { view } = result.state
        return life.afterTask(() => {
          if (view === "Connect") background(adapters.loadAll())
          if (view === "Connect" || view === "AllWallets") background(flow(lazy, (m) => m.connection.preparePairings))
          return flow(lazy, (m) => m.modal.settleOpen(result, before))
        })
      }),
    close: () =>
      now(() => {
        const wasOpen = store.getSnapshot().modal.open
        const result = applyClose(store, router)
        return flowAfter(lazy, (m) => m.modal.settleNavigation(result, wasOpen))
      }),
    push: (view, ...data) =>
      live(() => {
        applyPush(store, view, ...data)
        if (store.getSnapshot().modal.view === view) background(flowAfter(lazy, (m) => m.modal.trackPush(view)))
      }),
    goBack: () =>
      live(() => {
        const wasOpen = store.getSnapshot().modal.open
        const { result, settle } = applyBack(store, router)
        if (settle) background(flowAfter(lazy, (m) => m.modal.settleNavigation(result, wasOpen)))
      }),
    loadMoreWallets: () => flow(lazy, (m) => m.remote.loadMoreWallets),
    searchWallets: (text) => flow(lazy, (m) => m.remote.searchWallets(text)),
    loadWallets: () => flow(walletsPart, (m) => m.flows.loadWalletLists),
    connectWallet: (target) => flow(walletsPart, (m) => Effect.asVoid(m.flows.connectWallet(target))),
    cancelConnectWallet: () => flow(walletsPart, (m) => m.flows.cancelConnectWallet),
    getState: store.getSnapshot,
    getServerSnapshot: serverSnapshotOf(options, unreadable),
    subscribe: (listener) => life.own(store.subscribe(listener)),
    watch: (selector, onChange, equals) => life.own(store.watch(selector, onChange, equals)),
    subscribeEvents: (listener) => life.own(subscribeEvents(store, listener)),
    preload: () => now(() => adapters.loadAll()).then(ignore, ignore),
    loadAdapter: (namespace) => now(() => adapters.load(namespace)),
    switchNetwork: (network) => flow(lazy, (m) => m.network.switchNetwork(network)),
    chooseNetwork: (network) => flow(lazy, (m) => m.network.chooseNetwork(network)),
    connect: (connectorId, connectOptions) =>
      flow(lazy, (m) => Effect.asVoid(m.connection.connect(connectorId, connectOptions))),
    request: (args, requestOptions) => flow(lazy, (m) => m.connection.request(args, active(requestOptions?.namespace))),
    getProvider: (namespace) => flow(lazy, (m) => m.connection.getProvider(active(namespace), client)),
    disconnect: (namespace) => flow(lazy, (m) => m.connection.disconnect(namespace)),
    getConnections: (namespace) => selectConnections(store.getSnapshot(), namespace),
    switchConnection: (args) => flow(multiWalletPart, (m) => m.switchConnection(args)),
    disconnectConnection: (args) => flow(multiWalletPart, (m) => m.disconnectConnection(args)),
    addWallet: (namespace) => flow(multiWalletPart, (m) => m.addWallet(namespace)),
    refresh: (namespace, refreshOptions) =>
      flow(lazy, (m) => m.connection.refreshBalance(active(namespace), refreshOptions ?? {})),
    prepareSend: (form) => flow(lazy, (m) => m.send.prepareSend(form)),
    send: (preview) => flow(lazy, (m) => m.send.executeSend(preview)),
    loadNfts: (namespace, nftsOptions) =>
      flow(lazy, (m) => m.connection.fetchNfts(active(namespace), nftsOptions ?? {})),
    setSendToken: (token) => live(() => sendForm.setSendToken(store, token)),
    setSendAmount: (amount) => live(() => sendForm.setSendAmount(store, amount)),
    setSendReceiver: (receiver) => live(() => sendForm.setSendReceiver(store, receiver)),
    sendMax: () => flow(lazy, (m) => m.send.sendMax),
    previewSend: () => flow(lazy, (m) => m.send.previewSend),
    editSend: () => live(() => sendForm.editSend(store)),
    confirmSend: () => flow(lazy, (m) => m.send.confirmSend),
    resetSend: () => live(() => sendForm.resetSend(store)),
    loadActivity: (namespace, activityOptions) =>
      flow(lazy, (m) => m.connection.fetchActivity(active(namespace), activityOptions ?? {})),
    setLocale: (locale) => now(() => setLocale(locale)),
    setThemeMode: (mode) =>
      live(() => store.update((state) => (state.themeMode === mode ? state : { ...state, themeMode: mode }))),
    shake: () => live(() => void runtime.runFork(shakeModal)),
    showSnack: (message) => live(() => void runtime.runFork(showSnackMessage(message))),
    ready,
    runtime,
    destroy: life.destroy
  }
  return { client, store }
}
