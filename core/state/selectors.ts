import type { MessageId } from "../i18n/catalogue.ts"
import {
  filterExcludedWallets,
  getConnectMethodsOrder,
  getWalletSectionOrder,
  isBrowserWalletVisible
} from "../rules/connectOrder.ts"
import type { Connector, ConnectorStatus } from "../schema/connector.ts"
import type { ConnectMethod } from "../schema/features.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import type { WalletListing } from "../schema/wallet.ts"
import type { AirlockState } from "./AirlockState.ts"

/**
 * One group of the Connect view's wallet list. A connector group's `recentIds` are the ids of its connectors that
 * are also recent wallets: such a wallet shows once, as its connector with a Recent tag, not again in Recent.
 */
export type ConnectSection =
  | {
      readonly type: "walletConnect" | "injected" | "external"
      readonly connectors: ReadonlyArray<Connector>
      readonly recentIds?: ReadonlyArray<string> | undefined
    }
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

/** What the Connect view draws: the connect methods in order, the non-empty wallet sections in order, All Wallets. */
export interface ConnectView {
  readonly methods: ReadonlyArray<ConnectMethod>
  readonly sections: ReadonlyArray<ConnectSection>
  /**
   * Whether the "All Wallets" row shows: the feature is on and a WalletConnect connector can reach the registry's
   * wallets (without `walletConnect()` every one of them would fail with "WalletConnectConnector not found").
   */
  readonly allWallets: boolean
  /** The All Wallets row's picture: up to four registry wallets' image URLs (none without the row). */
  readonly allWalletsImages: ReadonlyArray<string>
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
 * Whether the app can pair with a registry wallet: only through a WalletConnect connector (`walletConnect()` from
 * `airlock-kit/walletconnect`). Without one, a registry wallet that is not installed here cannot be reached.
 */
export const hasWalletConnect = (state: AirlockState): boolean =>
  state.connectors.some((connector) => connector.type === "WALLET_CONNECT")

const nameKey = (name: string) => name.trim().toLowerCase()

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
    const key = nameKey(connector.name)
    byName.set(key, [...(byName.get(key) ?? []), connector])
  }
  if (byName.size === connectors.length) return connectors
  return [...byName.values()].flatMap((members) => {
    if (new Set(members.map((m) => m.chain)).size === 1) return members
    const chosen = members.find((m) => m.chain === activeNamespace) ?? members[0]!
    return [{ ...chosen, type: "MULTI_CHAIN" as const }]
  })
}

/**
 * The namespace whose browser wallets the Connect view offers: the active one, else (nothing active yet) the app's
 * default network's, the first network when the state has no active network; `undefined` when the app's networks
 * are all of one namespace, so no wallet is filtered out.
 */
const walletNamespace = (state: AirlockState): ChainNamespace | undefined => {
  const namespaces = new Set(state.networks.map((network) => network.chainNamespace))
  if (namespaces.size <= 1) return undefined
  return state.activeNamespace ?? state.networks[0]?.chainNamespace
}

/**
 * Whether a recent wallet is this connector: the connector's own id (a listing made from it), the same rdns, or,
 * for a listing without rdns, the same name (a Wallet Standard wallet, the WalletConnect connector).
 */
const isRecentOf = (wallet: WalletListing, connector: Connector): boolean =>
  wallet.id === connector.id ||
  (wallet.rdns ? wallet.rdns === connector.info?.rdns : nameKey(wallet.name) === nameKey(connector.name))

const connectorTypes = {
  walletConnect: ["WALLET_CONNECT"],
  injected: ["INJECTED", "ANNOUNCED", "MULTI_CHAIN"],
  external: ["EXTERNAL"]
} as const satisfies Record<string, ReadonlyArray<Connector["type"]>>

/** The registry wallets the Connect view would list without WalletConnect: not installed here, not excluded. */
const registryWallets = (state: AirlockState) => {
  // A recent wallet that is one of the app's connectors shows as that connector, or not at all (another namespace's).
  const listable = state.connectors.filter((c) => c.type !== "AUTH" && c.type !== "ID_AUTH")
  const installedRdns = new Set(
    state.connectors.flatMap((c) => (isInstalled(c, state) && c.info?.rdns ? [c.info.rdns] : []))
  )
  const reachable = (wallet: WalletListing) => !(wallet.rdns && installedRdns.has(wallet.rdns))
  return {
    recent: filterExcludedWallets(
      state.wallets.recent.filter((wallet) => !listable.some((connector) => isRecentOf(wallet, connector))),
      state.excludedWallets
    ),
    featured: filterExcludedWallets(state.wallets.featured.filter(reachable), state.excludedWallets),
    recommended: filterExcludedWallets(state.wallets.recommended.filter(reachable), state.excludedWallets)
  }
}

