import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { NamespaceConnection } from "../../adapter/AdapterImplementation.ts"
import { Adapters } from "../../adapter/Adapters.ts"
import { ConnectionError } from "../../errors/catalogue.ts"
import type { Connector } from "../../schema/connector.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import type { CaipNetwork } from "../../schema/network.ts"
import { pairingExpiry } from "../../schema/pairing.ts"
import { StateStore } from "../../state/StateStore.ts"
import { selectWalletConnectWallet } from "../../state/selectors.ts"
import { track } from "../events/track.ts"
import { shakeModal } from "../modal/feedback.ts"
import { connectNetworkOf, implementationOf, toConnectionError } from "./adapter.ts"
import { closeAfterConnect } from "./closeAfterConnect.ts"
import { rememberLinking } from "./forward.ts"
import { givePreparedUp, renewPairings } from "./pairing.ts"
import { rememberRecent } from "./recent.ts"
import { settle, settleOthers } from "./settle.ts"

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
  const adapters = yield* Adapters
  const implementation = yield* implementationOf(connectorId, namespace)
  const connectWallet = implementation.connect
  if (connectWallet === undefined) {
    return yield* new ConnectionError({ reason: "AdapterNotFound", params: { namespace } })
  }
  const network = options.network ?? connectNetworkOf(state, namespace)
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
  // A pairing made in advance (`preparePairing`) comes with its age: its 4 minutes run from when it was made.
  const onUri = (uri: string, age = 0) =>
    store.update((s) => ({
      ...s,
      walletConnect: { ...s.walletConnect, uri, expiry: pairingExpiry(clock.currentTimeMillisUnsafe() - age) }
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
    // A pairing made in advance for this connector is the connect's now (taken, or dropped by the adapter).
    Effect.ensuring(Effect.sync(() => adapters.prepared.delete(connectorId))),
    Effect.tapError((error) =>
      Effect.gen(function* () {
        store.update((s) => ({
          ...s,
          accounts: { ...s.accounts, [namespace]: { ...s.accounts[namespace], status: statusBefore } }
        }))
        yield* track("CONNECT_ERROR", { message: error.shortMessage })
        // A refusal shakes the open modal (SPEC §4), whichever view asked.
        if (error.reason === "ConnectionRejected" && store.getSnapshot().modal.open) yield* shakeModal
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
  // Another wallet was chosen over a WalletConnect pairing made in advance: it is given up.
  yield* givePreparedUp(connectorId)
  if (connector.type === "WALLET_CONNECT") yield* rememberLinking(chosen)
  yield* rememberRecent(connector, chosen)
  yield* track("CONNECT_SUCCESS", {
    method:
      connector.type === "WALLET_CONNECT"
        ? state.isMobile
          ? "mobile"
          : "qrcode"
        : connector.type === "AUTH"
          ? "email"
          : "browser",
    name: chosen?.name ?? connector.name
  })
  // The modal closes, unless sign-in is reading the account's sessions (it closes or asks to sign then).
  if (store.getSnapshot().siwx.status !== "checking") yield* closeAfterConnect
  return connection
})
