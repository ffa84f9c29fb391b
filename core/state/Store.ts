import * as Effect from "effect/Effect"
import type { Cell } from "../router/timings.ts"

/** Compares two selected values; `Object.is` by default, so structurally shared snapshots compare by reference. */
export type Equals<A> = (a: A, b: A) => boolean

/**
 * An immutable-snapshot store: `getSnapshot` is synchronous (what React's `useSyncExternalStore` needs), updates
 * notify listeners synchronously and in order. Snapshots are never mutated; an update that returns the same object
 * notifies nobody.
 */
export interface Store<S> {
  getSnapshot(): S
  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: (state: S, previous: S) => void): () => void
  /** Calls `onChange` when `selector`'s result changes (by `equals`, default `Object.is`). */
  watch<A>(selector: (state: S) => A, onChange: (value: A, previous: A) => void, equals?: Equals<A>): () => void
  /** Replaces the state with `f(state)`. */
  update(f: (state: S) => S): void
}

/**
 * Creates a {@link Store} holding `initial`. `seal` sees every snapshot before anyone else (the client passes
 * `deepFreeze` outside production).
 *
 * Listeners are app code: one that throws is reported on the console and does not stop the others or the action
 * that changed the state. An update made by a listener is delivered after the current one has reached every
 * listener, so every listener sees the changes in the order they happened.
 *
 * @example
 * ```ts
 * import { makeStore } from "./Store.ts"
 * const store = makeStore({ count: 0 })
 * store.subscribe((state) => console.log(state.count))
 * store.update((state) => ({ ...state, count: state.count + 1 }))
 * ```
 */
export const makeStore = <S>(initial: S, options: { readonly seal?: ((state: S) => S) | undefined } = {}): Store<S> => {
  const seal = options.seal ?? ((state: S) => state)
  let snapshot = seal(initial)
  const listeners = new Set<(state: S, previous: S) => void>()
  const pending: Array<readonly [S, S]> = []
  let notifying = false
  const store: Store<S> = {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    watch(selector, onChange, equals = Object.is) {
      let current = selector(snapshot)
      return store.subscribe((state) => {
        const next = selector(state)
        if (equals(next, current)) return
        const previous = current
        current = next
        onChange(next, previous)
      })
    },
    update(f) {
      const previous = snapshot
      const next = f(previous)
      if (next === previous) return
      snapshot = seal(next)
      pending.push([next, previous])
      if (notifying) return
      notifying = true
      try {
        for (let change = pending.shift(); change !== undefined; change = pending.shift()) {
          for (const listener of [...listeners]) {
            try {
              listener(change[0], change[1])
            } catch (error) {
              console.error("Airlock: a state listener threw", error)
            }
          }
        }
      } finally {
        notifying = false
      }
    }
  }
  return store
}

/**
 * A {@link Cell} over the slice `key` of a store's state. Updates are synchronous, so `modify` is atomic.
 *
 * @example
 * ```ts
 * import { cell, makeStore } from "./Store.ts"
 * const store = makeStore({ shake: false })
 * const shaking = cell(store, "shake")
 * ```
 */
export const cell = <S, K extends keyof S>(store: Store<S>, key: K): Cell<S[K]> => {
  const write = (value: S[K]) =>
    store.update((state) => (Object.is(state[key], value) ? state : { ...state, [key]: value }))
  return {
    get: Effect.sync(() => store.getSnapshot()[key]),
    set: (value) => Effect.sync(() => write(value)),
    update: (f) => Effect.sync(() => write(f(store.getSnapshot()[key]))),
    modify: (f) =>
      Effect.sync(() => {
        const [result, next] = f(store.getSnapshot()[key])
        write(next)
        return result
      })
  }
}
