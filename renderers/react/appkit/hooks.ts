"use client"
// Docs: docs/migrate-from-appkit.md#hooks
import {
  type AirlockEvent,
  type AirlockState,
  type CaipNetwork,
  type ChainNamespace,
  type ConnectionEntry,
  selectConnections,
  type ThemeMode,
  type ThemeVariables
} from "airlock-kit"
import {
  type AppKitAccount,
  type AppKitNetwork,
  type AppKitNetworkState,
  type AppKitOpenOptions,
  type AppKitState,
  type AppKitWalletInfo,
  selectAppKitAccount,
  selectAppKitNetwork,
  selectAppKitState,
  selectAppKitTheme,
  selectAppKitWalletInfo
} from "airlock-kit/appkit"
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react"
import { shallowEqual } from "../internal/shallowEqual.ts"
import { useAppKitClient, useAppKitSelector } from "./scope.ts"

/** What {@link useAppKit} returns. */
export interface UseAppKitReturn {
  readonly open: (options?: AppKitOpenOptions) => Promise<void>
  readonly close: () => Promise<void>
}

/**
 * AppKit's `useAppKit()`: opens (Connect, or Account once connected; `{ view }` for another view) and closes the modal.
 *
 * @example
 * ```tsx
 * import { useAppKit } from "airlock-kit/appkit/react"
 * const Open = () => {
 *   const { open } = useAppKit()
 *   return <button type="button" onClick={() => open()}>Connect</button>
 * }
 * ```
 */
export const useAppKit = (): UseAppKitReturn => {
  const client = useAppKitClient()
  return useMemo(
    () => ({
      open: (options) => client.open(options as Parameters<typeof client.open>[0]),
      close: () => client.close()
    }),
    [client]
  )
}

/** AppKit's `useAppKitAccount({ namespace })`: the address, CAIP address, status and `isConnected`. */
export const useAppKitAccount = (options: { readonly namespace?: ChainNamespace | undefined } = {}): AppKitAccount => {
  const { namespace } = options
  return useAppKitSelector(useCallback((state) => selectAppKitAccount(state, namespace), [namespace]))
}

/** What {@link useAppKitNetwork} returns. */
export interface UseAppKitNetworkReturn extends AppKitNetworkState {
  readonly switchNetwork: (network: AppKitNetwork) => Promise<void>
}

/**
 * AppKit's `useAppKitNetwork()`: the active network, its CAIP id and chain id, and `switchNetwork` (one of the app's
 * networks, or a viem chain with the same id).
 */
export const useAppKitNetwork = (): UseAppKitNetworkReturn => {
  const client = useAppKitClient()
  const network = useAppKitSelector(selectAppKitNetwork)
  return useMemo(
    () => ({
      ...network,
      switchNetwork: (target: AppKitNetwork) => {
        // A viem chain is read as an eip155 network; the app's own network object is the one switched to, and one
        // the app does not list fails as Airlock's switchNetwork fails (ChainError 'Network not found').
        const network =
          "caipNetworkId" in target
            ? target
            : ({ ...target, chainNamespace: "eip155", caipNetworkId: `eip155:${target.id}` } as CaipNetwork)
        const own = client.getState().networks.find((n) => n.caipNetworkId === network.caipNetworkId)
        return client.switchNetwork(own ?? network)
      }
    }),
    [client, network]
  )
}

/** AppKit's `useAppKitState()`: `open`, `loading`, `initialized`, `selectedNetworkId`, `activeChain`. */
export const useAppKitState = (): AppKitState => useAppKitSelector(selectAppKitState)

const noEvent = (): undefined => undefined

/** AppKit's `useAppKitEvents()`: the latest event `{ timestamp, data: { type, event, properties } }`; `undefined` before the first. */
export const useAppKitEvents = (): AirlockEvent | undefined => {
  const client = useAppKitClient()
  const subscribe = useCallback((onChange: () => void) => client.subscribeEvents(() => onChange()), [client])
  const latest = useCallback(() => client.getState().lastEvent, [client])
  return useSyncExternalStore(subscribe, latest, noEvent)
}

