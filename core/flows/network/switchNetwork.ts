import * as Effect from "effect/Effect"
import { Adapters } from "../../adapter/Adapters.ts"
import { AlertError } from "../../errors/alerts.ts"
import { ChainError, ConnectionError } from "../../errors/catalogue.ts"
import { errorCode, errorMessage } from "../../rules/walletErrors.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import type { CaipNetwork } from "../../schema/network.ts"
import { Options } from "../../services/Options.ts"
import { Storage, StorageKeys } from "../../services/Storage.ts"
import { forkInClient } from "../../state/ClientScope.ts"
import { isConnected } from "../../state/routerContext.ts"
import { StateStore } from "../../state/StateStore.ts"
import { showAlert } from "../../state/showAlert.ts"
import { refreshBalance } from "../account/balance.ts"
import { track } from "../events/track.ts"
import { applyClose } from "../modal/close.ts"
import { activateNetwork } from "./activate.ts"
import { isSupportedNetwork } from "./report.ts"

/**
 * Switches the active network (SPEC §4). A network the app does not list fails with 'Network not found' and shows
 * the APKT001 alert. The last chain is stored for the next visit. A switch the SwitchNetwork view was waiting for
 * closes the modal once the wallet moved.
 */
export const switchNetwork = Effect.fn("switchNetwork")(function* (network: CaipNetwork) {
  const store = yield* StateStore
  const storage = yield* Storage
  if (!isSupportedNetwork(store.getSnapshot(), network)) {
    yield* showAlert(
      new AlertError({ code: "APKT001", details: `${network.caipNetworkId} is not one of the app's networks` })
    )
    return yield* new ChainError({ reason: "NetworkNotFound", details: network.caipNetworkId })
  }
  const changesNamespace = store.getSnapshot().activeNamespace !== network.chainNamespace
  const before = store.getSnapshot().activeNetworks[network.chainNamespace]?.caipNetworkId
  // The flag spans the switch, so views can hold back account data of the namespace being left (SPEC §4).
  if (changesNamespace) store.update((state) => ({ ...state, switchingNamespace: true }))
  yield* Effect.gen(function* () {
    yield* moveWallet(network)
    store.update((state) => activateNetwork(state, network))
    yield* storage.set(StorageKeys.lastChain, network.caipNetworkId)
    yield* storage.set(StorageKeys.activeNamespace, network.chainNamespace)
  }).pipe(
    Effect.ensuring(
      Effect.sync(() => {
        if (changesNamespace) store.update((state) => ({ ...state, switchingNamespace: false }))
      })
    )
  )
  if (changesNamespace || before !== network.caipNetworkId) {
    yield* track("SWITCH_NETWORK", { network: network.caipNetworkId })
  }
  yield* forkInClient(refreshBalance(network.chainNamespace))
  // The SwitchNetwork view waited for this switch: the modal closes (its close has no router effect to run).
  const { modal } = store.getSnapshot()
  const waited = modal.open && modal.view === "SwitchNetwork"
  if (waited && modal.data.SwitchNetwork?.caipNetworkId === network.caipNetworkId) {
    const options = yield* Options
    applyClose(store, options)
    if (!options.embedded) yield* track("MODAL_CLOSE", { connected: isConnected(store.getSnapshot()) })
  }
})

/**
 * Asks the namespace's connected wallet to move to `network` first (its adapter adds the chain to the wallet when
 * the wallet does not know it, SPEC §4). A refusal is 'Connection rejected'; a chain the wallet cannot take is
 * 'Chain is not supported'. Nothing to do while disconnected or when the wallet is there already.
 */
const moveWallet = (network: CaipNetwork) =>
  Effect.gen(function* () {
    const state = (yield* StateStore).getSnapshot()
    const namespace = network.chainNamespace
    const connectorId = state.activeConnectorIds[namespace]
    if (connectorId === undefined || state.accounts[namespace].status !== "connected") return
    if (state.activeNetworks[namespace]?.caipNetworkId === network.caipNetworkId) return
    const implementation = yield* (yield* Adapters).loadFor(connectorId, namespace)
    const switchIt = implementation?.switchNetwork
    if (switchIt === undefined) return
    yield* Effect.tryPromise({
      try: () => switchIt({ connectorId, network }),
      catch: (cause) =>
        errorCode(cause) === 4001
          ? new ConnectionError({ reason: "ConnectionRejected", details: errorMessage(cause), cause })
          : new ChainError({ reason: "ChainNotSupported", details: errorMessage(cause), cause })
    })
  })

/** Switches to `namespace`: its last active network, else the app's first network of that namespace. */
export const switchNamespace = (namespace: ChainNamespace) =>
  Effect.gen(function* () {
    const state = (yield* StateStore).getSnapshot()
    if (state.activeNamespace === namespace) return
    const network = state.activeNetworks[namespace] ?? state.networks.find((n) => n.chainNamespace === namespace)
    if (network === undefined) return yield* new ChainError({ reason: "NetworkNotFound", details: namespace })
    yield* switchNetwork(network)
  }).pipe(Effect.withSpan("switchNamespace"))
