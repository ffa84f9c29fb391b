/**
 * How the client's actions run, and how the client stops: each async action loads its flow module and runs it on the
 * runtime; once the client stopped (refused options, or `destroy()`), every action rejects with that error and the
 * sync ones do nothing.
 * @module
 */
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type { CoreServices } from "../adapter/CoreServices.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import type { Store } from "../state/Store.ts"
import { DestroyedError } from "./DestroyedError.ts"
import { stopped } from "./firstState.ts"
import type { AirlockRuntime } from "./types.ts"

/**
 * Turns a failed Effect into a rejected Promise carrying the Airlock error itself, not a wrapper. An action that
 * `destroy()` interrupted settles through `onInterrupt`.
 */
const run = <A, E>(
  runtime: AirlockRuntime,
  effect: Effect.Effect<A, E, CoreServices>,
  onInterrupt: () => A,
  onDefect: (defect: unknown) => void
) =>
  runtime.runPromiseExit(effect).then((exit): A => {
    if (Exit.isSuccess(exit)) return exit.value
    const failure = exit.cause.reasons.find((reason) => reason._tag === "Fail")
    if (failure?._tag === "Fail") throw failure.error
    if (Cause.hasInterruptsOnly(exit.cause)) return onInterrupt()
    // A defect is a bug, not a refusal or a failed request: it is reported (SPEC §7's error event).
    const die = exit.cause.reasons.find((reason) => reason._tag === "Die")
    if (die?._tag === "Die") onDefect(die.defect)
    throw new Error(String(exit.cause))
  })

/** The client's running state, shared by its actions. */
export interface Lifecycle {
  /** The error the client stopped with, once it stopped. */
  readonly stopError: () => { readonly error: unknown } | undefined
  /** Stops the client (the first error wins) and puts the state in `status`. */
  readonly halt: (status: "error" | "destroyed", error: unknown) => void
  /**
   * Loads a flow module and runs the Effect `f` makes of it. Rejects with the stop error once stopped. An action
   * `destroy()` interrupts settles quietly (`undefined`): a `void airlock.open()` in a click handler must not turn
   * into an unhandled rejection.
   */
  readonly flow: <M, A, E>(load: () => Promise<M>, f: (module: M) => Effect.Effect<A, E, CoreServices>) => Promise<A>
  /**
   * Like {@link Lifecycle.flow}, but the flow starts on a later task even when its module is loaded: what follows a
   * navigation the client already drew (analytics, router effects) must not hold back that frame's paint.
   */
  readonly flowAfter: <M, A, E>(
    load: () => Promise<M>,
    f: (module: M) => Effect.Effect<A, E, CoreServices>
  ) => Promise<A>
  /** Runs `action` on a later task, after the frame in progress; destroyed meanwhile, it settles quietly. */
  readonly afterTask: <A>(action: () => Promise<A>) => Promise<A>
  /** Like {@link Lifecycle.flow}, but interrupted by `destroy()` it rejects with the `DestroyedError`. */
  readonly flowOrDestroyed: <M, A, E>(
    load: () => Promise<M>,
    f: (module: M) => Effect.Effect<A, E, CoreServices>
  ) => Promise<A>
  /** Logs a background task's failure (unless the client stopped meanwhile). */
  readonly background: (promise: Promise<unknown>) => void
  /** Keeps an unsubscribe function until `destroy()`; the returned function removes and calls it. */
  readonly own: (unsubscribe: () => void) => () => void
  /** Halts with a `DestroyedError`, unsubscribes everything, then disposes of the runtime. */
  readonly destroy: () => Promise<void>
}

/**
 * The lifecycle of a client over `runtime` and `store`, stopped from the start when `invalid` is given. `onDefect`
 * reports each action that died of a defect (an unexpected error), before the action rejects: one report at a time,
 * so a report that itself dies (core's part failed to load) is not reported again, in a loop; its failure is logged.
 */
export const makeLifecycle = (
  runtime: AirlockRuntime,
  store: Store<AirlockState>,
  invalid: unknown | undefined,
  onDefect: (defect: unknown) => Promise<unknown> = () => Promise.resolve()
): Lifecycle => {
  let stop: { readonly error: unknown } | undefined = invalid === undefined ? undefined : { error: invalid }
  const subscriptions = new Set<() => void>()
  // Flow modules already loaded, by their loader: an action on one runs its flow at once, in the caller's task. Through
  // `Effect.promise` even a settled import resumed the fiber on a later task, which a busy page (a grid drawing its
  // images) held back by up to 130 ms: a search keystroke started its 300 ms wait that much late.
  const loaded = new WeakMap<() => Promise<unknown>, unknown>()
  const moduleOf = <M>(load: () => Promise<M>): Effect.Effect<M> =>
    loaded.has(load)
      ? Effect.succeed(loaded.get(load) as M)
      : Effect.promise(() =>
          load().then((module) => {
            loaded.set(load, module)
            return module
          })
        )
  let reporting = false
  const reportDefect = (defect: unknown) => {
    if (reporting) return
    reporting = true
    onDefect(defect)
      .catch((error: unknown) => {
        if (stop === undefined) console.error("Airlock:", error)
      })
      .finally(() => {
        reporting = false
      })
  }
  const halt = (status: "error" | "destroyed", error: unknown) => {
    stop ??= { error }
    store.update((state) => stopped(state, status, error))
  }
  const start = <M, A, E>(
    load: () => Promise<M>,
    f: (module: M) => Effect.Effect<A, E, CoreServices>,
    onInterrupt: () => A
  ): Promise<A> =>
    stop !== undefined
      ? Promise.reject(stop.error)
      : run(runtime, Effect.flatMap(moduleOf(load), f), onInterrupt, reportDefect)
  /**
   * Runs `action` on a later task (a timer, which the browser runs after the frame in progress is painted). Nothing
   * runs in the caller's task, not even a fiber's start: a click's handler returns at once. Destroyed meanwhile, it
   * settles quietly; stopped by an error, it rejects with it.
   */
  const afterTask = <A>(action: () => Promise<A>): Promise<A> =>
    stop !== undefined
      ? Promise.reject(stop.error)
      : new Promise<void>((resolve) => setTimeout(resolve, 0)).then(() =>
          stop === undefined
            ? action()
            : stop.error instanceof DestroyedError
              ? (undefined as A)
              : Promise.reject(stop.error)
        )
  /** An action `destroy()` interrupted settles quietly; any other interruption rejects. */
  const quietly = (): never => {
    if (stop?.error instanceof DestroyedError) return undefined as never
    throw stop?.error ?? new Error("Airlock: an action was interrupted")
  }
  return {
    stopError: () => stop,
    halt,
    flow: (load, f) => start(load, f, quietly),
    flowAfter: (load, f) => afterTask(() => start(load, f, quietly)),
    afterTask,
    flowOrDestroyed: (load, f) =>
      start(load, f, () => {
        throw stop?.error ?? new DestroyedError()
      }),
    background: (promise) => {
      promise.catch((error: unknown) => {
        if (stop === undefined) console.error("Airlock:", error)
      })
    },
    own: (unsubscribe) => {
      subscriptions.add(unsubscribe)
      return () => {
        subscriptions.delete(unsubscribe)
        unsubscribe()
      }
    },
    destroy: async () => {
      if (store.getSnapshot().status === "destroyed") return
      halt("destroyed", new DestroyedError())
      for (const unsubscribe of subscriptions) unsubscribe()
      subscriptions.clear()
      await runtime.dispose()
    }
  }
}
