/**
 * The connection flows: the only code that writes connection state (status per namespace, connections, active
 * connector, accounts, the network a wallet is on). Each talks to the wallet through its namespace's adapter.
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import type {
  AdapterConnection,
  AdapterImplementation,
  AuthConnection,
  NamespaceConnection
} from "../adapter/AdapterImplementation.ts"
import { Adapters } from "../adapter/Adapters.ts"
import type { CoreServices } from "../adapter/CoreServices.ts"
import { ConnectionError, RpcError } from "../errors/catalogue.ts"
import { close } from "../router/index.ts"
import { checkRpcParams } from "../rules/checkRpcParams.ts"
import { RECENT_WALLETS_KEPT } from "../rules/connectOrder.ts"
import { classifyRpcMethod } from "../rules/rpcMethods.ts"
import { walletLink, walletLinkTarget } from "../rules/walletLinks.ts"
import type { Connector } from "../schema/connector.ts"
import { isSocialProvider } from "../schema/login.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import type { CaipNetwork } from "../schema/network.ts"
import { pairingExpiry, pairingExpiryMarginMs } from "../schema/pairing.ts"
import type { WalletListing } from "../schema/wallet.ts"
import { Options } from "../services/Options.ts"
import { Platform } from "../services/Platform.ts"
import { Storage, StorageKeys } from "../services/Storage.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import { forkInClient } from "../state/ClientScope.ts"
import { emptyAccount } from "../state/initial.ts"
import { routerContext } from "../state/routerContext.ts"
import { StateStore } from "../state/StateStore.ts"
import { selectWalletConnectWallet } from "../state/selectors.ts"
import { refuseNotAllowed, withApproval } from "./approval.ts"
import { refreshBalance, refreshIdentity } from "./balance.ts"

export { fetchActivity } from "./activity.ts"
export { fetchNfts } from "./nfts.ts"
export { refreshBalance }

import { track } from "./events.ts"
import { activateNetwork, reportChain } from "./network.ts"
import { errorCode, errorMessage, USER_REJECTED } from "./walletErrors.ts"

/** How long a reconnect on start may wait for the wallet before the app shows it disconnected. */
export const RECONNECT_TIMEOUT = Duration.seconds(5)

/** A wallet's refusal or failure as the error the user sees: 'Connection rejected' or 'Failed to connect'. */
const toConnectionError = (error: unknown): ConnectionError =>
  error instanceof ConnectionError
    ? error
    : new ConnectionError({
        reason: errorCode(error) === USER_REJECTED ? "ConnectionRejected" : "FailedToConnect",
        details: errorMessage(error),
        cause: error
      })

const implementationOf = Effect.fn("implementationOf")(function* (connectorId: string, namespace: ChainNamespace) {
  const implementation = yield* (yield* Adapters).loadFor(connectorId, namespace)
  if (implementation === undefined) {
    return yield* new ConnectionError({ reason: "AdapterNotFound", params: { namespace } })
  }
  return implementation
})

/** The account fields an embedded wallet's login fills (SPEC §3). */
const authFields = (auth: AuthConnection) => ({
  user: auth.user,
  ...(auth.preferredAccountType === undefined ? {} : { preferredAccountType: auth.preferredAccountType }),
  ...(auth.smartAccountDeployed === undefined ? {} : { smartAccountDeployed: auth.smartAccountDeployed }),
  ...(auth.socialProvider === undefined ? {} : { socialProvider: auth.socialProvider })
})

/** The login of the namespace's current connection through `connectorId`, as its connection gave it. */
const authOf = (state: AirlockState, namespace: ChainNamespace, connectorId: string): AuthConnection | undefined => {
  const account = state.accounts[namespace]
  if (account.user === undefined) return undefined
  const name = state.connections[namespace]?.find((c) => c.connectorId === connectorId)?.auth?.name
  return {
    user: account.user,
    preferredAccountType: account.preferredAccountType,
    smartAccountDeployed: account.smartAccountDeployed,
    socialProvider: account.socialProvider,
    name
  }
}

