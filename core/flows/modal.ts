import * as Effect from "effect/Effect"
import { Options } from "../client/Options.ts"
import {
  close as closeRouter,
  isViewEnabled,
  open as openRouter,
  type RouterResult,
  runRouterEffects,
  type View
} from "../router/index.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import { ClientScope } from "../state/ClientScope.ts"
import { isConnected, routerContext } from "../state/routerContext.ts"
import { StateStore } from "../state/StateStore.ts"
import { track } from "./events.ts"
import { switchNamespace } from "./network.ts"

export { isConnected, routerContext }

const reloadAuthConnector = Effect.gen(function* () {
  const store = yield* StateStore
  for (const connector of store.getSnapshot().connectors) {
    const provider = connector.provider as { reload?: () => unknown } | undefined
    if (connector.type === "AUTH" && typeof provider?.reload === "function") {
      yield* Effect.sync(() => provider.reload?.())
    }
  }
})

const clearFarcasterUrl = Effect.gen(function* () {
  const store = yield* StateStore
  store.update((state) => {
    const namespace = state.activeNamespace
    if (namespace === undefined || state.accounts[namespace].farcasterUrl === undefined) return state
    const { farcasterUrl: _, ...account } = state.accounts[namespace]
    return { ...state, accounts: { ...state.accounts, [namespace]: account } }
  })
})

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
    const handlers = { switchNamespace, clearFarcasterUrl, reloadAuthConnector }
    yield* runRouterEffects(now, handlers)
    if (later.length > 0) yield* Effect.forkIn(runRouterEffects(later, handlers), yield* ClientScope)
  })

/** Opens the modal (SPEC §2): switches namespace first when asked for another one, then picks the view. */
export const openModal = Effect.fn("openModal")(function* (request: {
  readonly view?: View | undefined
  readonly namespace?: ChainNamespace | undefined
  readonly data?: Readonly<Record<string, unknown>> | undefined
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
  // The namespace switch runs first so the view is chosen for the network the user asked for.
  yield* runRouterEffects(result.effects, { switchNamespace, clearFarcasterUrl, reloadAuthConnector })
  yield* apply({ state: result.state, effects: [] })
  if (!state.modal.open) yield* track("MODAL_OPEN", { connected: isConnected(state) })
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
      yield* track("MODAL_CLOSE", { connected: isConnected(store.getSnapshot()) })
    }
  }).pipe(Effect.withSpan("settleNavigation"))
