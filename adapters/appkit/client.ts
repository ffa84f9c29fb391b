import { createAirlock } from "../../core/client/createAirlock.ts"
import type { AirlockClient } from "../../core/client/types.ts"
import type { View } from "../../core/router/views.ts"
import type { ConnectedWalletInfo } from "../../core/schema/account.ts"
import type { ChainNamespace } from "../../core/schema/namespace.ts"
import type { CaipNetwork } from "../../core/schema/network.ts"
import type { AirlockEvent, AirlockState } from "../../core/state/AirlockState.ts"
import type { ThemeMode, ThemeVariables } from "../../core/state/theme.ts"
import { type AppKitNetwork, type AppKitOptions, toAirlockOptions, toCaipNetwork } from "./options.ts"

/** AppKit's `getState()`: the modal's public state. */
export interface AppKitState {
  readonly open: boolean
  /** True while the client starts or a network switch moves to another namespace. */
  readonly loading: boolean
  readonly initialized: boolean
  readonly selectedNetworkId: string | undefined
  readonly activeChain: ChainNamespace | undefined
}

/** AppKit's `getAccount()` / `useAppKitAccount()`. */
export interface AppKitAccount {
  readonly allAccounts: ReadonlyArray<{
    readonly namespace: ChainNamespace
    readonly address: string
    readonly type: string | undefined
  }>
  readonly address: string | undefined
  readonly caipAddress: string | undefined
  readonly isConnected: boolean
  readonly status: "disconnected" | "connecting" | "connected"
  /** The embedded wallet's login, when that is the connection: its user and account type. */
  readonly embeddedWalletInfo:
    | {
        readonly user: { readonly email?: string | null | undefined; readonly username?: string | null | undefined }
        readonly authProvider: string
        readonly accountType: string | undefined
      }
    | undefined
}

/** AppKit's network triple (`useAppKitNetwork()` without `switchNetwork`, `subscribeNetwork`'s argument). */
export interface AppKitNetworkState {
  readonly caipNetwork: CaipNetwork | undefined
  readonly caipNetworkId: string | undefined
  readonly chainId: number | string | undefined
}

/** AppKit's `getWalletInfo()`: the connected wallet's name and icon. */
export type AppKitWalletInfo = ConnectedWalletInfo

/** AppKit's theme (`useAppKitTheme()` without the setters, `subscribeTheme`'s argument). */
export interface AppKitTheme {
  readonly themeMode: ThemeMode
  readonly themeVariables: ThemeVariables
}

/** The views `open({ view })` takes: Airlock's names, which are AppKit's. */
export interface AppKitOpenOptions {
  readonly view?: View | undefined
  readonly namespace?: ChainNamespace | undefined
  readonly data?: unknown
}

/**
 * The client `createAppKit` returns: AppKit's method names over an Airlock client (`airlock`). Every getter reads the
 * state as it is now; every `subscribe…` calls its listener on each change and returns the unsubscribe function.
 */
