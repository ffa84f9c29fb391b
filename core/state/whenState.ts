import * as Effect from "effect/Effect"
import type { AirlockState } from "./AirlockState.ts"
import { StateStore } from "./StateStore.ts"

/** Resolves with what `pick` finds in the state, now or at the first change where it finds something. */
export const whenState = <A>(pick: (state: AirlockState) => A | undefined) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    return yield* Effect.callback<A>((resume) => {
      const now = pick(store.getSnapshot())
      if (now !== undefined) return resume(Effect.succeed(now))
      const unsubscribe = store.subscribe((state) => {
        const found = pick(state)
        if (found === undefined) return
        unsubscribe()
        resume(Effect.succeed(found))
      })
      return Effect.sync(unsubscribe)
    })
  })
