import type { MessageId } from "../i18n/catalogue.ts"
import {
  filterExcludedWallets,
  getConnectMethodsOrder,
  getWalletSectionOrder,
  isBrowserWalletVisible
} from "../rules/connectOrder.ts"
import type { Connector, ConnectorStatus } from "../schema/connector.ts"
import type { ConnectMethod, WalletSection } from "../schema/features.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import type { WalletListing } from "../schema/wallet.ts"
import type { AirlockState } from "./AirlockState.ts"

/** One group of the Connect view's wallet list. */
export type ConnectSection =
  | { readonly type: "walletConnect" | "injected" | "external"; readonly connectors: ReadonlyArray<Connector> }
  | { readonly type: "recent" | "featured" | "custom" | "recommended"; readonly wallets: ReadonlyArray<WalletListing> }

/**
 * The catalogue id of each Connect section's name, the label of its wallet list (`getWalletListProps`): "Installed"
 * for the browser wallets (`injected`), "Recent", "Featured"…
 *
 * @example
 * ```ts
 * import { connectSectionLabels, translate } from "airlock-kit"
 * import { en } from "airlock-kit/locales/en"
 * translate(en.messages, connectSectionLabels.injected) // "Installed"
 * ```
 */
export const connectSectionLabels = {
  walletConnect: "connect.sectionWalletConnect",
  recent: "connect.sectionRecent",
  injected: "connect.sectionInstalled",
  featured: "connect.sectionFeatured",
  custom: "connect.sectionCustom",
  external: "connect.sectionExternal",
  recommended: "connect.sectionRecommended"
} as const satisfies Record<ConnectSection["type"], MessageId>

/** What the Connect view draws: the connect methods in order, and the non-empty wallet sections in order. */
export interface ConnectView {
  readonly methods: ReadonlyArray<ConnectMethod>
  readonly sections: ReadonlyArray<ConnectSection>
}

/**
 * Whether a connector's wallet is present in this browser: an EIP-6963 / Wallet Standard announcement proves it; a
 * plain injected connector only exists when the page has an injected provider. Other kinds (WalletConnect, the
 * embedded wallet, external adapters) are not browser wallets.
 */
const isInstalled = (connector: Connector, state: AirlockState): boolean =>
  connector.type === "ANNOUNCED" ||
  connector.type === "MULTI_CHAIN" ||
  (connector.type === "INJECTED" && state.hasInjectedWallet)

/**
 * One entry per wallet: a browser wallet that serves several namespaces (an EIP-6963 provider and a Wallet Standard
 * wallet of the same name) shows once, as a `MULTI_CHAIN` connector standing for the member of the namespace the app
 * acts on (else the first found), so choosing it connects there.
 */
const mergeMultiChain = (
  connectors: ReadonlyArray<Connector>,
  activeNamespace: ChainNamespace | undefined
): ReadonlyArray<Connector> => {
  const byName = new Map<string, Array<Connector>>()
  for (const connector of connectors) {
    const key = connector.name.trim().toLowerCase()
    byName.set(key, [...(byName.get(key) ?? []), connector])
  }
  if (byName.size === connectors.length) return connectors
  return [...byName.values()].flatMap((members) => {
    if (new Set(members.map((m) => m.chain)).size === 1) return members
    const chosen = members.find((m) => m.chain === activeNamespace) ?? members[0]!
    return [{ ...chosen, type: "MULTI_CHAIN" as const }]
  })
}

const sectionOf = (type: WalletSection, state: AirlockState, excluded: ReadonlyArray<string>): ConnectSection => {
  const connectors = (types: ReadonlyArray<Connector["type"]>) =>
    filterExcludedWallets(
      state.connectors.filter(
        (c) =>
          types.includes(c.type) &&
          isBrowserWalletVisible(
            { name: c.name, rdns: c.info?.rdns, installed: isInstalled(c, state) },
            { isMobile: state.isMobile, hasInjectedProvider: state.hasInjectedWallet }
          )
      ),
      excluded
    )
  // A recent wallet shows once, in Recent, not again among featured or recommended, nor among the installed.
  const recentIds = new Set(state.wallets.recent.map((wallet) => wallet.id))
  const recentRdns = new Set(state.wallets.recent.flatMap((wallet) => (wallet.rdns ? [wallet.rdns] : [])))
  // An installed wallet shows once too: as its browser connector, not again as a registry listing.
  const installedRdns = new Set(
    state.connectors.flatMap((c) => (isInstalled(c, state) && c.info?.rdns ? [c.info.rdns] : []))
  )
  const notRecent = (wallets: ReadonlyArray<WalletListing>) =>
    recentIds.size === 0 && installedRdns.size === 0
      ? wallets
      : wallets.filter((wallet) => !recentIds.has(wallet.id) && !(wallet.rdns && installedRdns.has(wallet.rdns)))
  switch (type) {
    case "walletConnect":
      return { type, connectors: connectors(["WALLET_CONNECT"]) }
    case "injected":
      return {
        type,
        connectors: mergeMultiChain(
          connectors(["INJECTED", "ANNOUNCED", "MULTI_CHAIN"]).filter(
            (c) => c.info?.rdns === undefined || !recentRdns.has(c.info.rdns)
          ),
          state.activeNamespace
        )
      }
    case "external":
      return { type, connectors: connectors(["EXTERNAL"]) }
    case "recent":
      return { type, wallets: filterExcludedWallets(state.wallets.recent, excluded) }
    case "featured":
      return { type, wallets: filterExcludedWallets(notRecent(state.wallets.featured), excluded) }
    case "recommended":
      return { type, wallets: filterExcludedWallets(notRecent(state.wallets.recommended), excluded) }
    case "custom":
      return { type, wallets: [] }
  }
}