export interface AppKit {
  /** The Airlock client underneath, for everything AppKit's names do not cover. */
  readonly airlock: AirlockClient
  /** Resolves when the client has started; rejects with Airlock's `OptionsError` for invalid options. */
  readonly ready: Promise<void>
  /** What the options mapping dropped (AppKit options Airlock does not have), also shown with `console.warn`. */
  readonly warnings: ReadonlyArray<string>
  open(options?: AppKitOpenOptions): Promise<void>
  close(): Promise<void>
  getState(): AppKitState
  subscribeState(listener: (state: AppKitState) => void): () => void
  getAccount(namespace?: ChainNamespace): AppKitAccount
  subscribeAccount(listener: (account: AppKitAccount) => void, namespace?: ChainNamespace): () => void
  getAddress(namespace?: ChainNamespace): string | undefined
  getCaipAddress(namespace?: ChainNamespace): string | undefined
  getIsConnectedState(): boolean
  getCaipNetwork(namespace?: ChainNamespace): CaipNetwork | undefined
  getCaipNetworkId(): string | undefined
  getChainId(): number | string | undefined
  subscribeNetwork(listener: (network: AppKitNetworkState) => void): () => void
  switchNetwork(network: AppKitNetwork): Promise<void>
  getWalletInfo(namespace?: ChainNamespace): AppKitWalletInfo | undefined
  subscribeWalletInfo(listener: (info: AppKitWalletInfo | undefined) => void): () => void
  /** The connection's provider (EIP-1193 for `eip155`), once connected; `undefined` until it has been fetched. */
  getWalletProvider(namespace?: ChainNamespace): unknown
  /** The connector type behind the provider (`INJECTED`, `ANNOUNCED`, `WALLET_CONNECT`, `AUTH`, …). */
  getWalletProviderType(namespace?: ChainNamespace): string | undefined
  subscribeProviders(listener: (providers: Readonly<Partial<Record<ChainNamespace, unknown>>>) => void): () => void
  setThemeMode(mode: ThemeMode): void
  getThemeMode(): ThemeMode
  getThemeVariables(): ThemeVariables
  subscribeTheme(listener: (theme: AppKitTheme) => void): () => void
  /** The latest event (`{ timestamp, data: { type: "track", event, properties } }`), or `undefined` before one. */
  getEvent(): AirlockEvent | undefined
  subscribeEvents(listener: (event: AirlockEvent) => void): () => void
  disconnect(namespace?: ChainNamespace): Promise<void>
}

