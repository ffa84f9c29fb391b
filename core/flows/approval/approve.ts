import * as Effect from "effect/Effect"
import { Adapters } from "../../adapter/Adapters.ts"
import { close, goBack, push, reset } from "../../router/index.ts"
import { requestSummary } from "../../rules/requestSummary.ts"
import { USER_REJECTED } from "../../rules/walletErrors.ts"
import { Options } from "../../services/Options.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { routerContext } from "../../state/routerContext.ts"
import { StateStore } from "../../state/StateStore.ts"

/** The refusal a dapp gets when the user rejects (or walks away from) a request: EIP-1193's 4001. */
export const userRejected = (): Error & { readonly code: number } =>
  Object.assign(new Error("User rejected the request."), { code: USER_REJECTED })

/** A request id: 16 random hex characters. */
const newId = (): string =>
  Array.from(globalThis.crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("")

/** True while the modal shows (or holds in its history) the ApproveTransaction of request `id`. */
export const showing = (state: AirlockState, id: string): boolean =>
  state.modal.open &&
  state.modal.history.includes("ApproveTransaction") &&
  state.modal.data.ApproveTransaction?.id === id

/** Pops the request's view, or closes the modal when the request opened it (SPEC §4). */
const leave = (id: string, openedForIt: boolean) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const options = yield* Options
    store.update((state) => {
      if (!showing(state, id) || state.modal.view !== "ApproveTransaction") return state
      const ctx = routerContext(state, options)
      return { ...state, modal: (openedForIt ? close(state.modal, ctx) : goBack(state.modal, ctx)).state }
    })
  })

/** Shows the view of `params` on top of the open modal, or opens the modal on it. Returns whether it opened it. */
export const show = (params: NonNullable<AirlockState["modal"]["data"]["ApproveTransaction"]>) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const openedForIt = !store.getSnapshot().modal.open
    store.update((state) => ({
      ...state,
      modal: state.modal.open
        ? push(state.modal, "ApproveTransaction", params)
        : { ...reset(state.modal, "ApproveTransaction", params), open: true }
    }))
    return openedForIt
  })

/**
 * Runs `send` once the user approves the request in ApproveTransaction; fails with {@link userRejected} when they
 * reject it, close the modal or leave the view. The view goes once the request settled, either way.
 */
export const withApproval = <A, E, R>(
  args: { readonly method: string; readonly params?: unknown },
  send: Effect.Effect<A, E, R>
) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const adapters = yield* Adapters
    const id = newId()
    const openedForIt = yield* show({
      id,
      method: args.method.slice(0, 100),
      ...requestSummary(args.method, args.params)
    })
    const approved = yield* Effect.callback<boolean>((resume) => {
      let done = false
      let unsubscribe = () => {}
      const finish = (answer: boolean) => {
        if (done) return
        done = true
        adapters.approvals.delete(id)
        unsubscribe()
        resume(Effect.succeed(answer))
      }
      adapters.approvals.set(id, finish)
      // Closing the modal or leaving the view is a refusal.
      unsubscribe = store.subscribe((state) => {
        if (!showing(state, id)) finish(false)
      })
      if (!showing(store.getSnapshot(), id)) finish(false)
      return Effect.sync(() => finish(false))
    })
    if (!approved) {
      yield* leave(id, openedForIt)
      return yield* Effect.fail(userRejected())
    }
    return yield* send.pipe(Effect.ensuring(leave(id, openedForIt)))
  })

/**
 * Answers the request waiting in ApproveTransaction as `id` (the view's Approve and Reject); an unknown id does
 * nothing.
 */
export const answerApproval = (id: string, approved: boolean) =>
  Effect.gen(function* () {
    const adapters = yield* Adapters
    adapters.approvals.get(id)?.(approved)
  })
