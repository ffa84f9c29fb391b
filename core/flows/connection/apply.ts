import type { AdapterConnection, AuthConnection } from "../../adapter/AdapterImplementation.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { emptyAccount } from "../../state/initial.ts"
import { activateNetwork } from "../network/activate.ts"

/** The account fields an embedded wallet's login fills (SPEC §3). */
export const authFields = (auth: AuthConnection) => ({
  user: auth.user,
  ...(auth.preferredAccountType === undefined ? {} : { preferredAccountType: auth.preferredAccountType }),
  ...(auth.smartAccountDeployed === undefined ? {} : { smartAccountDeployed: auth.smartAccountDeployed }),
  ...(auth.socialProvider === undefined ? {} : { socialProvider: auth.socialProvider })
})

/** The login of the namespace's current connection through `connectorId`, as its connection gave it. */
export const authOf = (
  state: AirlockState,
  namespace: ChainNamespace,
  connectorId: string
): AuthConnection | undefined => {
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

/** Writes a made or restored connection: accounts, the active connector and the wallet's network. */
export const applyConnection = (
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
  // The wallet behind it (a WalletConnect peer): given with the connection, else kept from its listed entry.
  const wallet =
    connection.wallet ?? state.connections[namespace]?.find((c) => c.connectorId === connection.connectorId)?.wallet
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
        ...(auth === undefined ? {} : authFields(auth)),
        ...(wallet === undefined ? {} : { connectedWalletInfo: wallet })
      }
    },
    connections: {
      ...state.connections,
      [namespace]: [
        {
          connectorId: connection.connectorId,
          accounts: connection.accounts.map((a) => ({ address: a })),
          ...(auth?.name === undefined ? {} : { auth: { name: auth.name } }),
          ...(wallet === undefined ? {} : { wallet })
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

/** The namespace's state back to disconnected (its tab choice kept), its connection and active connector removed. */
export const clearNamespace = (state: AirlockState, namespace: ChainNamespace): AirlockState => {
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

/**
 * Lists a live connection of `namespace` that is not the active one (multi-wallet: another wallet restored on start,
 * or one whose accounts changed while another is active): its entry is written after the active one's, and nothing
 * else (account, active connector, network) changes.
 */
export const listConnection = (
  state: AirlockState,
  namespace: ChainNamespace,
  connection: Pick<AdapterConnection, "connectorId" | "accounts" | "auth" | "wallet">
): AirlockState => {
  const list = state.connections[namespace] ?? []
  const entry = {
    connectorId: connection.connectorId,
    accounts: connection.accounts.map((a) => ({ address: a })),
    ...(connection.auth?.name === undefined ? {} : { auth: { name: connection.auth.name } }),
    ...(connection.wallet === undefined ? {} : { wallet: connection.wallet })
  }
  const at = list.findIndex((c) => c.connectorId === connection.connectorId)
  const next =
    at === -1
      ? [...list, entry]
      : list.map((c, i) => (i === at ? { ...entry, auth: entry.auth ?? c.auth, wallet: entry.wallet ?? c.wallet } : c))
  return { ...state, connections: { ...state.connections, [namespace]: next } }
}

/** Removes a connection of `namespace` that is not the active one from the list (the active one ends with `clearNamespace`). */
export const unlistConnection = (state: AirlockState, namespace: ChainNamespace, connectorId: string): AirlockState => {
  const list = state.connections[namespace]
  if (list === undefined || !list.some((c) => c.connectorId === connectorId)) return state
  return {
    ...state,
    connections: { ...state.connections, [namespace]: list.filter((c) => c.connectorId !== connectorId) }
  }
}