/**
 * Writes what an embedded wallet changed about its login (the active account type, a deployed smart account, a new
 * email) over the namespace's connection through `connectorId`: the accounts when given, else the login's fields.
 */
export const updateAuthConnection = (
  namespace: ChainNamespace,
  connectorId: string,
  update: { readonly accounts?: ReadonlyArray<string> | undefined; readonly auth: Partial<AuthConnection> }
) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const state = store.getSnapshot()
    if (state.activeConnectorIds[namespace] !== connectorId) return
    const before = authOf(state, namespace, connectorId)
    const auth: AuthConnection = { ...before, ...update.auth, user: update.auth.user ?? before?.user ?? {} }
    const accounts =
      update.accounts ??
      (state.accounts[namespace].address === undefined ? [] : [state.accounts[namespace].address as string])
    store.update((s) => applyConnection(s, namespace, { connectorId, accounts, chainId: undefined, auth }, false))
    if (update.accounts !== undefined && update.accounts[0] !== state.accounts[namespace].address) {
      yield* forkInClient(Effect.all([refreshBalance(namespace), refreshIdentity(namespace)], { discard: true }))
    }
  })

/** Writes a made or restored connection: accounts, the active connector and the wallet's network. */
const applyConnection = (
  state: AirlockState,
  namespace: ChainNamespace,
  connection: AdapterConnection,
  focus: boolean
): AirlockState => {
  const [address] = connection.accounts
  const previous = state.accounts[namespace]
  // An embedded wallet's login: given with the connection, else kept from the same connector's (another account).
  const sameConnector = state.activeConnectorIds[namespace] === connection.connectorId
  const auth = connection.auth ?? (sameConnector ? authOf(state, namespace, connection.connectorId) : undefined)
  const withAccount: AirlockState = {
    ...state,
    accounts: {
      ...state.accounts,
      [namespace]: {
        ...emptyAccount("connected"),
        currentTab: previous.currentTab,
        ...(address === undefined ? {} : { address }),
        // A change of account drops the old one's balance; the same account keeps it while it refreshes.
        ...(previous.address === address && previous.balance !== undefined
          ? { balance: previous.balance, balanceSymbol: previous.balanceSymbol }
          : {}),
        ...(auth === undefined ? {} : authFields(auth))
      }
    },
    connections: {
      ...state.connections,
      [namespace]: [
        {
          connectorId: connection.connectorId,
          accounts: connection.accounts.map((a) => ({ address: a })),
          ...(auth?.name === undefined ? {} : { auth: { name: auth.name } })
        },
        ...(state.connections[namespace] ?? []).filter((c) => c.connectorId !== connection.connectorId)
      ]
    },
    activeConnectorIds: { ...state.activeConnectorIds, [namespace]: connection.connectorId }
  }
  // The wallet's own chain is reported after (reportChain: an unknown one shows UnsupportedChain); until then the
  // account sits on the namespace's active network.
  const network = state.activeNetworks[namespace] ?? state.networks.find((n) => n.chainNamespace === namespace)
  return network === undefined ? withAccount : activateNetwork(withAccount, network, focus)
}

/**
 * What a made or restored connection leads to: the state and the wallet's chain, the session stored for the next
 * visit, the wallet's events followed, and its balance and name read in the background.
 */