/** What {@link useAppKitTheme} returns. */
export interface UseAppKitThemeReturn {
  readonly themeMode: ThemeMode
  readonly themeVariables: ThemeVariables
  readonly setThemeMode: (mode: ThemeMode) => void
}

/** AppKit's `useAppKitTheme()` without `setThemeVariables` (set them with the `themeVariables` option). */
export const useAppKitTheme = (): UseAppKitThemeReturn => {
  const client = useAppKitClient()
  const theme = useAppKitSelector(selectAppKitTheme)
  return useMemo(() => ({ ...theme, setThemeMode: (mode: ThemeMode) => client.setThemeMode(mode) }), [client, theme])
}

/** AppKit's `useDisconnect()`: `disconnect({ namespace })` ends one namespace, or every one without it. */
export const useDisconnect = (): {
  readonly disconnect: (options?: { readonly namespace?: ChainNamespace | undefined }) => Promise<void>
} => {
  const client = useAppKitClient()
  return useMemo(() => ({ disconnect: (options = {}) => client.disconnect(options.namespace) }), [client])
}

/** AppKit's `useWalletInfo()`: the connected wallet's `{ name, icon, type, rdns }`, `undefined` while disconnected. */
export const useWalletInfo = (namespace?: ChainNamespace): { readonly walletInfo: AppKitWalletInfo | undefined } => {
  const walletInfo = useAppKitSelector(useCallback((state) => selectAppKitWalletInfo(state, namespace), [namespace]))
  return useMemo(() => ({ walletInfo }), [walletInfo])
}

/**
 * AppKit's `useAppKitProvider(namespace)`: the connection's provider (EIP-1193 for `eip155`, which viem's `custom()`
 * and ethers' `BrowserProvider` take) and its connector type; `undefined` while disconnected, and for the moment
 * after a connection while the provider is fetched.
 */
export const useAppKitProvider = <T = unknown>(
  namespace: ChainNamespace
): { readonly walletProvider: T | undefined; readonly walletProviderType: string | undefined } => {
  const client = useAppKitClient()
  const connected = useAppKitSelector(
    useCallback(
      (state) =>
        state.accounts[namespace].status === "connected"
          ? `${state.activeConnectorIds[namespace] ?? ""}|${state.accounts[namespace].address ?? ""}`
          : undefined,
      [namespace]
    )
  )
  const type = useAppKitSelector(
    useCallback(
      (state) =>
        state.accounts[namespace].status === "connected"
          ? state.connectors.find((c) => c.id === state.activeConnectorIds[namespace])?.type
          : undefined,
      [namespace]
    )
  )
  const [provider, setProvider] = useState<{ readonly key: string; readonly value: unknown } | undefined>(undefined)
  useEffect(() => {
    if (connected === undefined) return
    let live = true
    client.getProvider(namespace).then(
      (value) => {
        if (live) setProvider({ key: connected, value })
      },
      () => undefined
    )
    return () => {
      live = false
    }
  }, [client, namespace, connected])
  const walletProvider = provider !== undefined && provider.key === connected ? (provider.value as T) : undefined
  return useMemo(() => ({ walletProvider, walletProviderType: type }), [walletProvider, type])
}

/** What `fetchBalance` of {@link useAppKitBalance} resolves with. */
export interface AppKitBalanceResult {
  readonly data: { readonly balance: string; readonly symbol: string } | undefined
  readonly error: string | null
  readonly isSuccess: boolean
  readonly isError: boolean
}

