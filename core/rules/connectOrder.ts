/**
 * What the Connect screen lists and in which order (SPEC §2 Connect screen, §5 wallet rules, §9 wallet counts).
 * @module
 */
import { connectMethods, walletSections } from "../schema/featureNames.ts"
import type { ConnectMethod, WalletSection } from "../schema/features.ts"

/**
 * Connect methods when no browser wallet is installed: email, social, wallet.
 *
 * @example
 * ```ts
 * import { DEFAULT_CONNECT_METHODS_ORDER } from "./connectOrder.ts"
 * DEFAULT_CONNECT_METHODS_ORDER[0] // "email"
 * ```
 */
export const DEFAULT_CONNECT_METHODS_ORDER: ReadonlyArray<ConnectMethod> = connectMethods

/**
 * Connect methods when an installed browser wallet is detected: wallet, email, social.
 *
 * @example
 * ```ts
 * import { INSTALLED_WALLET_CONNECT_METHODS_ORDER } from "./connectOrder.ts"
 * INSTALLED_WALLET_CONNECT_METHODS_ORDER[0] // "wallet"
 * ```
 */
export const INSTALLED_WALLET_CONNECT_METHODS_ORDER: ReadonlyArray<ConnectMethod> = ["wallet", "email", "social"]

/**
 * The order of the connect methods: the app's own order when it sets one, else wallet first when an installed browser
 * wallet is detected, else email, social, wallet.
 *
 * @example
 * ```ts
 * import { getConnectMethodsOrder } from "./connectOrder.ts"
 * getConnectMethodsOrder({ hasInstalledWallet: true }) // ["wallet", "email", "social"]
 * getConnectMethodsOrder({ hasInstalledWallet: true, configured: ["social", "wallet"] }) // ["social", "wallet"]
 * ```
 */
export const getConnectMethodsOrder = (options: {
  readonly configured?: ReadonlyArray<ConnectMethod> | undefined
  readonly hasInstalledWallet: boolean
}): ReadonlyArray<ConnectMethod> => {
  if (options.configured !== undefined) return [...new Set(options.configured)]
  return options.hasInstalledWallet ? INSTALLED_WALLET_CONNECT_METHODS_ORDER : DEFAULT_CONNECT_METHODS_ORDER
}

/**
 * Default order of the wallet groups.
 *
 * @example
 * ```ts
 * import { DEFAULT_WALLET_SECTION_ORDER } from "./connectOrder.ts"
 * DEFAULT_WALLET_SECTION_ORDER.at(-1) // "recommended"
 * ```
 */
export const DEFAULT_WALLET_SECTION_ORDER: ReadonlyArray<WalletSection> = walletSections

/**
 * The wallet groups to show, in order: the app's configured order first, then the remaining defaults; a group shows
 * only when it has entries.
 *
 * @example
 * ```ts
 * import { getWalletSectionOrder } from "./connectOrder.ts"
 * getWalletSectionOrder({ counts: { injected: 2, recommended: 4 }, configured: ["recommended"] })
 * // ["recommended", "injected"]
 * ```
 */
export const getWalletSectionOrder = (options: {
  readonly counts: Readonly<Partial<Record<WalletSection, number>>>
  readonly configured?: ReadonlyArray<WalletSection> | undefined
}): ReadonlyArray<WalletSection> =>
  [...new Set([...(options.configured ?? []), ...DEFAULT_WALLET_SECTION_ORDER])].filter(
    (section) => (options.counts[section] ?? 0) > 0
  )

/**
 * The fields the wallet rules read from a wallet or connector.
 *
 * @example
 * ```ts
 * import type { WalletLike } from "./connectOrder.ts"
 * const wallet: WalletLike = { id: "metamask", name: "MetaMask", rdns: "io.metamask" }
 * ```
 */
export interface WalletLike {
  readonly id?: string | undefined
  readonly name: string
  readonly rdns?: string | null | undefined
  readonly installed?: boolean | undefined
}

/**
 * Whether the app excluded this wallet (`excludeWalletIds`): an entry equals its registry id or its rdns, or its name
 * ignoring case (SPEC §5).
 *
 * @example
 * ```ts
 * import { isWalletExcluded } from "./connectOrder.ts"
 * isWalletExcluded({ name: "MetaMask", rdns: "io.metamask" }, ["metamask"]) // true
 * ```
 */
