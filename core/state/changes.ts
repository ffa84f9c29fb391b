import * as Effect from "effect/Effect"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"
import type { Store } from "./Store.ts"

/** The store's states as a Stream: the current one first, then every change. */
export const changes = <S>(store: Store<S>): Stream.Stream<S> =>
  Stream.callback<S>((queue) =>
    Effect.acquireRelease(
      Effect.sync(() => {
        Queue.offerUnsafe(queue, store.getSnapshot())
        return store.subscribe((state) => {
          Queue.offerUnsafe(queue, state)
        })
      }),
      (unsubscribe) => Effect.sync(unsubscribe)
    )
  )
