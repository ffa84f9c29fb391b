import * as Effect from "effect/Effect"
import { type RouterResult, runRouterEffects } from "../../router/index.ts"
import type { OpenParameters } from "../../router/requests.ts"
import { Options } from "../../services/Options.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { isConnected } from "../../state/routerContext.ts"
import { StateStore } from "../../state/StateStore.ts"
import { cancelPairing } from "../connection/pairing.ts"
import { track } from "../events/track.ts"
import { warnWithoutWalletConnect } from "../remote/wallets.ts"
import { applyClose } from "./close.ts"
import { apply, handlers } from "./effects.ts"
import { applyOpen } from "./open.ts"

/**
 * What follows an open the client applied synchronously (SPEC §2): the namespace switch and other router effects,
 * then MODAL_OPEN when the modal was closed before.
 */
export const settleOpen = Effect.fn("settleOpen")(function* (result: RouterResult, before: AirlockState) {
  yield* runRouterEffects(result.effects, handlers)
  if (result.state.view === "Connect") yield* warnWithoutWalletConnect
  if (!before.modal.open) yield* track("MODAL_OPEN", { connected: isConnected(before) })
})

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

/** Opens the modal from a flow, as the client's `open` does: the view at once, then what follows it. */
export const openModal = (parameters: OpenParameters = {}) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const before = store.getSnapshot()
    const result = applyOpen(store, yield* Options, parameters)
    if (result !== undefined) yield* settleOpen(result, before)
  }).pipe(Effect.withSpan("openModal"))

/** Closes the modal from a flow, as the client's `close` does. */
export const closeModal = Effect.gen(function* () {
  const store = yield* StateStore
  const wasOpen = store.getSnapshot().modal.open
  yield* settleNavigation(applyClose(store, yield* Options), wasOpen)
}).pipe(Effect.withSpan("closeModal"))
