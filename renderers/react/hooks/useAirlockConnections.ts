"use client"
import { type AirlockState, type ChainNamespace, type ConnectionEntry, selectConnections } from "airlock-kit"
// Docs: docs/react.md#hooks
import { useCallback, useMemo } from "react"
import { useAirlock } from "./useAirlock.ts"
import { useAirlockSelector } from "./useAirlockSelector.ts"

/** What {@link useAirlockConnections} returns (AppKit's `useAppKitConnections` shape where it means the same). */
export interface UseAirlockConnectionsReturnType {
  /** The live connections, the active one of each namespace first (only the active ones with `multiWallet` off). */
  readonly connections: ReadonlyArray<ConnectionEntry>
  /** Whether the project's `multiWallet` feature is on (SPEC §6); off, the actions below show an info message. */
  readonly multiWallet: boolean
  /** `airlock.switchConnection`: makes a listed connection the active one (a disconnected one opens its login). */
  readonly switchConnection: (args: {
    readonly connectorId: string
    readonly namespace?: ChainNamespace | undefined
    readonly address?: string | undefined
  }) => Promise<void>
  /** `airlock.disconnectConnection`: ends one connection; the namespace's others stay. */
  readonly disconnectConnection: (args: {
    readonly connectorId: string
    readonly namespace?: ChainNamespace | undefined
  }) => Promise<void>
  /** `airlock.addWallet`: Connect, to add another wallet of `namespace`. */
  readonly addWallet: (namespace?: ChainNamespace) => Promise<void>
}

const selectMultiWallet = (state: AirlockState) => state.features.multiWallet

/**
 * The live connections of `namespace` (default: every namespace) with the multi-wallet actions: ProfileWallets'
 * data, for a wallet switcher of the app's own.
 *
 * @example
 * ```tsx
 * import { useAirlockConnections } from "airlock-kit/react"
 * const Wallets = () => {
 *   const { connections, switchConnection } = useAirlockConnections("eip155")
 *   return (
 *     <ul>
 *       {connections.map((c) => (
 *         <li key={c.connectorId}>
 *           <button type="button" onClick={() => void switchConnection(c)}>
 *             {c.name} ({c.status})
 *           </button>
 *         </li>
 *       ))}
 *     </ul>
 *   )
 * }
 * ```
 */
export const useAirlockConnections = (namespace?: ChainNamespace): UseAirlockConnectionsReturnType => {
  const client = useAirlock()
  const selector = useCallback((state: AirlockState) => selectConnections(state, namespace), [namespace])
  const connections = useAirlockSelector(selector)
  const multiWallet = useAirlockSelector(selectMultiWallet)
  return useMemo(
    () => ({
      connections,
      multiWallet,
      switchConnection: (args) => client.switchConnection(args),
      disconnectConnection: (args) => client.disconnectConnection(args),
      addWallet: (ns) => client.addWallet(ns)
    }),
    [client, connections, multiWallet]
  )
}
