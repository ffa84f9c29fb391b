import * as Effect from "effect/Effect"
import { BlockchainApi } from "../../services/BlockchainApi.ts"
import { StateStore } from "../../state/StateStore.ts"
import { smartSessionsAddress } from "../../state/smartSessions.ts"
import { request } from "../connection/request.ts"
import { utf8Hex } from "../siwx/encode.ts"
import { loadSmartSessions } from "./load.ts"
import { updateSmartSessions } from "./slice.ts"

/** The revocation did not happen: the wallet gave no signature, or the API refused it. */
export class SmartSessionRevokeFailed extends Error {
  readonly _tag = "SmartSessionRevokeFailed"
}

/**
 * Revokes the session `pci` of the connected smart account; the user asked for it (Revoke), so nothing waits in
 * ApproveTransaction: the wallet signs the pci (`personal_sign`), takes the session key away on chain
 * (`wallet_revokePermissions` with `{ permissionsContext: pci }`), and the API records it
 * (`POST /v1/sessions/{address}/revoke`); the list is loaded again. A pci that is not an active session of the list
 * is ignored. On failure the slice's `error` says so and the call fails with the cause.
 */
export const revokeSmartSession = (pci: string) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const state = store.getSnapshot()
    const address = smartSessionsAddress(state)
    const slice = state.smartSessions
    const session = slice?.address === address ? slice?.sessions.find((s) => s.pci === pci) : undefined
    if (
      address === undefined ||
      slice?.revoking !== undefined ||
      session === undefined ||
      session.revokedAt !== undefined
    )
      return yield* Effect.logWarning(`Airlock: no active smart session ${pci.slice(0, 80)} to revoke`)
    const account = address.split(":")[2] ?? ""
    updateSmartSessions(store, address, (s) => (s === undefined ? s : { ...s, revoking: pci, error: undefined }))
    const run = Effect.gen(function* () {
      const signature = yield* request({ method: "personal_sign", params: [utf8Hex(pci), account] }, "eip155", {
        approved: true
      })
      if (typeof signature !== "string" || !/^0x[0-9a-fA-F]{62,}$/.test(signature))
        return yield* Effect.fail(new SmartSessionRevokeFailed("The wallet returned no signature"))
      yield* request({ method: "wallet_revokePermissions", params: [{ permissionsContext: pci }] }, "eip155", {
        approved: true
      })
      const api = yield* BlockchainApi
      const ok = yield* api.revokeSession({ address, pci, signature })
      if (!ok) return yield* Effect.fail(new SmartSessionRevokeFailed("The API did not revoke the session"))
    })
    yield* run.pipe(
      Effect.ensuring(
        Effect.sync(() =>
          updateSmartSessions(store, address, (s) => (s === undefined ? s : { ...s, revoking: undefined }))
        )
      ),
      Effect.tapError(() =>
        Effect.sync(() =>
          updateSmartSessions(store, address, (s) =>
            s === undefined ? s : { ...s, error: { id: "sessions.revokeFailed" } }
          )
        )
      )
    )
    yield* loadSmartSessions
  }).pipe(Effect.withSpan("smartSessions.revoke"))
