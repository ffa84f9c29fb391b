/**
 * The headless wallet list: what the Connect and All Wallets views draw, as plain rows a custom connect UI lists and
 * passes back to `connectWallet`. Built on `selectConnectView` and `selectAllWallets`, so its order, dedupe,
 * exclusions and install state are theirs (SPEC §4, §9), not a second copy.
 * @module
 */
import { type WalletLinkKind, walletLink, walletLinkKinds } from "../rules/walletLinks.ts"
import type { Connector } from "../schema/connector.ts"
import type { WalletListing } from "../schema/wallet.ts"
import type { AirlockState } from "./AirlockState.ts"
import { type ConnectSection, selectAllWallets, selectConnectView } from "./selectors.ts"

/**
 * Where a row comes from: a browser wallet (`installed`), the WalletConnect connector (`walletConnect`, the QR code),
 * an app's external connector (`external`), or a registry wallet reached through WalletConnect: one used here before
 * (`recent`), the app's or registry's `featured`, `recommended`, or any other of the registry (`registry`, All Wallets).
 */
export type WalletRowKind =
  | "installed"
  | "walletConnect"
  | "external"
  | "recent"
  | "featured"
  | "recommended"
  | "registry"

/** One wallet a custom connect UI lists: pass it (or its `id`) to `connectWallet`. */
export interface WalletRow {
  /** The connector's id for a connector row, else the registry id. */
  readonly id: string
  readonly name: string
  /** Its image: the wallet's announced icon or registry image, checked safe for `<img src>` (may be an SVG data URL for a browser wallet's own icon); `undefined` when none. */
  readonly imageUrl: string | undefined
  readonly kind: WalletRowKind
  /** The wallet is in this browser: choosing it connects through its extension, with no pairing. */
  readonly installed: boolean
  /** The wallet was used here before (a connector row with the Recent tag, or a `recent` row). */
  readonly recent: boolean
  /** The connector that connects it, when it is one of `state.connectors` (installed, WalletConnect, external). */
  readonly connectorId: string | undefined
  readonly rdns: string | undefined
  /** The registry listing (links, homepage), for registry rows and installed wallets found in the registry. */
  readonly listing: WalletListing | undefined
}

/**
 * The wallet `connectWallet` connects: a connector id, an rdns (`io.metamask`), a wallet's name, `"walletConnect"`
 * (a plain pairing, the QR code), a registry id, or a row of `selectWalletList` (its connector, else its listing).
 */
export type WalletTarget =
  | string
  | {
      readonly id: string
      readonly connectorId?: string | undefined
      readonly listing?: WalletListing | undefined
    }

/** The WalletConnect pairing on offer for a chosen wallet: the QR code's `uri` and the links that open the wallet with it. */
export interface WalletConnectOffer {
  /** The pairing URI (`wc:…`), the QR code's content; `undefined` until the pairing is made, and after it is used. */
  readonly uri: string | undefined
  /** When the URI expires (epoch ms); a fresh one replaces it 10 s before (SPEC §5). */
  readonly expiry: number | undefined
  /** The registry wallet the pairing is for; `undefined` for plain WalletConnect. */
  readonly wallet: WalletListing | undefined
  /** The chosen wallet's links holding the URI, in the order a view offers them (on a phone its app first). */
  readonly links: ReadonlyArray<{ readonly kind: WalletLinkKind; readonly href: string }>
}

/** What `selectWalletList` gives. */
export interface WalletList {
  /** The Connect view's wallets in its order: each once, installed ones as their connector. */
  readonly wallets: ReadonlyArray<WalletRow>
  /** All Wallets: recent first (not while searching), then the registry pages loaded so far or the search's matches. */
  readonly registry: ReadonlyArray<WalletRow>
  /** `loading` while a page or a search is on its way, `failed` when the last one failed, else `idle`. */
  readonly status: "idle" | "loading" | "failed"
  /** The search whose matches `registry` holds ("" for the pages). */
  readonly searchText: string
  /** The registry's size (or the search's match count). */
  readonly count: number
  /** More pages to load with `loadMoreWallets` (never while searching, nor without WalletConnect). */
  readonly hasMore: boolean
  /** Whether registry wallets can connect at all (the app has a WalletConnect connector). */
  readonly canUseRegistry: boolean
  readonly walletConnect: WalletConnectOffer
}