const settle = (
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
const settleOthers = (
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
            { connectorId: connection.connectorId, accounts: side.accounts, chainId: side.chainId },
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

/** The namespace's state back to disconnected (its tab choice kept), its connection and active connector removed. */
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

type ConnectionEvent =
  | { readonly _tag: "accounts"; readonly accounts: ReadonlyArray<string> }
  | { readonly _tag: "chain"; readonly chainId: string | number }
  | { readonly _tag: "disconnected" }

/** What a wallet event does to the state. */
const onEvent = (namespace: ChainNamespace, connectorId: string, event: ConnectionEvent) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    if (store.getSnapshot().activeConnectorIds[namespace] !== connectorId) return
    if (event._tag === "disconnected" || (event._tag === "accounts" && event.accounts.length === 0)) {
      return yield* endConnection(namespace)
    }
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

/** Starts turning the connected wallet's events into state; a disconnect or the client's end stops it. */
/** A connection's listener is one per namespace: one connector (a WalletConnect session) may serve several. */
const listenerKey = (namespace: ChainNamespace, connectorId: string) => `${namespace}/${connectorId}`

const listen = (namespace: ChainNamespace, connectorId: string, implementation: AdapterImplementation) =>
  Effect.gen(function* () {
    const adapters = yield* Adapters
    const key = listenerKey(namespace, connectorId)
    adapters.listeners.get(key)?.()
    adapters.listeners.delete(key)
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
        disconnected: () => run({ _tag: "disconnected" })
      },
      namespace
    )
    adapters.listeners.set(key, stop)
  })

/**
 * After a WalletConnect connection on a phone, remembers how to bring the chosen wallet forward (its app link, or its
 * web app), in the state and in storage for the next visit, so signing requests can open it (SPEC §4 linking).
 */
const rememberLinking = (chosen: WalletListing | undefined) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const storage = yield* Storage
    const state = store.getSnapshot()
    const linking =
      chosen === undefined || !state.isMobile ? undefined : (walletLink(chosen, "mobile") ?? walletLink(chosen, "web"))
    store.update((s) => ({ ...s, walletConnect: { ...s.walletConnect, linking } }))
    if (linking === undefined) yield* storage.remove(StorageKeys.walletConnectLinking)
    else yield* storage.set(StorageKeys.walletConnectLinking, linking)
  })

/**
 * Resets the WalletConnect connection (SPEC §4): no URI, no pairing expiry, no linking and no chosen wallet, in the
 * state and in storage. Runs when a WalletConnect connection ends.
 */
export const resetWalletConnect = Effect.gen(function* () {
  const store = yield* StateStore
  const storage = yield* Storage
  store.update((s) => ({ ...s, walletConnect: { uri: undefined, expiry: undefined } }))
  yield* storage.remove(StorageKeys.walletConnectLinking)
})

/**
 * Puts the connected wallet first among the recent wallets (2 kept, SPEC §5): its registry listing when the registry
 * knows its rdns, else a listing made from the connector.
 */
const rememberRecent = (connector: Connector, chosen: WalletListing | undefined) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const storage = yield* Storage
    const state = store.getSnapshot()
    const rdns = connector.info?.rdns
    const { wallets } = state
    const known = [...wallets.recent, ...wallets.featured, ...wallets.recommended, ...wallets.all]
    const listing: WalletListing = chosen ??
      (rdns === undefined ? undefined : known.find((w) => w.rdns === rdns)) ??
      known.find((w) => w.id === connector.explorerId) ?? {
        id: connector.explorerId ?? connector.id,
        name: connector.name,
        ...(rdns === undefined ? {} : { rdns })
      }
    const recent = [listing, ...state.wallets.recent.filter((w) => w.id !== listing.id)].slice(0, RECENT_WALLETS_KEPT)
    store.update((s) => ({ ...s, wallets: { ...s.wallets, recent } }))
    yield* storage.set(StorageKeys.recentWallets, recent)
  })

const remember = (namespace: ChainNamespace, connectorId: string) =>
  Effect.gen(function* () {
    const storage = yield* Storage
    yield* storage.set(StorageKeys.connectionStatus(namespace), "connected")
    yield* storage.set(StorageKeys.connectedConnectorIds(namespace), [connectorId])
  })

/** Resolves with what `pick` finds in the state, now or at the first change where it finds something. */
const whenState = <A>(pick: (state: AirlockState) => A | undefined) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    return yield* Effect.callback<A>((resume) => {
      const now = pick(store.getSnapshot())
      if (now !== undefined) return resume(Effect.succeed(now))
      const unsubscribe = store.subscribe((state) => {
        const found = pick(state)
        if (found === undefined) return
        unsubscribe()
        resume(Effect.succeed(found))
      })
      return Effect.sync(unsubscribe)
    })
  })

