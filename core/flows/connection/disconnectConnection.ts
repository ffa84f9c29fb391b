import * as Effect from "effect/Effect"
import { Adapters } from "../../adapter/Adapters.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import { StateStore } from "../../state/StateStore.ts"
import { selectConnectorStatus } from "../../state/selectors.ts"
import { track } from "../events/track.ts"
import { dropListedConnection, endActiveConnection } from "./activate.ts"
import { disconnect } from "./disconnect.ts"
import { multiWalletAllowed } from "./multiWallet.ts"
import { type ConnectionTarget, targetNamespace } from "./switchConnection.ts"

/** Asks one connector's wallet to end its connection in `namespace`; a failure is only a warning. */
const letGo = (namespace: ChainNamespace, connectorId: string) =>
  Effect.gen(function* () {
    const implementation = yield* (yield* Adapters).loadFor(connectorId, namespace)
    const disconnectIt = implementation?.disconnect
    if (disconnectIt !== undefined) yield* Effect.tryPromise(() => disconnectIt({ connectorId, namespace }))
  }).pipe(Effect.catch((error) => Effect.logWarning("Airlock: the wallet did not confirm the disconnect", error)))

/**
 * Disconnects one connection of a namespace (multi-wallet), leaving the others: a listed one leaves the list; the
 * active one, with others listed, hands over to the next one listed (it becomes active, as AppKit does), else the
 * namespace disconnects as `disconnect(namespace)` does. With the project's `multiWallet` off, disconnecting a
 * connection that is not the active one shows the feature's info message and does nothing (SPEC §6). A connector
 * without a connection is ignored.
 */
export const disconnectConnection = Effect.fn("disconnectConnection")(function* (target: ConnectionTarget) {
  const store = yield* StateStore
  const state = store.getSnapshot()
  const namespace = targetNamespace(state, target)
  if (namespace === undefined) return
  const status = selectConnectorStatus(state, namespace, target.connectorId)
  if (status === "disconnected") return
  if (status === "connected" && !state.features.multiWallet) return yield* disconnect(namespace)
  if (!(yield* multiWalletAllowed)) return
  yield* letGo(namespace, target.connectorId)
  if (status === "active") yield* dropListedConnection(namespace, target.connectorId)
  else yield* endActiveConnection(namespace, "any")
  yield* track("DISCONNECT_SUCCESS", { namespace, connectorId: target.connectorId })
})
