import * as Effect from "effect/Effect"
import { flashSnack, type ShowSnackParameters, shake, snackOf } from "../../router/timings.ts"
import { ClientScope } from "../../state/ClientScope.ts"
import { StateStore } from "../../state/StateStore.ts"
import { cell } from "../../state/Store.ts"

/**
 * Shakes the modal for 500 ms, in the client's scope and on its clock (a TestClock in tests); `destroy()` ends it.
 * Returns once the shake started.
 */
export const shakeModal = Effect.gen(function* () {
  const store = yield* StateStore
  yield* Effect.forkIn(shake(cell(store, "shake")), yield* ClientScope)
})

/**
 * Shows a snack message (after the 150 ms replacement gap when another is up), then hides it unless a newer one took
 * its place. Returns once it is scheduled.
 */
export const showSnackMessage = (parameters: ShowSnackParameters) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    yield* Effect.forkIn(flashSnack(cell(store, "snack"), snackOf(parameters)), yield* ClientScope)
  })
