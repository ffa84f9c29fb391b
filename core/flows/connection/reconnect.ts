import * as Effect from "effect/Effect"
import { isSocialProvider } from "../../schema/checks.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import { Storage, StorageKeys } from "../../services/Storage.ts"
import { StateStore } from "../../state/StateStore.ts"
import { restoreWallet } from "./activate.ts"
import { listConnection } from "./apply.ts"
import { updateAuthConnection } from "./auth.ts"
import { endConnection } from "./end.ts"
import { listen } from "./events.ts"
import { rememberConnections } from "./remember.ts"
import { settle } from "./settle.ts"

/**
 * The connection flows: the only code that writes connection state (status per namespace, connections, active
 * connector, accounts, the network a wallet is on). Each talks to the wallet through its namespace's adapter.
 */

/** How long a reconnect on start may wait for the wallet before the app shows it disconnected. */
export { RECONNECT_TIMEOUT } from "./activate.ts"

/**
 * Restores the stored connections of `namespace` on start, without a prompt: waits (bounded by
 * {@link RECONNECT_TIMEOUT}) for each stored connector to be discovered and for its wallet to answer. The first one
 * stored that answers is the active one again; with `multiWallet` on, the others that answer are listed in
 * `connections` (their events followed) without becoming active. A wallet that no longer grants access, or does not
 * answer in time, drops out with a warning; with none left the namespace is disconnected.
 */
export const reconnect = Effect.fn("reconnect")(function* (namespace: ChainNamespace) {
  const storage = yield* Storage
  const store = yield* StateStore
  const stored = (yield* storage.get(StorageKeys.connectedConnectorIds(namespace))) ?? []
  const connectorIds = [...new Set(stored.filter((id): id is string => typeof id === "string"))]
  const restored = (yield* Effect.forEach(connectorIds, (id) => restoreWallet(namespace, id), {
    concurrency: "unbounded"
  })).filter((r) => r !== undefined)
  const [active, ...others] = restored
  if (active === undefined) return yield* endConnection(namespace)
  yield* settle(namespace, active.connection, active.implementation, false)
  // An embedded wallet's social login names its provider again (the frame reports only the user name).
  const socialProvider =
    active.connection.auth === undefined ? undefined : yield* storage.get(StorageKeys.socialProvider)
  if (socialProvider !== undefined && isSocialProvider(socialProvider)) {
    yield* updateAuthConnection(namespace, active.connection.connectorId, { auth: { socialProvider } })
  }
  if (!store.getSnapshot().features.multiWallet) return
  for (const other of others) {
    store.update((s) => listConnection(s, namespace, other.connection))
    yield* listen(namespace, other.connection.connectorId, other.implementation)
  }
  // The ones that dropped out are forgotten.
  yield* rememberConnections(namespace)
})

/**
 * Restores, on start, every namespace the stored session left connected (their status is `connecting` until each
 * settles, bounded by {@link RECONNECT_TIMEOUT}), side by side.
 */
export const reconnectStored = Effect.gen(function* () {
  const { accounts } = (yield* StateStore).getSnapshot()
  const stored = (Object.keys(accounts) as Array<ChainNamespace>).filter((ns) => accounts[ns].status !== "disconnected")
  yield* Effect.forEach(stored, reconnect, { concurrency: "unbounded", discard: true })
})
