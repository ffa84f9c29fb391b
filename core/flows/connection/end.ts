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
 * Ends a namespace's connection in the state and storage (the wallet already let go, or the user asked) and stops
 * following its events. An open Account view closes (any open view, with `closeModal: "any"`: a disconnect the user
 * asked for).
 */
export const endConnection = (namespace: ChainNamespace, closeModal: "account" | "any" = "account") =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const storage = yield* Storage
    const adapters = yield* Adapters
    const options = yield* Options
    const connectorId = store.getSnapshot().activeConnectorIds[namespace]
    if (connectorId !== undefined) stopListening(adapters, namespace, connectorId)
    const state = store.getSnapshot()
    const ended = state.connectors.find((c) => c.id === connectorId)
    // The WalletConnect state goes with the session's last namespace (one session may serve EVM and Solana).
    const stillServes = Object.entries(state.activeConnectorIds).some(
      ([ns, id]) => ns !== namespace && id === connectorId
    )
    if (ended?.type === "WALLET_CONNECT" && !stillServes) yield* resetWalletConnect
    store.update((state) => {
      const cleared = clearNamespace(state, namespace)
      return cleared.modal.open && (closeModal === "any" || cleared.modal.view === "Account")
        ? { ...cleared, modal: close(cleared.modal, routerContext(cleared, options)).state }
        : cleared
    })
    yield* storage.set(StorageKeys.connectionStatus(namespace), "disconnected")
    yield* storage.remove(StorageKeys.connectedConnectorIds(namespace))
    // SPEC §4: ending an embedded wallet's connection clears its stored login data.
    if (ended?.type === "AUTH") {
      yield* storage.remove(StorageKeys.email)
      yield* storage.remove(StorageKeys.socialUsername)
      yield* storage.remove(StorageKeys.socialProvider)
    }
  })