/** AppKit's `useAppKitBalance()`: `fetchBalance()` fetches the active account's native balance again. */
export const useAppKitBalance = (): { readonly fetchBalance: () => Promise<AppKitBalanceResult> } => {
  const client = useAppKitClient()
  return useMemo(
    () => ({
      fetchBalance: async () => {
        const namespace = client.getState().activeNamespace
        const account = namespace === undefined ? undefined : client.getState().accounts[namespace]
        if (namespace === undefined || account?.status !== "connected") {
          return { data: undefined, error: "No account connected", isSuccess: false, isError: true }
        }
        await client.refresh(namespace, { force: true })
        const { balance, balanceSymbol } = client.getState().accounts[namespace]
        return balance === undefined || balanceSymbol === undefined
          ? { data: undefined, error: "Balance unavailable", isSuccess: false, isError: true }
          : { data: { balance, symbol: balanceSymbol }, error: null, isSuccess: true, isError: false }
      }
    }),
    [client]
  )
}

/** The live connections of `namespace` (every namespace without it), the same array while the list is unchanged. */
const useConnections = (namespace: ChainNamespace | undefined): ReadonlyArray<ConnectionEntry> => {
  const select = useMemo(() => {
    let last: { readonly state: AirlockState; readonly value: ReadonlyArray<ConnectionEntry> } | undefined
    return (state: AirlockState) => {
      if (last?.state === state) return last.value
      const next = selectConnections(state, namespace)
      const same =
        last !== undefined &&
        last.value.length === next.length &&
        last.value.every((entry, i) => shallowEqual(entry, next[i]))
      last = { state, value: same && last !== undefined ? last.value : next }
      return last.value
    }
  }, [namespace])
  return useAppKitSelector(select)
}

/**
 * AppKit's `useAppKitConnections(namespace)`: the live connections (multi-wallet), the active one first. There is no
 * `recentConnections` list in Airlock: it is always empty.
 */
export const useAppKitConnections = (
  namespace?: ChainNamespace
): {
  readonly connections: ReadonlyArray<ConnectionEntry>
  readonly recentConnections: ReadonlyArray<ConnectionEntry>
} => {
  const connections = useConnections(namespace)
  return useMemo(() => ({ connections, recentConnections: noConnections }), [connections])
}
const noConnections: ReadonlyArray<ConnectionEntry> = []

/** What {@link useAppKitConnection} returns. */
export interface UseAppKitConnectionReturn {
  /** The connection in use in the namespace. */
  readonly connection: ConnectionEntry | undefined
  readonly isPending: boolean
  readonly switchConnection: (args: {
    readonly connection: ConnectionEntry
    readonly address?: string | undefined
  }) => Promise<void>
  readonly deleteConnection: (args: { readonly connectorId: string }) => Promise<void>
}

/** AppKit's `useAppKitConnection({ namespace, onSuccess, onError })`: the connection in use, switch and delete. */
export const useAppKitConnection = (
  options: {
    readonly namespace?: ChainNamespace | undefined
    readonly onSuccess?: (() => void) | undefined
    readonly onError?: ((error: unknown) => void) | undefined
  } = {}
): UseAppKitConnectionReturn => {
  const { namespace, onSuccess, onError } = options
  const client = useAppKitClient()
  const connections = useConnections(namespace)
  const [isPending, setPending] = useState(false)
  const callbacks = useRef({ onSuccess, onError })
  useEffect(() => {
    callbacks.current = { onSuccess, onError }
  })
  const run = useCallback(async (action: () => Promise<void>) => {
    setPending(true)
    try {
      await action()
      callbacks.current.onSuccess?.()
    } catch (error) {
      callbacks.current.onError?.(error)
    } finally {
      setPending(false)
    }
  }, [])
  const connection = connections.find((c) => c.status === "connected")
  return useMemo(
    () => ({
      connection,
      isPending,
      switchConnection: ({ connection: target, address }) =>
        run(() =>
          client.switchConnection({
            connectorId: target.connectorId,
            namespace: target.namespace,
            address: address ?? target.address
          })
        ),
      deleteConnection: ({ connectorId }) => run(() => client.disconnectConnection({ connectorId, namespace }))
    }),
    [client, connection, isPending, run, namespace]
  )
}
