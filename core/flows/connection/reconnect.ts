import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import { isSocialProvider } from "../../schema/checks.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import { Storage, StorageKeys } from "../../services/Storage.ts"
import { StateStore } from "../../state/StateStore.ts"
import { whenState } from "../../state/whenState.ts"
import { implementationOf, toConnectionError } from "./adapter.ts"
import { updateAuthConnection } from "./auth.ts"
import { endConnection } from "./end.ts"
import { settle } from "./settle.ts"

/**
 * The connection flows: the only code that writes connection state (status per namespace, connections, active
 * connector, accounts, the network a wallet is on). Each talks to the wallet through its namespace's adapter.
 */

/** How long a reconnect on start may wait for the wallet before the app shows it disconnected. */
export const RECONNECT_TIMEOUT = Duration.seconds(5)

/**
 * Restores the stored connection of `namespace` on start, without a prompt: waits (bounded by
 * {@link RECONNECT_TIMEOUT}) for the stored connector to be discovered and for the wallet to answer. A wallet that
 * no longer grants access, or does not answer in time, leaves the namespace disconnected.
 */
export const reconnect = Effect.fn("reconnect")(function* (namespace: ChainNamespace) {
  const storage = yield* Storage
  const store = yield* StateStore
  const [connectorId] = (yield* storage.get(StorageKeys.connectedConnectorIds(namespace))) ?? []
  const restore = Effect.gen(function* () {
    if (connectorId === undefined) return undefined
    const implementation = yield* implementationOf(connectorId, namespace)
    const restoreWallet = implementation.reconnect
    if (restoreWallet === undefined) return undefined
    // The connector may announce itself a moment after the page starts (an extension's content script).
    yield* whenState((state) => state.connectors.find((c) => c.id === connectorId))
    const connection = yield* Effect.tryPromise({
      try: () => {
        const network = store.getSnapshot().activeNetworks[namespace]
        return restoreWallet({ connectorId, namespace, ...(network === undefined ? {} : { network }) })
      },
      catch: toConnectionError
    })
    if (connection === undefined || connection.accounts.length === 0) return undefined
    return { connection, implementation }
  })
  const restored = yield* restore.pipe(
    Effect.timeoutOrElse({ duration: RECONNECT_TIMEOUT, orElse: () => Effect.succeed(undefined) }),
    Effect.catch((error) =>
      Effect.as(Effect.logWarning("Airlock: the stored connection was not restored", error), undefined)
    )
  )
  if (restored === undefined) return yield* endConnection(namespace)
  yield* settle(namespace, restored.connection, restored.implementation, false)
  // An embedded wallet's social login names its provider again (the frame reports only the user name).
  const socialProvider =
    restored.connection.auth === undefined ? undefined : yield* storage.get(StorageKeys.socialProvider)
  if (socialProvider !== undefined && isSocialProvider(socialProvider)) {
    yield* updateAuthConnection(namespace, restored.connection.connectorId, { auth: { socialProvider } })
  }
})
