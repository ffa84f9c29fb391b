import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type { ChainNamespace } from "../../schema/namespace.ts"
import { Storage, StorageKeys } from "../../services/Storage.ts"
import { forkInClient } from "../../state/ClientScope.ts"
import { StateStore } from "../../state/StateStore.ts"
import { whenState } from "../../state/whenState.ts"
import { refreshBalance } from "../account/balance.ts"
import { refreshIdentity } from "../account/identity.ts"
import { reportChain } from "../network/report.ts"
import { implementationOf, toConnectionError } from "./adapter.ts"
import { applyConnection, unlistConnection } from "./apply.ts"
import { endConnection, releaseConnector } from "./end.ts"
import { rememberConnections } from "./remember.ts"

/** How long restoring a connection without a prompt (on start, or to make a listed one active) may wait. */
export const RECONNECT_TIMEOUT = Duration.seconds(5)

/**
 * Asks `connectorId`'s wallet, without a prompt, whether it still grants access in `namespace`, once the connector is
 * discovered (an extension announces itself a moment after the page starts), bounded by {@link RECONNECT_TIMEOUT}:
 * its connection (accounts, chain, an embedded wallet's login), or `undefined` (with a console warning) when it no
 * longer grants access, fails or does not answer in time.
 */
export const restoreWallet = (namespace: ChainNamespace, connectorId: string) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const implementation = yield* implementationOf(connectorId, namespace)
    const restore = implementation.reconnect
    if (restore === undefined) return undefined
    // The connector may announce itself a moment after the page starts (an extension's content script).
    yield* whenState((state) => state.connectors.find((c) => c.id === connectorId))
    const connection = yield* Effect.tryPromise({
      try: () => {
        const network = store.getSnapshot().activeNetworks[namespace]
        return restore({ connectorId, namespace, ...(network === undefined ? {} : { network }) })
      },
      catch: toConnectionError
    })
    return connection === undefined || connection.accounts.length === 0 ? undefined : { connection, implementation }
  }).pipe(
    Effect.timeoutOrElse({ duration: RECONNECT_TIMEOUT, orElse: () => Effect.succeed(undefined) }),
    Effect.catch((error) => Effect.as(Effect.logWarning("Airlock: a wallet did not answer", error), undefined)),
    Effect.tap((restored) =>
      restored === undefined
        ? Effect.logWarning(`Airlock: the ${namespace} connection "${connectorId}" is gone`)
        : Effect.void
    )
  )

/**
 * Drops a listed connection that is not the active one (its wallet let go, or the user disconnected it): it leaves
 * `connections` and storage, and its events are no longer followed.
 */
export const dropListedConnection = (namespace: ChainNamespace, connectorId: string) =>
  Effect.gen(function* () {
    yield* releaseConnector(namespace, connectorId)
    ;(yield* StateStore).update((s) => unlistConnection(s, namespace, connectorId))
    yield* rememberConnections(namespace)
  })

/**
 * Makes a listed connection of `namespace` the active one (multi-wallet), without a prompt: its wallet is asked
 * again for its accounts, chain and login (an extension's `eth_accounts`, the embedded wallet's user) by
 * {@link restoreWallet}; then the account, the active connector and the wallet's network are written as a restored
 * connection's are, storage lists it first, and its balance and name are read. Its events are followed already
 * (every listed connection's are). A wallet that no longer grants access is dropped and this resolves `false`.
 */
export const activateConnection = (namespace: ChainNamespace, connectorId: string, focus: boolean) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const restored = yield* restoreWallet(namespace, connectorId)
    if (restored === undefined) {
      yield* dropListedConnection(namespace, connectorId)
      return false
    }
    const { connection } = restored
    store.update((s) => applyConnection(s, namespace, connection, focus))
    if (connection.chainId !== undefined) yield* reportChain(namespace, connection.chainId)
    const state = store.getSnapshot()
    const active = state.activeNetworks[namespace]
    const storage = yield* Storage
    if (active !== undefined && state.activeNamespace === namespace) {
      yield* storage.set(StorageKeys.lastChain, active.caipNetworkId)
    }
    yield* storage.set(StorageKeys.connectionStatus(namespace), "connected")
    yield* rememberConnections(namespace)
    yield* forkInClient(Effect.all([refreshBalance(namespace), refreshIdentity(namespace)], { discard: true }))
    return true
  })

/**
 * Ends the active connection of `namespace` (its wallet let go, or the user disconnected it). With `multiWallet` on
 * and other connections listed, the next one listed becomes active (as AppKit's does; one whose wallet no longer
 * answers is dropped and the one after tried); otherwise, or with none left, the namespace is disconnected.
 */
export const endActiveConnection = (namespace: ChainNamespace, closeModal: "account" | "any" = "account") =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const state = store.getSnapshot()
    const ended = state.activeConnectorIds[namespace]
    const rest = state.features.multiWallet
      ? (state.connections[namespace] ?? []).map((c) => c.connectorId).filter((id) => id !== ended)
      : []
    if (ended === undefined || rest.length === 0) return yield* endConnection(namespace, closeModal)
    yield* releaseConnector(namespace, ended)
    store.update((s) => unlistConnection(s, namespace, ended))
    for (const next of rest) {
      const focus = store.getSnapshot().activeNamespace === namespace
      if (yield* activateConnection(namespace, next, focus)) return
    }
    yield* endConnection(namespace, closeModal)
  })
