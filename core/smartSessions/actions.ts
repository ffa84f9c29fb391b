/**
 * `airlock-kit/smart-sessions`' actions for any renderer (the React one's SmartSessions view, or an app's own), on the first load
 * as a few lines each: each runs core's smart-sessions flow (core's smart-sessions part, fetched on the first call) on
 * the client's runtime. `selectSmartSessions(state)` gives what to draw.
 * @module
 */
import type * as Effect from "effect/Effect"
import type { CoreServices } from "../adapter/CoreServices.ts"
import type { AirlockClient } from "../client/types.ts"

type Flows = typeof import("../flows/smartSessions/index.ts")

let loaded: Flows | undefined

const run = <A, E>(airlock: AirlockClient, f: (flows: Flows) => Effect.Effect<A, E, CoreServices>): Promise<A> =>
  loaded === undefined
    ? import("../client/smartSessions.ts").then((m) => {
        loaded = m.flows
        return airlock.runtime.runPromise(f(m.flows))
      })
    : airlock.runtime.runPromise(f(loaded))

/**
 * Loads the connected smart account's sessions (`GET /v1/sessions/{address}`) into the state; does nothing unless
 * the `smartSessions` feature is on and the embedded wallet's smart account is connected. A failure shows as
 * `selectSmartSessions(state).error` and rejects.
 * @example
 * ```ts
 * import { loadSmartSessions, selectSmartSessions } from "airlock-kit/smart-sessions"
 * await loadSmartSessions(airlock)
 * selectSmartSessions(airlock.getState()).sessions
 * ```
 */
export const loadSmartSessions = (airlock: AirlockClient): Promise<void> => run(airlock, (m) => m.loadSmartSessions)

/**
 * Revokes the session `pci`: the wallet signs the pci and takes the session key away on chain, the API records it,
 * and the list loads again. Rejects with the cause on failure (also `selectSmartSessions(state).error`).
 * @example
 * ```ts
 * import { revokeSmartSession, selectSmartSessions } from "airlock-kit/smart-sessions"
 * const [first] = selectSmartSessions(airlock.getState()).sessions
 * if (first !== undefined) await revokeSmartSession(airlock, first.pci)
 * ```
 */
export const revokeSmartSession = (airlock: AirlockClient, pci: string): Promise<void> =>
  run(airlock, (m) => m.revokeSmartSession(pci))
