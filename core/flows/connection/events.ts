import * as Effect from "effect/Effect"
import type { AdapterImplementation, AuthConnection } from "../../adapter/AdapterImplementation.ts"
import { Adapters } from "../../adapter/Adapters.ts"
import type { CoreServices } from "../../adapter/CoreServices.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import { Storage, StorageKeys } from "../../services/Storage.ts"
import { StateStore } from "../../state/StateStore.ts"
import { refreshBalance } from "../account/balance.ts"
import { refreshIdentity } from "../account/identity.ts"
import { reportChain } from "../network/report.ts"
import { dropListedConnection, endActiveConnection } from "./activate.ts"
import { applyConnection, listConnection } from "./apply.ts"
import { updateAuthConnection } from "./auth.ts"
import { listenerKey, stopListening } from "./listeners.ts"

type ConnectionEvent =
  | { readonly _tag: "accounts"; readonly accounts: ReadonlyArray<string> }
  | { readonly _tag: "chain"; readonly chainId: string | number }
  | { readonly _tag: "auth"; readonly auth: Partial<AuthConnection> }
  | { readonly _tag: "disconnected" }

/** What a wallet event does to the state. */
const onEvent = (namespace: ChainNamespace, connectorId: string, event: ConnectionEvent) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    if (store.getSnapshot().activeConnectorIds[namespace] !== connectorId) {
      return yield* onOtherConnection(namespace, connectorId, event)
    }
    // Multi-wallet: the next listed connection becomes active, else the namespace is disconnected.
    if (event._tag === "disconnected" || (event._tag === "accounts" && event.accounts.length === 0)) {
      return yield* endActiveConnection(namespace)
    }
    if (event._tag === "auth") return yield* updateAuthConnection(namespace, connectorId, { auth: event.auth })
    if (event._tag === "accounts") {
      // Another account of the same wallet: written as the connection is, on the network the wallet is on.
      store.update((state) =>
        event.accounts[0] === state.accounts[namespace].address
          ? state
          : applyConnection(state, namespace, { connectorId, accounts: event.accounts, chainId: undefined }, false)
      )
    } else {
      yield* reportChain(namespace, event.chainId)
      const active = store.getSnapshot().activeNetworks[namespace]
      if (active !== undefined) yield* (yield* Storage).set(StorageKeys.lastChain, active.caipNetworkId)
    }
    yield* refreshBalance(namespace)
    if (event._tag === "accounts") yield* refreshIdentity(namespace)
  })

/**
 * A wallet event of a connection that is listed but not active (multi-wallet): its entry follows its accounts, and
 * it leaves the list (and storage) when it revokes access or disconnects. The active account, network and view stay.
 */
const onOtherConnection = (namespace: ChainNamespace, connectorId: string, event: ConnectionEvent) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const listed = store.getSnapshot().connections[namespace]?.some((c) => c.connectorId === connectorId) === true
    if (!listed) return
    if (event._tag === "disconnected" || (event._tag === "accounts" && event.accounts.length === 0)) {
      return yield* dropListedConnection(namespace, connectorId)
    }
    if (event._tag === "accounts") {
      const { accounts } = event
      store.update((s) => listConnection(s, namespace, { connectorId, accounts }))
    }
  })

/** Starts turning the connected wallet's events into state; a disconnect or the client's end stops it. */
export const listen = (namespace: ChainNamespace, connectorId: string, implementation: AdapterImplementation) =>
  Effect.gen(function* () {
    const adapters = yield* Adapters
    stopListening(adapters, namespace, connectorId)
    if (implementation.watchEvents === undefined) return
    const context = yield* Effect.context<CoreServices>()
    const run = (event: ConnectionEvent) => {
      Effect.runForkWith(context)(
        onEvent(namespace, connectorId, event).pipe(
          Effect.catch((error) => Effect.logWarning("Airlock: a wallet event could not be applied", error))
        )
      )
    }
    const stop = implementation.watchEvents(
      connectorId,
      {
        accountsChanged: (accounts) => run({ _tag: "accounts", accounts: [...accounts] }),
        chainChanged: (chainId) => run({ _tag: "chain", chainId }),
        disconnected: () => run({ _tag: "disconnected" }),
        authChanged: (auth) => run({ _tag: "auth", auth })
      },
      namespace
    )
    adapters.listeners.set(listenerKey(namespace, connectorId), stop)
  })