export const isWalletExcluded = (wallet: WalletLike, excluded: ReadonlyArray<string>): boolean => {
  const name = wallet.name.toLowerCase()
  return excluded.some(
    (entry) =>
      (wallet.id !== undefined && entry === wallet.id) ||
      (wallet.rdns != null && entry === wallet.rdns) ||
      entry.toLowerCase() === name
  )
}

/**
 * Drops the wallets the app excluded (see {@link isWalletExcluded}).
 *
 * @example
 * ```ts
 * import { filterExcludedWallets } from "./connectOrder.ts"
 * filterExcludedWallets([{ name: "Rabby", rdns: "io.rabby" }, { name: "Zerion" }], ["io.rabby"]) // [{ name: "Zerion" }]
 * ```
 */
export const filterExcludedWallets = <W extends WalletLike>(
  wallets: ReadonlyArray<W>,
  excluded: ReadonlyArray<string>
): ReadonlyArray<W> => (excluded.length === 0 ? wallets : wallets.filter((w) => !isWalletExcluded(w, excluded)))

/**
 * Name of the generic injected connector shown when a page has an EIP-1193 provider without an announced identity.
 */
export const BROWSER_WALLET_NAME = "Browser Wallet"

/**
 * Whether a wallet entry may show. Only the generic 'Browser Wallet' is ever hidden: on desktop when nothing is
 * injected into the page, on mobile when it has no rdns and is not installed.
 *
 * @example
 * ```ts
 * import { isBrowserWalletVisible } from "./connectOrder.ts"
 * isBrowserWalletVisible({ name: "Browser Wallet" }, { isMobile: false, hasInjectedProvider: false }) // false
 * ```
 */
export const isBrowserWalletVisible = (
  wallet: WalletLike,
  env: { readonly isMobile: boolean; readonly hasInjectedProvider: boolean }
): boolean => {
  if (wallet.name !== BROWSER_WALLET_NAME) return true
  if (env.isMobile) return (wallet.rdns != null && wallet.rdns !== "") || wallet.installed === true
  return env.hasInjectedProvider
}

/**
 * How many recommended wallets the Connect screen shows.
 */
export const RECOMMENDED_WALLETS_COUNT = 4

/**
 * How many featured wallets the Connect screen shows unless the app says otherwise.
 */
export const FEATURED_WALLETS_DEFAULT_COUNT = 4

/**
 * How many recently used wallets are remembered.
 */
export const RECENT_WALLETS_KEPT = 2

/**
 * Puts a just-used wallet first in the recent list, without duplicates (by id, else name), keeping at most 2.
 *
 * @example
 * ```ts
 * import { addRecentWallet } from "./connectOrder.ts"
 * addRecentWallet([{ id: "a", name: "A" }, { id: "b", name: "B" }], { id: "c", name: "C" }).map((w) => w.id)
 * // ["c", "a"]
 * ```
 */
export const addRecentWallet = <W extends WalletLike>(recent: ReadonlyArray<W>, wallet: W): ReadonlyArray<W> => {
  const key = (w: WalletLike) => w.id ?? w.name
  return [wallet, ...recent.filter((w) => key(w) !== key(wallet))].slice(0, RECENT_WALLETS_KEPT)
}

/**
 * The featured wallets in the app's `featuredWalletIds` order, at most `limit` (default 4).
 *
 * @example
 * ```ts
 * import { selectFeaturedWallets } from "./connectOrder.ts"
 * selectFeaturedWallets([{ id: "a", name: "A" }, { id: "b", name: "B" }], ["b", "a"]).map((w) => w.id) // ["b", "a"]
 * ```
 */
export const selectFeaturedWallets = <W extends WalletLike>(
  wallets: ReadonlyArray<W>,
  featuredIds: ReadonlyArray<string>,
  limit: number = FEATURED_WALLETS_DEFAULT_COUNT
): ReadonlyArray<W> =>
  featuredIds.flatMap((id) => wallets.filter((w) => w.id === id).slice(0, 1)).slice(0, Math.max(0, limit))
