import * as Effect from "effect/Effect"
import type { AlertError } from "../errors/alerts.ts"
import { alertOf } from "../state/alert.ts"
import { StateStore } from "../state/StateStore.ts"

/** Shows an APKT alert on the modal and logs it for developers. */
export const showAlert = (error: AlertError, variant: "error" | "warning" | "info" = "error") =>
  Effect.gen(function* () {
    const store = yield* StateStore
    store.update((state) => ({ ...state, alert: alertOf(error, variant) }))
    yield* Effect.logWarning(error.message)
  })