const connectorSection = (
  type: keyof typeof connectorTypes,
  state: AirlockState,
  namespace: ChainNamespace | undefined
): ConnectSection => {
  const types: ReadonlyArray<Connector["type"]> = connectorTypes[type]
  const env = { isMobile: state.isMobile, hasInjectedProvider: state.hasInjectedWallet }
  const found = filterExcludedWallets(
    state.connectors.filter(
      (c) =>
        types.includes(c.type) &&
        isBrowserWalletVisible({ name: c.name, rdns: c.info?.rdns, installed: isInstalled(c, state) }, env)
    ),
    state.excludedWallets
  )
  // Browser wallets of the namespace the app acts on; one serving both (MULTI_CHAIN) connects on either.
  const connectors =
    type === "injected"
      ? mergeMultiChain(found, state.activeNamespace).filter(
          (c) => namespace === undefined || c.type === "MULTI_CHAIN" || c.chain === namespace
        )
      : found
  const recentIds = connectors.flatMap((connector) =>
    state.wallets.recent.some((wallet) => isRecentOf(wallet, connector)) ? [connector.id] : []
  )
  return recentIds.length === 0 ? { type, connectors } : { type, connectors, recentIds }
}

const sizeOf = (section: ConnectSection) =>
  "connectors" in section ? section.connectors.length : section.wallets.length

/**
 * Whether a connect method has something to offer. Email and social login run through the embedded wallet, so they
 * need its AUTH connector as well as the feature; the wallet method needs a wallet section or the All Wallets row.
 */
const methodShown = (state: AirlockState, method: ConnectMethod, wallets: boolean): boolean => {
  if (method === "wallet") return wallets
  if (!state.connectors.some((connector) => connector.type === "AUTH")) return false
  return method === "email" ? state.features.email : state.features.socials !== false
}

/** The first four distinct registry images: All Wallets' first page, then the featured and recommended wallets. */
const firstImages = ({ all, featured, recommended }: AirlockState["wallets"]): ReadonlyArray<string> => {
  const urls = new Set<string>()
  for (const wallet of [...all.slice(0, 8), ...featured, ...recommended]) {
    if (urls.size === 4) break
    if (wallet.image_url) urls.add(wallet.image_url)
  }
  return [...urls]
}

let last: { readonly state: AirlockState; readonly view: ConnectView } | undefined

/**
 * The Connect view's content (SPEC §2): methods email, social, wallet (wallet first when a browser wallet is
 * installed, unless the app sets its order; email and social only with the embedded wallet's AUTH connector; each
 * only when it has something to offer, so a renderer draws a divider between every two), and
 * the wallet sections in the order walletConnect, recent, injected, featured, custom, external, recommended — the
 * app's order first — each only when it has entries. Each wallet shows once: an installed wallet as its browser
 * connector, not again as a registry listing; a recent wallet that is one of the connectors as that connector (in
 * its section's `recentIds`), else in Recent, and not again among featured or recommended. Registry wallets show
 * only with a WalletConnect connector, the only way to reach them (so does All Wallets, `allWallets`). Browser
 * wallets are those of the active namespace (of the default network before one is active), unless the wallet
 * serves several namespaces or the app has one. Wallets the app excludes (by id, rdns or case-insensitive name)
 * never appear; the generic 'Browser Wallet' is hidden on desktop without an injected provider and on mobile
 * without rdns or install (SPEC §5). The result is cached per snapshot, so it can feed `useSyncExternalStore`
 * directly.
 */
export const selectConnectView = (state: AirlockState): ConnectView => {
  if (last !== undefined && last.state === state) return last.view
  const walletConnect = hasWalletConnect(state)
  const namespace = walletNamespace(state)
  const registry = registryWallets(state)
  const recentIds = new Set(state.wallets.recent.map((wallet) => wallet.id))
  const notRecent = (wallets: ReadonlyArray<WalletListing>) => wallets.filter((wallet) => !recentIds.has(wallet.id))
  const listing = (wallets: ReadonlyArray<WalletListing>) => (walletConnect ? wallets : [])
  const all: ReadonlyArray<ConnectSection> = [
    connectorSection("walletConnect", state, namespace),
    { type: "recent", wallets: listing(registry.recent) },
    connectorSection("injected", state, namespace),
    { type: "featured", wallets: listing(notRecent(registry.featured)) },
    { type: "custom", wallets: [] },
    connectorSection("external", state, namespace),
    { type: "recommended", wallets: listing(notRecent(registry.recommended)) }
  ]
  const counts = Object.fromEntries(all.map((section) => [section.type, sizeOf(section)]))
  const order = getWalletSectionOrder({ counts, configured: state.features.connectorTypeOrder })
  const allWallets = state.features.allWallets && walletConnect
  const wallets = order.length > 0 || allWallets
  const view: ConnectView = {
    methods: getConnectMethodsOrder({
      configured: state.features.connectMethodsOrder,
      hasInstalledWallet: state.hasInjectedWallet
    }).filter((method) => methodShown(state, method, wallets)),
    sections: order.map((type) => all.find((section) => section.type === type)!),
    allWallets,
    allWalletsImages: allWallets ? firstImages(state.wallets) : []
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
 * (from Connect or All Wallets), looked up in every wallet list; `undefined` for the plain WalletConnect row. With
 * the modal closed, the one chosen without it (`connectWallet`, a wallet button), kept in `walletConnect.wallet`.
 */
export const selectWalletConnectWallet = (state: AirlockState): WalletListing | undefined => {
  const id = state.modal.data.ConnectingWalletConnect?.walletId
  if (id === undefined) return state.modal.open ? undefined : state.walletConnect.wallet
  if (state.walletConnect.wallet?.id === id) return state.walletConnect.wallet
  const { recent, featured, recommended, all } = state.wallets
  return [...recent, ...featured, ...recommended, ...all].find((wallet) => wallet.id === id)
}
