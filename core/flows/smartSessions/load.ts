import * as Effect from "effect/Effect"
import { BlockchainApi } from "../../services/BlockchainApi.ts"
import { StateStore } from "../../state/StateStore.ts"
import { smartSessionsAddress } from "../../state/smartSessions.ts"
import { updateSmartSessions } from "./slice.ts"

/**
 * Loads the connected smart account's sessions (`GET /v1/sessions/{address}`, with the API client's timeout and
 * schema decode) into the slice. Does nothing unless the `smartSessions` feature is on and the embedded wallet's
 * smart account is connected; a failure (the network, a malformed answer) leaves the list it had and sets `error`.
 */
export const loadSmartSessions = Effect.gen(function* () {
  const store = yield* StateStore
  const address = smartSessionsAddress(store.getSnapshot())
  if (address === undefined) return
  const api = yield* BlockchainApi
  updateSmartSessions(store, address, (slice) => ({
    address,
    sessions: slice?.sessions ?? [],
    status: "loading",
    revoking: slice?.revoking,
    error: undefined
  }))
  yield* api.getSessions(address).pipe(
    Effect.tap((sessions) =>
      Effect.sync(() =>
        updateSmartSessions(store, address, (slice) => ({
          address,
          sessions,
          status: "ready",
          revoking: slice?.revoking,
          error: undefined
        }))
      )
    ),
    Effect.tapError(() =>
      Effect.sync(() =>
        updateSmartSessions(store, address, (slice) => ({
          address,
          sessions: slice?.sessions ?? [],
          status: "failed",
          revoking: slice?.revoking,
          error: { id: "sessions.loadFailed" }
        }))
      )
    )
  )
}).pipe(Effect.withSpan("smartSessions.load"))
