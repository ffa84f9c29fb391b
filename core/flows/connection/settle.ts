import * as Effect from "effect/Effect"
import type {
  AdapterConnection,
  AdapterImplementation,
  NamespaceConnection
} from "../../adapter/AdapterImplementation.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import { Storage, StorageKeys } from "../../services/Storage.ts"
import { forkInClient } from "../../state/ClientScope.ts"
import { StateStore } from "../../state/StateStore.ts"
import { refreshBalance } from "../account/balance.ts"
import { refreshIdentity } from "../account/identity.ts"
import { reportChain } from "../network/report.ts"
import { applyConnection } from "./apply.ts"
import { listen } from "./events.ts"
import { rememberedConnectorIds } from "./remember.ts"

/**
 * What a made or restored connection leads to: the state and the wallet's chain, the session stored for the next
 * visit, the wallet's events followed, and its balance and name read in the background.
 */
export const settle = (
  namespace: ChainNamespace,
  connection: AdapterConnection,
  implementation: AdapterImplementation,
  focus: boolean
) =>
  Effect.gen(function* () {
    yield* establish(namespace, connection, focus)
    yield* remember(namespace, connection.connectorId)
    yield* listen(namespace, connection.connectorId, implementation)
    yield* forkInClient(Effect.all([refreshBalance(namespace), refreshIdentity(namespace)], { discard: true }))
  })

/**
 * The other namespaces a connection serves (one WalletConnect session with EVM and Solana accounts): each is
 * connected with the same connector. The app returns to the namespace it was on when that is one of them.
 */
export const settleOthers = (
  primary: ChainNamespace,
  connection: AdapterConnection,
  implementation: AdapterImplementation,
  activeBefore: ChainNamespace | undefined
) =>
  Effect.forEach(
    Object.entries(connection.namespaces ?? {}) as Array<[ChainNamespace, NamespaceConnection]>,
    ([namespace, side]) =>
      namespace === primary || side.accounts.length === 0
        ? Effect.void
        : settle(
            namespace,
            {
              connectorId: connection.connectorId,
              accounts: side.accounts,
              chainId: side.chainId,
              ...(connection.wallet === undefined ? {} : { wallet: connection.wallet })
            },
            implementation,
            namespace === activeBefore
          ),
    { discard: true }
  )

/**
 * Writes the connection, then the chain the wallet is on. A connection the user made (`focus`) makes its namespace
 * the active one; a restored one leaves the active namespace as it was stored.
 */
const establish = (namespace: ChainNamespace, connection: AdapterConnection, focus: boolean) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    store.update((s) => applyConnection(s, namespace, connection, focus))
    if (connection.chainId !== undefined) yield* reportChain(namespace, connection.chainId)
    const state = store.getSnapshot()
    const active = state.activeNetworks[namespace]
    if (active !== undefined && state.activeNamespace === namespace) {
      yield* (yield* Storage).set(StorageKeys.lastChain, active.caipNetworkId)
    }
  })

const remember = (namespace: ChainNamespace, connectorId: string) =>
  Effect.gen(function* () {
    const storage = yield* Storage
    yield* storage.set(StorageKeys.connectionStatus(namespace), "connected")
    yield* storage.set(
      StorageKeys.connectedConnectorIds(namespace),
      rememberedConnectorIds((yield* StateStore).getSnapshot(), namespace, connectorId)
    )
  })