/** Resolves with the pairing's expiry once a URI other than the last one is offered. */
const nextExpiry = (after: number | undefined) =>
  whenState(({ walletConnect: { expiry } }) => (expiry !== undefined && expiry !== after ? expiry : undefined))

/**
 * Keeps the offered pairing fresh while a connect waits (SPEC §5 §9): when a URI has under 10 s of its 4 minutes
 * left, it is cleared and the adapter makes a new one. Runs as a child of the connect, so it ends with it.
 */
const renewPairings = (renew: () => Promise<void> | void) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    let last: number | undefined
    for (;;) {
      const expiry = yield* nextExpiry(last)
      last = expiry
      const now = yield* Clock.currentTimeMillis
      yield* Effect.sleep(Math.max(0, expiry - pairingExpiryMarginMs - now))
      if (store.getSnapshot().walletConnect.expiry !== expiry) continue
      store.update((s) => ({ ...s, walletConnect: { ...s.walletConnect, uri: undefined, expiry: undefined } }))
      yield* Effect.tryPromise(async () => renew()).pipe(
        Effect.catch((error) => Effect.logWarning("Airlock: the pairing could not be renewed", error))
      )
    }
  })

/**
 * Connects a discovered connector (SPEC §4): status `connecting`, the wallet's prompt, then the accounts, the active
 * connector and the wallet's network in the state, the session stored for the next visit, the wallet's events
 * followed, and the balance read. A refusal is 'Connection rejected' (EIP-1193 4001); anything else 'Failed to
 * connect'. Either way the namespace returns to the status it had and CONNECT_ERROR is tracked.
 */
