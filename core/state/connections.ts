import type { Connector, ConnectorStatus } from "../schema/connector.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import type { AirlockState } from "./AirlockState.ts"

/**
 * One connection as ProfileWallets shows it (`airlock.getConnections`, `useAirlockConnections`): the connector (id,
 * name, type, icon), its namespace, its accounts (the first is the one in use) and its status (SPEC §4: `connected`
 * is the active connection, `active` one listed but not in use).
 */
export interface ConnectionEntry {
  readonly connectorId: string
  readonly namespace: ChainNamespace
  /** The connector's name (its wallet's); the connector id when it is no longer discovered. */
  readonly name: string
  readonly type: Connector["type"] | undefined
  /** The connector's icon (its image URL, else its announced icon), unchecked: pass it to `isSafeImageUrl`. */
  readonly icon: string | undefined
  readonly accounts: ReadonlyArray<{ readonly address: string; readonly type?: string | undefined }>
  /** The account in use: the active connection's account, else the connection's first. */
  readonly address: string | undefined
  /** An embedded wallet's login (its email or social user name). */
  readonly authName: string | undefined
  readonly status: Exclude<ConnectorStatus, "disconnected">
}

let lastConnections:
  | { readonly state: AirlockState; readonly byNamespace: Map<string, ReadonlyArray<ConnectionEntry>> }
  | undefined

/**
 * The live connections of `namespace` (default: every namespace, in `state.connections`' order), the active one of
 * each namespace first. SPEC §6: with the project's `multiWallet` off, only the active connector's. Cached per
 * snapshot and namespace, so it can feed `useSyncExternalStore` directly.
 *
 * @example
 * ```ts
 * import { selectConnections } from "airlock-kit"
 * const evm = selectConnections(airlock.getState(), "eip155") // the EVM connections, the active one first
 * ```
 */
export const selectConnections = (state: AirlockState, namespace?: ChainNamespace): ReadonlyArray<ConnectionEntry> => {
  if (lastConnections?.state !== state) lastConnections = { state, byNamespace: new Map() }
  const key = namespace ?? "*"
  const known = lastConnections.byNamespace.get(key)
  if (known !== undefined) return known
  const namespaces = namespace === undefined ? (Object.keys(state.connections) as Array<ChainNamespace>) : [namespace]
  const entries = namespaces.flatMap((ns): Array<ConnectionEntry> => {
    const active = state.activeConnectorIds[ns]
    const list = state.connections[ns] ?? []
    const ordered = [
      ...list.filter((c) => c.connectorId === active),
      ...(state.features.multiWallet ? list.filter((c) => c.connectorId !== active) : [])
    ]
    return ordered.map((connection) => {
      const connector = state.connectors.find((c) => c.id === connection.connectorId)
      const isActive = connection.connectorId === active
      return {
        connectorId: connection.connectorId,
        namespace: ns,
        // A WalletConnect session names the phone wallet behind it; a browser wallet is its connector.
        name: connection.wallet?.name ?? connector?.name ?? connection.connectorId,
        type: connector?.type,
        icon: connection.wallet?.icon ?? connector?.imageUrl ?? connector?.info?.icon ?? undefined,
        accounts: connection.accounts,
        address: (isActive ? state.accounts[ns].address : undefined) ?? connection.accounts[0]?.address,
        authName: connection.auth?.name,
        status: isActive ? "connected" : "active"
      }
    })
  })
  lastConnections.byNamespace.set(key, entries)
  return entries
}
