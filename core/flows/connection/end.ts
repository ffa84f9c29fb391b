import * as Effect from "effect/Effect"
import { Adapters } from "../../adapter/Adapters.ts"
import { close } from "../../router/index.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import { Options } from "../../services/Options.ts"
import { Storage, StorageKeys } from "../../services/Storage.ts"
import { routerContext } from "../../state/routerContext.ts"
import { StateStore } from "../../state/StateStore.ts"
import { clearNamespace } from "./apply.ts"
import { stopListening } from "./listeners.ts"
import { resetWalletConnect } from "./pairing.ts"

/**
 * Lets go of what one connector's connection in `namespace` holds: its event listener; the WalletConnect state with
 * the session's last namespace (one session may serve EVM and Solana); an embedded wallet's stored login data
 * (SPEC §4). The state's entries are the caller's to change.
 */
export const releaseConnector = (namespace: ChainNamespace, connectorId: string) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const storage = yield* Storage
    stopListening(yield* Adapters, namespace, connectorId)
    const state = store.getSnapshot()
    const ended = state.connectors.find((c) => c.id === connectorId)
    const stillServes = (Object.keys(state.connections) as Array<ChainNamespace>).some(
      (ns) =>
        ns !== namespace &&
        (state.activeConnectorIds[ns] === connectorId ||
          state.connections[ns]?.some((c) => c.connectorId === connectorId) === true)
    )
    if (ended?.type === "WALLET_CONNECT" && !stillServes) yield* resetWalletConnect
    if (ended?.type === "AUTH") {
      yield* storage.remove(StorageKeys.email)
      yield* storage.remove(StorageKeys.socialUsername)
      yield* storage.remove(StorageKeys.socialProvider)
    }
  })

/**
 * Ends a namespace's connection in the state and storage (the wallet already let go, or the user asked) and stops
 * following its events, and those of the namespace's other listed connections (multi-wallet). An open Account view
 * closes (any open view, with `closeModal: "any"`: a disconnect the user asked for).
 */
export const endConnection = (namespace: ChainNamespace, closeModal: "account" | "any" = "account") =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const storage = yield* Storage
    const options = yield* Options
    const before = store.getSnapshot()
    const connectorId = before.activeConnectorIds[namespace]
    const listed = (before.connections[namespace] ?? []).map((c) => c.connectorId)
    const ids = connectorId === undefined ? listed : [connectorId, ...listed.filter((id) => id !== connectorId)]
    for (const id of ids) yield* releaseConnector(namespace, id)
    store.update((state) => {
      const cleared = clearNamespace(state, namespace)
      return cleared.modal.open && (closeModal === "any" || cleared.modal.view === "Account")
        ? { ...cleared, modal: close(cleared.modal, routerContext(cleared, options)).state }
        : cleared
    })
    yield* storage.set(StorageKeys.connectionStatus(namespace), "disconnected")
    yield* storage.remove(StorageKeys.connectedConnectorIds(namespace))
  })
