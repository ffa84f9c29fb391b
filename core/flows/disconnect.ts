import * as Effect from "effect/Effect"
import { Options } from "../client/Options.ts"
import { close } from "../router/index.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import { Adapters } from "../services/Adapters.ts"
import { Storage, StorageKeys } from "../services/Storage.ts"
import { StateStore } from "../state/StateStore.ts"
import { clearNamespace, disconnectWallet } from "./connection.ts"
import { track } from "./events.ts"
import { routerContext } from "./modal.ts"

/**
 * Disconnects one namespace, or every namespace that is not already disconnected. The stored status follows; an
 * open modal closes (embedded mode shows Connect).
 */
export const disconnect = Effect.fn("disconnect")(function* (namespace?: ChainNamespace) {
  const store = yield* StateStore
  const storage = yield* Storage
  const options = yield* Options
  const adapters = yield* Adapters
  const before = store.getSnapshot()
  const namespaces =
    namespace === undefined
      ? (Object.keys(before.accounts) as Array<ChainNamespace>).filter(
          (ns) => before.accounts[ns].status !== "disconnected"
        )
      : [namespace]
  // The wallets first (revoking where they can), so none keeps the app's access; a wallet that fails is a warning.
  yield* Effect.forEach(namespaces, disconnectWallet, { concurrency: "unbounded", discard: true })
  for (const ns of namespaces) {
    const connectorId = before.activeConnectorIds[ns]
    if (connectorId === undefined) continue
    adapters.listeners.get(connectorId)?.()
    adapters.listeners.delete(connectorId)
  }
  store.update((state) => {
    const cleared = namespaces.reduce(clearNamespace, state)
    return cleared.modal.open
      ? { ...cleared, modal: close(cleared.modal, routerContext(cleared, options)).state }
      : cleared
  })
  for (const ns of namespaces) {
    yield* storage.set(StorageKeys.connectionStatus(ns), "disconnected")
    yield* storage.remove(StorageKeys.connectedConnectorIds(ns))
  }
  if (namespaces.length > 0) yield* track("DISCONNECT_SUCCESS", { namespace: namespace ?? "all" })
})
