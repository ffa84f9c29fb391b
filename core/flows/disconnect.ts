import * as Effect from "effect/Effect"
import { Options } from "../client/Options.ts"
import { close } from "../router/index.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import { Storage, StorageKeys } from "../services/Storage.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import { emptyAccount } from "../state/initial.ts"
import { StateStore } from "../state/StateStore.ts"
import { routerContext } from "./modal.ts"

const clearNamespace = (state: AirlockState, namespace: ChainNamespace): AirlockState => {
  const { [namespace]: _connections, ...connections } = state.connections
  const { [namespace]: _active, ...activeConnectorIds } = state.activeConnectorIds
  return {
    ...state,
    accounts: {
      ...state.accounts,
      [namespace]: { ...emptyAccount(), currentTab: state.accounts[namespace].currentTab }
    },
    connections,
    activeConnectorIds
  }
}

/**
 * Disconnects one namespace, or every namespace that is not already disconnected. The stored status follows; an
 * open modal closes (embedded mode shows Connect).
 */
export const disconnect = Effect.fn("disconnect")(function* (namespace?: ChainNamespace) {
  const store = yield* StateStore
  const storage = yield* Storage
  const options = yield* Options
  const before = store.getSnapshot()
  const namespaces =
    namespace === undefined
      ? (Object.keys(before.accounts) as Array<ChainNamespace>).filter(
          (ns) => before.accounts[ns].status !== "disconnected"
        )
      : [namespace]
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
})