const shallowEqual = (a: unknown, b: unknown): boolean => {
  if (Object.is(a, b)) return true
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false
  const keys = Object.keys(a)
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.is((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
  )
}

/** Runs `select` on new snapshots only, and keeps the previous result while it is shallowly equal. */
const memo = <A>(select: (state: AirlockState) => A): ((state: AirlockState) => A) => {
  let last: { readonly state: AirlockState; readonly value: A } | undefined
  return (state) => {
    if (last?.state === state) return last.value
    const next = select(state)
    const value = last !== undefined && shallowEqual(last.value, next) ? last.value : next
    last = { state, value }
    return value
  }
}

/** `getState()`'s selector. */
export const selectAppKitState = memo(
  (state: AirlockState): AppKitState => ({
    open: state.modal.open,
    loading: state.status === "initializing" || state.switchingNamespace,
    initialized: state.status === "ready",
    selectedNetworkId:
      state.activeNamespace === undefined ? undefined : state.activeNetworks[state.activeNamespace]?.caipNetworkId,
    activeChain: state.activeNamespace
  })
)

const accountOf = (state: AirlockState, namespace: ChainNamespace | undefined): AppKitAccount => {
  const ns = namespace ?? state.activeNamespace
  const account = ns === undefined ? undefined : state.accounts[ns]
  const status = account?.status ?? "disconnected"
  const connector = ns === undefined ? undefined : state.connectors.find((c) => c.id === state.activeConnectorIds[ns])
  const user = account?.user
  return {
    allAccounts:
      ns === undefined || account?.address === undefined
        ? []
        : (user?.accounts ?? [{ address: account.address, type: undefined }]).map((a) => ({
            namespace: ns,
            address: a.address,
            type: a.type
          })),
    address: status === "connected" ? account?.address : undefined,
    caipAddress: status === "connected" ? account?.caipAddress : undefined,
    isConnected: status === "connected" && account?.address !== undefined,
    status,
    embeddedWalletInfo:
      connector?.type === "AUTH" && user !== undefined
        ? {
            user: { email: user.email, username: user.username },
            authProvider: account?.socialProvider ?? "email",
            accountType: account?.preferredAccountType
          }
        : undefined
  }
}

const accountSelectors = new Map<string, (state: AirlockState) => AppKitAccount>()
/** `getAccount(namespace)`'s selector (one memo per namespace, so equal accounts keep their reference). */
export const selectAppKitAccount = (state: AirlockState, namespace?: ChainNamespace): AppKitAccount => {
  const key = namespace ?? ""
  let select = accountSelectors.get(key)
  if (select === undefined) {
    let previous: AppKitAccount["allAccounts"] = noAccounts
    select = memo((s) => {
      const account = accountOf(s, namespace)
      // The same list while its accounts are the same, so an unchanged account keeps its reference.
      const same =
        account.allAccounts.length === previous.length &&
        account.allAccounts.every((a, i) => shallowEqual(a, previous[i]))
      if (!same) previous = account.allAccounts
      return { ...account, allAccounts: previous }
    })
    accountSelectors.set(key, select)
  }
  return select(state)
}
const noAccounts: AppKitAccount["allAccounts"] = []

/** `useAppKitNetwork()`'s triple. */
export const selectAppKitNetwork = memo((state: AirlockState): AppKitNetworkState => {
  const network = state.activeNamespace === undefined ? undefined : state.activeNetworks[state.activeNamespace]
  return { caipNetwork: network, caipNetworkId: network?.caipNetworkId, chainId: network?.id }
})

/** `useAppKitTheme()`'s pair. */
export const selectAppKitTheme = memo(
  (state: AirlockState): AppKitTheme => ({ themeMode: state.themeMode, themeVariables: state.themeVariables })
)

/** The connected wallet's info in `namespace` (default: the active one). */
export const selectAppKitWalletInfo = (
  state: AirlockState,
  namespace?: ChainNamespace
): AppKitWalletInfo | undefined => {
  const ns = namespace ?? state.activeNamespace
  const account = ns === undefined ? undefined : state.accounts[ns]
  return account?.status === "connected" ? account.connectedWalletInfo : undefined
}

const providerKey = (state: AirlockState, namespace: ChainNamespace): string | undefined => {
  const account = state.accounts[namespace]
  return account.status === "connected"
    ? `${state.activeConnectorIds[namespace] ?? ""}|${account.address ?? ""}`
    : undefined
}

/**
 * AppKit's client over an Airlock client: AppKit's option names read onto Airlock's (see `toAirlockOptions`), and
 * AppKit's method names. The options are checked as `createAirlock` checks them: invalid ones reject `ready`.
 *
 * @example
 * ```ts
 * import { mainnet } from "../../core/networks/index.ts"
 * import { createAppKit } from "./client.ts"
 * const endpoints = { walletApi: "http://127.0.0.1:4400", blockchainApi: "http://127.0.0.1:4400" }
 * const appKit = createAppKit({ projectId: "airlock-demo", networks: [mainnet], endpoints })
 * appKit.getIsConnectedState() // false
 * ```
 */
export const createAppKit = (options: AppKitOptions): AppKit => {
  const warnings: Array<string> = []
  const quiet = typeof options === "object" && options !== null && options.logLevel === "none"
  const airlockOptions = toAirlockOptions(options, (message) => {
    warnings.push(message)
    if (!quiet) console.warn(`[airlock-kit/appkit] ${message}`)
  })
  return toAppKit(createAirlock(airlockOptions), warnings)
}

/**
 * AppKit's method names over an Airlock client the app already has (`createAirlock`, or `createTestAirlock` in tests).
 *
 * @example
 * ```ts
 * import { createTestAirlock } from "../../core/testing/index.ts"
 * import { toAppKit } from "./client.ts"
 * toAppKit(createTestAirlock()).getState().open // false
 * ```
 */
export const toAppKit = (airlock: AirlockClient, warnings: ReadonlyArray<string> = []): AppKit => {
  const providers: Partial<Record<ChainNamespace, unknown>> = {}
  let providersSnapshot: Readonly<Partial<Record<ChainNamespace, unknown>>> = {}
  const providerListeners = new Set<(providers: Readonly<Partial<Record<ChainNamespace, unknown>>>) => void>()
  const keys = new Map<ChainNamespace, string | undefined>()
  const publish = () => {
    providersSnapshot = { ...providers }
    for (const listener of providerListeners) listener(providersSnapshot)
  }
  const trackProviders = (state: AirlockState) => {
    for (const namespace of Object.keys(state.accounts) as Array<ChainNamespace>) {
      const key = providerKey(state, namespace)
      if (keys.get(namespace) === key) continue
      keys.set(namespace, key)
      if (key === undefined) {
        if (namespace in providers) {
          delete providers[namespace]
          publish()
        }
        continue
      }
      airlock.getProvider(namespace).then(
        (provider) => {
          if (keys.get(namespace) !== key) return
          providers[namespace] = provider
          publish()
        },
        () => undefined
      )
    }
  }
  airlock.subscribe(trackProviders)
  trackProviders(airlock.getState())
  const watch = <A>(select: (state: AirlockState) => A, listener: (value: A) => void) =>
    airlock.watch(select, (value) => listener(value))
  const network = (namespace?: ChainNamespace) => {
    const state = airlock.getState()
    const ns = namespace ?? state.activeNamespace
    return ns === undefined ? undefined : state.activeNetworks[ns]
  }
  return {
    airlock,
    ready: airlock.ready,
    warnings,
    open: (parameters) => airlock.open(parameters as Parameters<AirlockClient["open"]>[0]),
    close: () => airlock.close(),
    getState: () => selectAppKitState(airlock.getState()),
    subscribeState: (listener) => watch(selectAppKitState, listener),
    getAccount: (namespace) => selectAppKitAccount(airlock.getState(), namespace),
    subscribeAccount: (listener, namespace) => watch((s) => selectAppKitAccount(s, namespace), listener),
    getAddress: (namespace) => selectAppKitAccount(airlock.getState(), namespace).address,
    getCaipAddress: (namespace) => selectAppKitAccount(airlock.getState(), namespace).caipAddress,
    getIsConnectedState: () => selectAppKitAccount(airlock.getState()).isConnected,
    getCaipNetwork: network,
    getCaipNetworkId: () => network()?.caipNetworkId,
    getChainId: () => network()?.id,
    subscribeNetwork: (listener) => watch(selectAppKitNetwork, listener),
    switchNetwork: (target) => {
      const wanted = toCaipNetwork(target)
      const own = airlock.getState().networks.find((n) => n.caipNetworkId === wanted?.caipNetworkId)
      return airlock.switchNetwork(own ?? wanted)
    },
    getWalletInfo: (namespace) => selectAppKitWalletInfo(airlock.getState(), namespace),
    subscribeWalletInfo: (listener) => watch((s) => selectAppKitWalletInfo(s), listener),
    getWalletProvider: (namespace) => {
      const ns = namespace ?? airlock.getState().activeNamespace
      return ns === undefined ? undefined : providersSnapshot[ns]
    },
    getWalletProviderType: (namespace) => {
      const state = airlock.getState()
      const ns = namespace ?? state.activeNamespace
      if (ns === undefined || state.accounts[ns].status !== "connected") return undefined
      return state.connectors.find((c) => c.id === state.activeConnectorIds[ns])?.type
    },
    subscribeProviders: (listener) => {
      providerListeners.add(listener)
      return () => {
        providerListeners.delete(listener)
      }
    },
    setThemeMode: (mode) => airlock.setThemeMode(mode),
    getThemeMode: () => airlock.getState().themeMode,
    getThemeVariables: () => airlock.getState().themeVariables,
    subscribeTheme: (listener) => watch(selectAppKitTheme, listener),
    getEvent: () => airlock.getState().lastEvent,
    subscribeEvents: (listener) => airlock.subscribeEvents(listener),
    disconnect: (namespace) => airlock.disconnect(namespace)
  }
}