const sizeOf = (section: ConnectSection) =>
  "connectors" in section ? section.connectors.length : section.wallets.length

/** Email and social login run through the embedded wallet, so they need its AUTH connector as well as the feature. */
const methodEnabled = (state: AirlockState, method: ConnectMethod): boolean => {
  if (method === "wallet") return true
  if (!state.connectors.some((connector) => connector.type === "AUTH")) return false
  return method === "email" ? state.features.email : state.features.socials !== false
}

let last: { readonly state: AirlockState; readonly view: ConnectView } | undefined

/**
 * The Connect view's content (SPEC §2): methods email, social, wallet (wallet first when a browser wallet is
 * installed, unless the app sets its order; email and social only with the embedded wallet's AUTH connector), and the wallet sections in the order walletConnect, recent, injected,
 * featured, custom, external, recommended — the app's order first — each only when it has entries. Wallets the app
 * excludes (by rdns or case-insensitive name) never appear; a recent wallet shows only in Recent; the generic
 * 'Browser Wallet' is hidden on desktop without an injected provider and on mobile without rdns or install (SPEC §5). The result is cached per snapshot, so it can feed
 * `useSyncExternalStore` directly.
 */
export const selectConnectView = (state: AirlockState): ConnectView => {
  if (last !== undefined && last.state === state) return last.view
  const excludedWallets = state.excludedWallets
  const all = (["walletConnect", "recent", "injected", "featured", "custom", "external", "recommended"] as const).map(
    (type) => sectionOf(type, state, excludedWallets)
  )
  const counts = Object.fromEntries(all.map((section) => [section.type, sizeOf(section)]))
  const order = getWalletSectionOrder({ counts, configured: state.features.connectorTypeOrder })
  const view: ConnectView = {
    methods: getConnectMethodsOrder({
      configured: state.features.connectMethodsOrder,
      hasInstalledWallet: state.hasInjectedWallet
    }).filter((method) => methodEnabled(state, method)),
    sections: order.map((type) => all.find((section) => section.type === type)!)
  }
  last = { state, view }
  return view
}

/**
 * A connector's status in a namespace (SPEC §4): `connected` when it is the active connector, `active` when it is
 * among the namespace's connections but not the active one, else `disconnected`.
 */
export const selectConnectorStatus = (
  state: AirlockState,
  namespace: ChainNamespace,
  connectorId: string
): ConnectorStatus => {
  if (state.activeConnectorIds[namespace] === connectorId) return "connected"
  return state.connections[namespace]?.some((connection) => connection.connectorId === connectorId)
    ? "active"
    : "disconnected"
}

/** One wallet of the All Wallets list: its registry listing, and its browser connector when it is installed here. */
export interface AllWalletsEntry {
  readonly wallet: WalletListing
  readonly connector?: Connector | undefined
}

let lastAll: { readonly inputs: ReadonlyArray<unknown>; readonly entries: ReadonlyArray<AllWalletsEntry> } | undefined

/**
 * The All Wallets list: the recent wallets first (2, not while searching), then every registry wallet loaded so far,
 * each once; wallets the app excludes (by id, rdns or case-insensitive name) and a hidden generic 'Browser Wallet'
 * (SPEC §5) left out. A wallet installed here carries its browser connector. Cached while what it reads is unchanged,
 * so it can feed `useSyncExternalStore` directly.
 */
export const selectAllWallets = (state: AirlockState): ReadonlyArray<AllWalletsEntry> => {
  // Only what the list is made of: a page loading or failing (`wallets.status`) gives the same list back.
  const { recent, all, search } = state.wallets
  const inputs = [recent, all, search, state.connectors, state.excludedWallets, state.isMobile, state.hasInjectedWallet]
  if (lastAll?.inputs.every((input, i) => input === inputs[i])) return lastAll.entries
  const byRdns = new Map<string, Connector>()
  for (const connector of state.connectors) {
    const rdns = connector.info?.rdns
    if (rdns !== undefined && isInstalled(connector, state) && !byRdns.has(rdns)) byRdns.set(rdns, connector)
  }
  const env = { isMobile: state.isMobile, hasInjectedProvider: state.hasInjectedWallet }
  const seen = new Set<string>()
  const entries: Array<AllWalletsEntry> = []
  const listed = search ? all : [...recent, ...all]
  for (const wallet of filterExcludedWallets(listed, state.excludedWallets)) {
    if (seen.has(wallet.id)) continue
    seen.add(wallet.id)
    const connector = wallet.rdns ? byRdns.get(wallet.rdns) : undefined
    if (!isBrowserWalletVisible({ ...wallet, installed: connector !== undefined }, env)) continue
    entries.push(connector === undefined ? { wallet } : { wallet, connector })
  }
  lastAll = { inputs, entries }
  return entries
}

/**
 * The registry wallet a WalletConnect pairing is for: the one the ConnectingWalletConnect view was opened with
 * (from Connect or All Wallets), looked up in every wallet list; `undefined` for the plain WalletConnect row.
 */
export const selectWalletConnectWallet = (state: AirlockState): WalletListing | undefined => {
  const id = state.modal.data.ConnectingWalletConnect?.walletId
  if (id === undefined) return undefined
  if (state.walletConnect.wallet?.id === id) return state.walletConnect.wallet
  const { recent, featured, recommended, all } = state.wallets
  return [...recent, ...featured, ...recommended, ...all].find((wallet) => wallet.id === id)
}