export const connect = Effect.fn("connect")(function* (
  connectorId: string,
  options: { readonly network?: CaipNetwork | undefined } = {}
) {
  const store = yield* StateStore
  const state = store.getSnapshot()
  const connector: Connector | undefined = state.connectors.find((c) => c.id === connectorId)
  if (connector === undefined) {
    return yield* new ConnectionError({ reason: "FailedToConnect", details: `No connector "${connectorId}"` })
  }
  const namespace = connector.chain
  const implementation = yield* implementationOf(connectorId, namespace)
  const connectWallet = implementation.connect
  if (connectWallet === undefined) {
    return yield* new ConnectionError({ reason: "AdapterNotFound", params: { namespace } })
  }
  const network =
    options.network ?? state.activeNetworks[namespace] ?? state.networks.find((n) => n.chainNamespace === namespace)
  if (network === undefined) {
    return yield* new ConnectionError({ reason: "NoRequestedChains", details: `No ${namespace} network` })
  }
  const statusBefore = state.accounts[namespace].status
  // Over WalletConnect, the registry wallet the user chose (Connect, All Wallets) is the one that connects.
  const chosen = connector.type === "WALLET_CONNECT" ? selectWalletConnectWallet(state) : undefined
  yield* track("SELECT_WALLET", {
    name: chosen?.name ?? connector.name,
    platform: connector.type === "WALLET_CONNECT" ? (state.isMobile ? "mobile" : "qrcode") : "browser"
  })
  store.update((s) => ({
    ...s,
    accounts: { ...s.accounts, [namespace]: { ...s.accounts[namespace], status: "connecting" } },
    ...(connector.type === "WALLET_CONNECT" ? { walletConnect: { ...s.walletConnect, wallet: chosen } } : {})
  }))
  // A pairing's URI (WalletConnect) goes into the state for the QR code, with its 4-minute expiry (SPEC §5), on the
  // client's clock; with under 10 s left the adapter is asked for a fresh one.
  const clock = yield* Clock.Clock
  const onUri = (uri: string) =>
    store.update((s) => ({
      ...s,
      walletConnect: { ...s.walletConnect, uri, expiry: pairingExpiry(clock.currentTimeMillisUnsafe()) }
    }))
  const renew = implementation.renewPairing
  if (renew !== undefined) yield* Effect.forkChild(renewPairings(() => renew(connectorId)))
  const clearUri = Effect.sync(() =>
    store.update((s) =>
      s.walletConnect.uri === undefined
        ? s
        : { ...s, walletConnect: { ...s.walletConnect, uri: undefined, expiry: undefined } }
    )
  )
  const connection = yield* Effect.tryPromise({
    try: () => connectWallet({ connectorId, network, onUri }),
    catch: toConnectionError
  }).pipe(
    Effect.ensuring(clearUri),
    Effect.tapError((error) =>
      Effect.gen(function* () {
        store.update((s) => ({
          ...s,
          accounts: { ...s.accounts, [namespace]: { ...s.accounts[namespace], status: statusBefore } }
        }))
        yield* track("CONNECT_ERROR", { message: error.shortMessage })
      })
    )
  )
  // A connection may serve only other namespaces (a Solana-only wallet over WalletConnect, whose connector is listed
  // as an EVM one): the connector's own namespace then goes back to how it was.
  const others = Object.entries(connection.namespaces ?? {}).filter(([, side]) => side.accounts.length > 0)
  if (connection.accounts.length > 0 || others.length === 0) {
    yield* settle(namespace, connection, implementation, true)
    yield* settleOthers(namespace, connection, implementation, state.activeNamespace)
  } else {
    store.update((s) => ({
      ...s,
      accounts: { ...s.accounts, [namespace]: { ...s.accounts[namespace], status: statusBefore } }
    }))
    const [first] = others[0] as [ChainNamespace, NamespaceConnection]
    yield* settleOthers(namespace, connection, implementation, first)
  }
  if (connector.type === "WALLET_CONNECT") yield* rememberLinking(chosen)
  yield* rememberRecent(connector, chosen)
  yield* track("CONNECT_SUCCESS", {
    method: connector.type === "WALLET_CONNECT" ? (state.isMobile ? "mobile" : "qrcode") : "browser",
    name: chosen?.name ?? connector.name
  })
  // Connected from the modal (a wallet's view, an embedded login's): it closes, as AppKit's does (an
  // UnsupportedChain the wallet's chain opened stays).
  const routerOptions = yield* Options
  store.update((s) =>
    s.modal.open && (s.modal.view.startsWith("Connect") || s.modal.view.startsWith("Email"))
      ? { ...s, modal: close(s.modal, routerContext(s, routerOptions)).state }
      : s
  )
  return connection
})

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
    if (connectorId !== undefined) {
      adapters.listeners.get(listenerKey(namespace, connectorId))?.()
      adapters.listeners.delete(listenerKey(namespace, connectorId))
    }
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

/** Asks the namespace's wallet to end the connection (revoking where it can); a failure is only a warning. */
export const disconnectWallet = (namespace: ChainNamespace) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const connectorId = store.getSnapshot().activeConnectorIds[namespace]
    if (connectorId === undefined) return
    const implementation = yield* (yield* Adapters).loadFor(connectorId, namespace)
    const disconnectIt = implementation?.disconnect
    if (disconnectIt !== undefined) yield* Effect.tryPromise(() => disconnectIt({ connectorId, namespace }))
  }).pipe(Effect.catch((error) => Effect.logWarning("Airlock: the wallet did not confirm the disconnect", error)))

/**
 * On a phone, a request the WalletConnect wallet must approve (signing, sending) brings that wallet forward: its
 * remembered link opens (SPEC §4 linking). Reads and other connectors open nothing.
 */
export const bringWalletForward = (method: string, connectorId: string) =>
  Effect.gen(function* () {
    const state = (yield* StateStore).getSnapshot()
    const { linking } = state.walletConnect
    if (linking === undefined || classifyRpcMethod(method) !== "unsafe") return
    if (state.connectors.find((c) => c.id === connectorId)?.type !== "WALLET_CONNECT") return
    ;(yield* Platform).open(linking.href, walletLinkTarget(linking.href), "noreferrer noopener")
  })