const connectorRow = (
  connector: Connector,
  kind: WalletRowKind,
  recent: boolean,
  listing: WalletListing | undefined = undefined
): WalletRow => ({
  id: connector.id,
  name: connector.name,
  imageUrl: connector.imageUrl ?? connector.info?.icon ?? listing?.image_url ?? undefined,
  kind,
  installed: kind === "installed",
  recent,
  connectorId: connector.id,
  rdns: connector.info?.rdns,
  listing
})

const listingRow = (listing: WalletListing, kind: WalletRowKind, connector?: Connector): WalletRow =>
  connector === undefined
    ? {
        id: listing.id,
        name: listing.name,
        imageUrl: listing.image_url ?? undefined,
        kind,
        installed: false,
        recent: kind === "recent",
        connectorId: undefined,
        rdns: listing.rdns ?? undefined,
        listing
      }
    : { ...connectorRow(connector, "installed", kind === "recent", listing), id: listing.id }

const sectionKinds: Record<ConnectSection["type"], WalletRowKind> = {
  walletConnect: "walletConnect",
  recent: "recent",
  injected: "installed",
  featured: "featured",
  custom: "featured",
  external: "external",
  recommended: "recommended"
}

const sectionRows = (section: ConnectSection): ReadonlyArray<WalletRow> => {
  const kind = sectionKinds[section.type]
  if ("wallets" in section) return section.wallets.map((wallet) => listingRow(wallet, kind))
  const recentIds = new Set(section.recentIds ?? [])
  return section.connectors.map((connector) => connectorRow(connector, kind, recentIds.has(connector.id)))
}

/** The offered pairing and, for a chosen registry wallet, its links with the URI. */
export const selectWalletConnectOffer = (state: AirlockState): WalletConnectOffer => {
  const { uri, expiry, wallet } = state.walletConnect
  const links =
    wallet === undefined || uri === undefined
      ? []
      : walletLinkKinds(wallet, { isMobile: state.isMobile }).flatMap((kind) => {
          const link = walletLink(wallet, kind, uri)
          return link === undefined ? [] : [{ kind, href: link.href }]
        })
  return { uri, expiry, wallet, links }
}

let last:
  | {
      readonly inputs: ReadonlyArray<unknown>
      readonly list: WalletList
    }
  | undefined

/**
 * The wallets a custom connect UI lists (SPEC §4, §9): the Connect view's rows (`wallets`) and All Wallets' rows
 * (`registry`, paged by `loadMoreWallets`, searched by `searchWallets`), each with a safe image URL, its kind and
 * install state, and the connector that connects it; the list's loading status; and the WalletConnect pairing on
 * offer for a chosen wallet. Cached while what it reads is unchanged, so it can feed `useSyncExternalStore` directly.
 *
 * @example
 * ```ts
 * import { createAirlock, selectWalletList } from "airlock-kit"
 * import { mainnet } from "airlock-kit/networks"
 * const api = "http://127.0.0.1:4400"
 * const airlock = createAirlock({ projectId: "airlock-demo", networks: [mainnet], endpoints: { walletApi: api, blockchainApi: api } })
 * const { wallets, registry, hasMore } = selectWalletList(airlock.getState())
 * console.log(wallets.map((row) => `${row.name} (${row.kind})`), registry.length, hasMore)
 * ```
 */
export const selectWalletList = (state: AirlockState): WalletList => {
  const view = selectConnectView(state)
  const all = selectAllWallets(state)
  const { status, search, count, all: pages } = state.wallets
  const inputs = [view, all, status, search, count, pages, state.walletConnect, state.isMobile]
  if (last?.inputs.every((input, i) => input === inputs[i])) return last.list
  const searching = Boolean(search)
  const canUseRegistry = state.connectors.some((connector) => connector.type === "WALLET_CONNECT")
  const recentIds = new Set(state.wallets.recent.map((wallet) => wallet.id))
  const list: WalletList = {
    wallets: view.sections.flatMap(sectionRows),
    registry: all.map(({ wallet, connector }) =>
      listingRow(wallet, !searching && recentIds.has(wallet.id) ? "recent" : "registry", connector)
    ),
    status: status ?? "idle",
    searchText: search ?? "",
    count,
    hasMore: canUseRegistry && !searching && (pages.length === 0 || pages.length < count),
    canUseRegistry,
    walletConnect: selectWalletConnectOffer(state)
  }
  last = { inputs, list }
  return list
}
