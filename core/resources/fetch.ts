/**
 * Fetching a resource of the shared model (`resource.ts`): fresh data is answered from the state without a request,
 * one request runs per key at a time (a second caller waits for it), a failure keeps the older data and blocks a new
 * request for the retry delay, and a refetch shares every unchanged part with the data it replaces.
 */
import * as Cause from "effect/Cause"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import type { AirlockState } from "../state/AirlockState.ts"
import type { ResourceEntry, ResourceError } from "../state/ResourceEntry.ts"
import { StateStore } from "../state/StateStore.ts"
import { replaceEqualDeep } from "./resource.ts"

/** What {@link fetchResource} needs. */
export interface FetchResourceOptions<A, E, R> {
  readonly key: string
  /** How long data stays fresh, in ms. */
  readonly lifetime: number
  /** After a failure, how long no new request is made, in ms. @default 0 */
  readonly retryAfter?: number | undefined
  /** Fetch even when the data is fresh or a failure is recent (after a send, a pull to refresh). */
  readonly force?: boolean | undefined
  readonly load: Effect.Effect<A, E, R>
}

const errorOf = (error: unknown): ResourceError => {
  if (typeof error === "object" && error !== null) {
    const { _tag, name, shortMessage, message } = error as Record<string, unknown>
    return {
      name: String(_tag ?? name ?? "Error"),
      message: String(shortMessage ?? message ?? "Something went wrong")
    }
  }
  return { name: "Error", message: String(error) }
}

const entryOf = <A>(state: AirlockState, key: string): ResourceEntry<A> | undefined =>
  state.resources[key] as ResourceEntry<A> | undefined

const write = <A>(key: string, f: (entry: ResourceEntry<A> | undefined) => ResourceEntry<A>) =>
  Effect.map(StateStore, (store) =>
    store.update((state) => ({ ...state, resources: { ...state.resources, [key]: f(entryOf<A>(state, key)) } }))
  )

/** Resolves once the entry of `key` is no longer being fetched, with that entry. */
const settled = <A>(key: string) =>
  Effect.flatMap(StateStore, (store) =>
    Effect.callback<ResourceEntry<A> | undefined>((resume) => {
      const now = entryOf<A>(store.getSnapshot(), key)
      if (now?.fetching !== true) return resume(Effect.succeed(now))
      const unsubscribe = store.subscribe((state) => {
        const entry = entryOf<A>(state, key)
        if (entry?.fetching === true) return
        unsubscribe()
        resume(Effect.succeed(entry))
      })
      return Effect.sync(unsubscribe)
    })
  )

/**
 * The resource of `key`: from the state while fresh (no request), else fetched once (callers asking meanwhile wait
 * for that fetch). Never fails: a failure is the entry's `error` (older data kept).
 *
 * @example
 * ```ts
 * const entry = yield* fetchResource({ key: "tokens|eip155:1|0xabc", lifetime: 30_000, load: Effect.succeed([]) })
 * entry?.status // "success"
 * ```
 */
export const fetchResource = <A, E, R>(
  options: FetchResourceOptions<A, E, R>
): Effect.Effect<ResourceEntry<A> | undefined, never, StateStore | R> =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const { key } = options
    const now = yield* Clock.currentTimeMillis
    const current = entryOf<A>(store.getSnapshot(), key)
    if (current?.fetching === true) return yield* settled<A>(key)
    if (options.force !== true && current !== undefined) {
      if (current.status === "success" && now - (current.updatedAt ?? 0) < options.lifetime) return current
      const retryAfter = options.retryAfter ?? 0
      if (current.status === "error" && now - (current.failedAt ?? 0) < retryAfter) return current
    }
    yield* write<A>(key, (entry) => ({ status: "pending", ...entry, fetching: true }))
    const exit = yield* Effect.exit(options.load).pipe(
      // An interrupted fetch (the client destroyed, the account gone) leaves the entry as it was, not fetching.
      Effect.onInterrupt(() => write<A>(key, (entry) => ({ status: "pending", ...entry, fetching: false })))
    )
    const at = yield* Clock.currentTimeMillis
    yield* write<A>(key, (entry) =>
      Exit.isSuccess(exit)
        ? { status: "success", data: replaceEqualDeep(entry?.data, exit.value), updatedAt: at, fetching: false }
        : {
            status: "error",
            ...(entry?.data === undefined ? {} : { data: entry.data, updatedAt: entry.updatedAt }),
            error: errorOf(Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined),
            failedAt: at,
            fetching: false
          }
    )
    return entryOf<A>(store.getSnapshot(), key)
  })