/**
 * The provider with its `request` preceded by `forward(method)` (a failure there never stops the request); every other
 * member is the provider's own, bound to it. Anything without a `request` method is returned as it is. One wrapper per
 * provider, so an app that asks twice gets the same object (wagmi and viem compare providers).
 */
const forwarded = new WeakMap<object, object>()

export const withWalletForward = (provider: unknown, forward: (method: string) => Promise<void>): unknown => {
  if (typeof provider !== "object" || provider === null) return provider
  const target = provider as { request?: unknown }
  if (typeof target.request !== "function") return provider
  const known = forwarded.get(target)
  if (known !== undefined) return known
  const request = target.request as (args: { readonly method: string }) => Promise<unknown>
  const wrapped = new Proxy(target, {
    get: (object, key, receiver) => {
      if (key === "request") {
        return async (args: { readonly method: string }) => {
          await forward(args?.method ?? "").catch(() => undefined)
          return request.call(object, args)
        }
      }
      const value: unknown = Reflect.get(object, key, receiver)
      return typeof value === "function" ? (value as (...a: Array<unknown>) => unknown).bind(object) : value
    }
  })
  forwarded.set(target, wrapped)
  return wrapped
}

/**
 * Sends a request to the active connector of `namespace`, after SPEC §5's method rules: a method outside the
 * allowlist is refused with an `RpcError` before it reaches the wallet. An embedded wallet's unsafe request waits for
 * the user in ApproveTransaction first (`approved: true` skips that: the modal's own Send confirmed it already), and
 * its disallowed one shows 'Action not allowed'.
 */
export const request = Effect.fn("request")(function* (
  args: { readonly method: string; readonly params?: unknown },
  namespace: ChainNamespace,
  options: { readonly approved?: boolean | undefined } = {}
) {
  const store = yield* StateStore
  const connectorId = store.getSnapshot().activeConnectorIds[namespace]
  const isAuth =
    connectorId !== undefined && store.getSnapshot().connectors.find((c) => c.id === connectorId)?.type === "AUTH"
  const handling = classifyRpcMethod(args.method)
  if (handling === "notAllowed") {
    if (isAuth) return yield* refuseNotAllowed(args.method)
    return yield* new RpcError({ reason: "MethodNotAllowed", params: { method: args.method } })
  }
  if (connectorId === undefined) {
    return yield* new ConnectionError({ reason: "FailedToConnect", details: `No ${namespace} connection` })
  }
  const problem = checkRpcParams(args.method, args.params)
  if (problem !== undefined) {
    return yield* new RpcError({ reason: "InvalidParams", params: { method: args.method }, details: problem })
  }
  const implementation = yield* implementationOf(connectorId, namespace)
  const send = implementation.request
  if (send === undefined) return yield* new ConnectionError({ reason: "AdapterNotFound", params: { namespace } })
  yield* bringWalletForward(args.method, connectorId)
  const network = store.getSnapshot().activeNetworks[namespace]
  const sendIt = Effect.tryPromise({
    try: () =>
      send({
        connectorId,
        method: args.method,
        ...(args.params === undefined ? {} : { params: args.params }),
        ...(network === undefined ? {} : { network })
      }),
    catch: (error) => error
  })
  const result = yield* isAuth && handling === "unsafe" && options.approved !== true
    ? withApproval(args, sendIt)
    : sendIt
  // An embedded wallet's smart account deploys with its first transaction: the account's state reads it again.
  if (isAuth && sendingMethods.has(args.method)) {
    yield* forkInClient(
      Effect.promise(() => import("./embedded.ts")).pipe(
        Effect.flatMap((m) => m.refreshUser),
        Effect.catch((error) => Effect.logWarning("Airlock: the embedded wallet's user was not read again", error))
      )
    )
  }
  return result
})

/** Methods that send a transaction (an embedded wallet's smart account deploys with its first one). */
const sendingMethods = new Set(["eth_sendTransaction", "wallet_sendCalls", "eth_sendUserOperation"])
