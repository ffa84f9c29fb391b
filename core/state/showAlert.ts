import * as Effect from "effect/Effect"
import type { AlertError } from "../errors/alerts.ts"
import { nextAlert } from "./alert.ts"
import { StateStore } from "./StateStore.ts"

/** Shows an APKT alert on the modal (unless a more precise one is showing) and logs it for developers. */
export const showAlert = (error: AlertError, variant: "error" | "warning" | "info" = "error") =>
  Effect.gen(function* () {
    const store = yield* StateStore
    store.update((state) => ({ ...state, alert: nextAlert(state.alert, error, variant) }))
    yield* Effect.logWarning(error.message)
  })
