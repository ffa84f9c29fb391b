import * as Effect from "effect/Effect"
import type { AdapterLoadError } from "../adapter/AdapterLoadError.ts"
import { Adapters } from "../adapter/Adapters.ts"
import type { ChainError, ConnectionError } from "../errors/catalogue.ts"
import {
  close as closeRouter,
  isViewEnabled,
  open as openRouter,
  type RouterEffectHandlers,
  type RouterResult,
  runRouterEffects,
  type View
} from "../router/index.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import type { Analytics } from "../services/Analytics.ts"
import type { BlockchainApi } from "../services/BlockchainApi.ts"
import { Options } from "../services/Options.ts"
import type { Storage } from "../services/Storage.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import { ClientScope } from "../state/ClientScope.ts"
import { isConnected, routerContext } from "../state/routerContext.ts"
import { StateStore } from "../state/StateStore.ts"
import { track } from "./events.ts"
import { switchNamespace } from "./network.ts"

export { isConnected, routerContext }

const reloadAuthConnector = Effect.gen(function* () {
  const store = yield* StateStore
  const adapters = yield* Adapters
  for (const connector of store.getSnapshot().connectors) {
    if (connector.type !== "AUTH") continue
    const implementation = yield* adapters.loadFor(connector.id, connector.chain)
    const reload = implementation?.reloadConnector
    if (reload !== undefined) yield* Effect.promise(async () => reload(connector.id))
  }
}).pipe(Effect.catch((error) => Effect.logWarning("Airlock: the auth connector did not reload", error)))

const clearFarcasterUrl = Effect.gen(function* () {
  const store = yield* StateStore
  store.update((state) => {
    const namespace = state.activeNamespace
    if (namespace === undefined || state.accounts[namespace].farcasterUrl === undefined) return state
    const { farcasterUrl: _, ...account } = state.accounts[namespace]
    return { ...state, accounts: { ...state.accounts, [namespace]: account } }
  })
})

const handlers: RouterEffectHandlers<
  ChainError | ConnectionError | AdapterLoadError,
  StateStore | Storage | Adapters | BlockchainApi | Analytics | ClientScope
> = {
  switchNamespace,
  clearFarcasterUrl,
  reloadAuthConnector
}

/** Applies a router transition and runs its effects; delayed effects run in the background. */
const apply = (result: RouterResult) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    store.update((state) => (state.modal === result.state ? state : { ...state, modal: result.state }))
    if (result.effects.length === 0) return
    const [now, later] = [
      result.effects.filter((e) => e._tag !== "ReloadAuthConnector"),
      result.effects.filter((e) => e._tag === "ReloadAuthConnector")
    ]
    yield* runRouterEffects(now, handlers)
    if (later.length > 0) yield* Effect.forkIn(runRouterEffects(later, handlers), yield* ClientScope)
  })

/**
 * Closing the modal while a pairing is offered gives it up (SPEC §4 WalletConnect reset): the adapter aborts the
 * pairing, whose pending connect then rejects and puts the namespace back as it was; the URI goes at once.
 */
const cancelPairing = Effect.gen(function* () {
  const store = yield* StateStore
  const state = store.getSnapshot()
  if (state.walletConnect.uri === undefined) return
  store.update((s) => ({
    ...s,
    walletConnect: { ...s.walletConnect, uri: undefined, expiry: undefined, wallet: undefined }
  }))
  const adapters = yield* Adapters
  for (const connector of state.connectors.filter((c) => c.type === "WALLET_CONNECT")) {
    const implementation = yield* adapters.loadFor(connector.id, connector.chain)
    yield* Effect.sync(() => implementation?.cancelConnect?.(connector.id))
  }
}).pipe(Effect.catch((error) => Effect.logWarning("Airlock: the pairing could not be given up", error)))

/**
 * What follows an open the client applied synchronously (SPEC §2): the namespace switch and other router effects,
 * then MODAL_OPEN when the modal was closed before.
 */
export const settleOpen = Effect.fn("settleOpen")(function* (result: RouterResult, before: AirlockState) {
  yield* runRouterEffects(result.effects, handlers)
  if (!before.modal.open) yield* track("MODAL_OPEN", { connected: isConnected(before) })
})

/** Opens the modal (SPEC §2) as one Effect, for Effect users; the client applies the view at once instead. */
export const openModal = Effect.fn("openModal")(function* (request: {
  readonly view?: View | undefined
  readonly namespace?: ChainNamespace | undefined
  readonly data?: unknown
}) {
  const store = yield* StateStore
  const options = yield* Options
  const state = store.getSnapshot()
  if (request.view !== undefined && !isViewEnabled(request.view, state.features)) {
    return yield* Effect.logWarning(`Airlock: the ${request.view} view is off (its feature is disabled)`)
  }
  const result = openRouter(state.modal, routerContext(state, options, request.namespace ?? state.activeNamespace), {
    ...(request.view === undefined ? {} : { view: request.view }),
    ...(request.namespace === undefined ? {} : { namespace: request.namespace }),
    ...(request.data === undefined ? {} : { params: request.data as never })
  })
  yield* apply({ state: result.state, effects: [] })
  yield* settleOpen(result, state)
})

/** Closes the modal; the stack resets to Connect (or to the home view in embedded mode). */
export const closeModal = Effect.gen(function* () {
  const store = yield* StateStore
  const options = yield* Options
  const state = store.getSnapshot()
  yield* apply(closeRouter(state.modal, routerContext(state, options)))
  if (state.modal.open && !options.embedded) yield* track("MODAL_CLOSE", { connected: isConnected(state) })
}).pipe(Effect.withSpan("closeModal"))

/**
 * What follows a navigation the client applied synchronously (back): the router's effects, and MODAL_CLOSE when it
 * closed the modal.
 */
export const settleNavigation = (result: RouterResult, wasOpen: boolean) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const options = yield* Options
    yield* apply({ state: store.getSnapshot().modal, effects: result.effects })
    if (wasOpen && !result.state.open && !options.embedded) {
      yield* cancelPairing
      yield* track("MODAL_CLOSE", { connected: isConnected(store.getSnapshot()) })
    }
  }).pipe(Effect.withSpan("settleNavigation"))
