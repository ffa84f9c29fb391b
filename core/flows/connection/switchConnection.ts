import * as Effect from "effect/Effect"
import { ConnectionError } from "../../errors/catalogue.ts"
import { push } from "../../router/index.ts"
import type { Connector } from "../../schema/connector.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { forkInClient } from "../../state/ClientScope.ts"
import { StateStore } from "../../state/StateStore.ts"
import { selectConnectorStatus } from "../../state/selectors.ts"
import { refreshBalance } from "../account/balance.ts"
import { refreshIdentity } from "../account/identity.ts"
import { setPreferredAccount } from "../embedded/accountType.ts"
import { track } from "../events/track.ts"
import { activateConnection } from "./activate.ts"
import { applyConnection } from "./apply.ts"
import { multiWalletAllowed } from "./multiWallet.ts"

/** What `switchConnection` and `disconnectConnection` take: the connector, and its namespace (default its own). */
export interface ConnectionTarget {
  readonly connectorId: string
  readonly namespace?: ChainNamespace | undefined
}

/** The namespace a connection target names: its own, else the connector's, else the active one. */
export const targetNamespace = (state: AirlockState, target: ConnectionTarget): ChainNamespace | undefined =>
  target.namespace ?? state.connectors.find((c) => c.id === target.connectorId)?.chain ?? state.activeNamespace

/**
 * The view that connects `connector` when it has no connection (SPEC §4 'Disconnected opens the proper login
 * view'): the embedded wallet's email and socials on Connect, WalletConnect's QR, a browser wallet's own view.
 */
const loginViewState = (state: AirlockState, connector: Connector): AirlockState => {
  const modal = state.modal.open ? state.modal : { ...state.modal, open: true }
  const next =
    connector.type === "AUTH"
      ? push(modal, "Connect")
      : connector.type === "WALLET_CONNECT"
        ? push(modal, "ConnectingWalletConnect")
        : push(modal, "ConnectingExternal", { connectorId: connector.id, walletName: connector.name })
  return { ...state, modal: next }
}

/**
 * The embedded wallet's account type for `address` (SPEC §4): the smart account when the address is the user's
 * smart account and the network offers it, else the EOA.
 */
const chooseAuthAccount = (namespace: ChainNamespace, address: string) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const account = store.getSnapshot().accounts[namespace]
    if (account.address?.toLowerCase() === address.toLowerCase()) return
    const entry = account.user?.accounts?.find((a) => a.address.toLowerCase() === address.toLowerCase())
    const wanted = entry?.type === "smartAccount" ? "smartAccount" : "eoa"
    yield* setPreferredAccount(wanted).pipe(
      // A network without the smart account keeps the user on the EOA.
      Effect.catch(() => (wanted === "smartAccount" ? setPreferredAccount("eoa") : Effect.void))
    )
  })

/**
 * Switches to a connection (SPEC §4): the active one stays (the embedded wallet may change its account type to
 * `address`); a listed one (`active`) becomes the active one without a prompt, with `address` first when its wallet
 * granted it (the embedded wallet: its account type, as SPEC §4 says); a connector without a connection opens its
 * login view, which ends on ProfileWallets. With the project's `multiWallet` off, anything but the active one shows
 * the feature's info message and does nothing (SPEC §6). Rejects 'Failed to connect' when the listed wallet no
 * longer grants access (it is dropped) or the connector is unknown.
 */
export const switchConnection = Effect.fn("switchConnection")(function* (
  target: ConnectionTarget & { readonly address?: string | undefined }
) {
  const store = yield* StateStore
  const state = store.getSnapshot()
  const connector = state.connectors.find((c) => c.id === target.connectorId)
  const namespace = targetNamespace(state, target)
  if (namespace === undefined || connector === undefined) {
    return yield* new ConnectionError({ reason: "FailedToConnect", details: `No connector "${target.connectorId}"` })
  }
  const status = selectConnectorStatus(state, namespace, target.connectorId)
  if (status !== "connected" && !(yield* multiWalletAllowed)) return
  if (status === "disconnected") {
    store.update((s) => loginViewState(s, connector))
    return
  }
  if (status === "active") {
    const focus = state.activeNamespace === namespace || state.activeNamespace === undefined
    if (!(yield* activateConnection(namespace, target.connectorId, focus))) {
      return yield* new ConnectionError({
        reason: "FailedToConnect",
        details: `"${connector.name}" is no longer connected`
      })
    }
    yield* track("SWITCH_CONNECTION", { name: connector.name, namespace })
  }
  const address = target.address
  if (address === undefined) return
  if (connector.type === "AUTH") return yield* chooseAuthAccount(namespace, address)
  // Another account the wallet granted: it becomes the one shown, as the wallet's own account change would.
  const listed = store.getSnapshot().connections[namespace]?.find((c) => c.connectorId === target.connectorId)
  const wanted = listed?.accounts.find((a) => a.address.toLowerCase() === address.toLowerCase())?.address
  if (wanted === undefined || wanted === store.getSnapshot().accounts[namespace].address) return
  const accounts = [wanted, ...(listed?.accounts ?? []).map((a) => a.address).filter((a) => a !== wanted)]
  store.update((s) =>
    applyConnection(s, namespace, { connectorId: target.connectorId, accounts, chainId: undefined }, false)
  )
  yield* forkInClient(Effect.all([refreshBalance(namespace), refreshIdentity(namespace)], { discard: true }))
})
