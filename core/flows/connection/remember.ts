import * as Effect from "effect/Effect"
import type { ChainNamespace } from "../../schema/namespace.ts"
import { Storage, StorageKeys } from "../../services/Storage.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { StateStore } from "../../state/StateStore.ts"

/**
 * The connector ids stored for the next visit: with `multiWallet` on, every live connection of the namespace, the
 * active one first (a reload restores them all); otherwise only the active one (SPEC §6).
 */
export const rememberedConnectorIds = (
  state: AirlockState,
  namespace: ChainNamespace,
  active: string | undefined = state.activeConnectorIds[namespace]
): Array<string> => {
  const others = state.features.multiWallet
    ? (state.connections[namespace] ?? []).map((c) => c.connectorId).filter((id) => id !== active)
    : []
  return active === undefined ? others : [active, ...others]
}

/** Writes the namespace's stored connections again after one was added, dropped or made active. */
export const rememberConnections = (namespace: ChainNamespace) =>
  Effect.gen(function* () {
    const storage = yield* Storage
    const ids = rememberedConnectorIds((yield* StateStore).getSnapshot(), namespace)
    if (ids.length === 0) return
    yield* storage.set(StorageKeys.connectedConnectorIds(namespace), ids)
  })
