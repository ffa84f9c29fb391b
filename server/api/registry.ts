/**
 * The wallet registry `/getWallets` and `/getWalletImage` serve: by default the real wallet listings the server ships
 * (`server/registry/`, docs/registry.md), which an operator can extend or replace; the sandbox passes its generated
 * list (`sandboxRegistry.ts`).
 */
import type { WalletListing } from "../../core/schema/wallet.ts"
import { registrySnapshot, snapshotImage } from "../registry/snapshot.ts"
import { tileSvg } from "./images.ts"

/** A `/getWallets` query, already validated. */
export interface WalletQuery {
  /** 1-based page number. */
  readonly page: number
  readonly entries: number
  readonly include: ReadonlyArray<string>
  readonly exclude: ReadonlyArray<string>
  /** Case-insensitive part of the name; empty matches all. */
  readonly search: string
  readonly badgeType: string | undefined
  /** CAIP network ids; a wallet matches when it supports any of them. Empty matches all. */
  readonly chains: ReadonlyArray<string>
}

/** The registry: every wallet, lookups by id and image id, the `/getWallets` query and wallet images. */
export interface Registry {
  readonly wallets: ReadonlyArray<WalletListing>
  /**
   * Points the mobile wallet's (`RegistryOptions.mobileWalletId`: the sandbox's) mobile and web app links at its page
   * (`<demo>/mobile-wallet/`), where the `wc?uri=` deep link lands; without such a wallet it does nothing.
   */
  linkMobileWallet(pageUrl: string): void
  byImageId(imageId: string): WalletListing | undefined
  /** The SVG `/getWalletImage/{imageId}` answers: the wallet's logo when the snapshot has it, else a letter tile. */
  imageSvg(imageId: string): string | undefined
  query(q: WalletQuery): { readonly count: number; readonly data: ReadonlyArray<WalletListing> }
}

/** Which wallets a registry serves. */
export interface RegistryOptions {
  /** The base list. @default the shipped snapshot (`server/registry/wallets.json`) */
  readonly wallets?: ReadonlyArray<WalletListing>
  /** An operator's list served instead of the base one (`loadRegistryFile`). */
  readonly replace?: ReadonlyArray<WalletListing>
  /** Wallets added to the list; one with an id already listed overrides that wallet in place. */
  readonly extend?: ReadonlyArray<WalletListing>
  /** The id of the wallet `linkMobileWallet` points at its page (the sandbox's mobile wallet). */
  readonly mobileWalletId?: string
}

// A logo is served inside an SVG so the image route keeps one media type; browsers render a data: image within an
// SVG shown as an image (external references they would block).
const embedSvg = (type: string, bytes: Buffer, label: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img">` +
  `<title>${label.replace(/[<>&"']/g, "")}</title>` +
  `<image width="96" height="96" href="data:${type};base64,${bytes.toString("base64")}"/></svg>`

const merge = (base: ReadonlyArray<WalletListing>, extra: ReadonlyArray<WalletListing>): Array<WalletListing> => {
  const wallets = [...base]
  const at = new Map(wallets.map((w, i) => [w.id, i]))
  for (const wallet of extra) {
    const index = at.get(wallet.id)
    if (index === undefined) {
      at.set(wallet.id, wallets.length)
      wallets.push(wallet)
    } else wallets[index] = wallet
  }
  // Listed by `order` (unordered ones last); the sort is stable, so equal orders keep their places.
  return wallets
    .map((w, i) => [w, i] as const)
    .sort(([a, i], [b, j]) => (a.order ?? Number.POSITIVE_INFINITY) - (b.order ?? Number.POSITIVE_INFINITY) || i - j)
    .map(([w]) => w)
}

/**
 * Builds the registry: the shipped snapshot (or `wallets`, or the operator's `replace` list), plus `extend`.
 * Deterministic: the same options give the same wallets in the same order.
 * @example
 * ```ts
 * import { loadRegistryFile } from "../registry/file.ts"
 * const registry = makeRegistry({ extend: loadRegistryFile("/etc/airlock/wallets.json") })
 * registry.query({ page: 1, entries: 40, include: [], exclude: [], search: "meta", badgeType: undefined, chains: [] })
 * ```
 */
export const makeRegistry = (options: RegistryOptions = {}): Registry => {
  const wallets = merge(options.replace ?? options.wallets ?? registrySnapshot().wallets, options.extend ?? [])
  const images = new Map(wallets.flatMap((w) => (w.image_id == null ? [] : [[w.image_id, w] as const])))
  return {
    wallets,
    linkMobileWallet: (pageUrl) => {
      const index = wallets.findIndex((w) => w.id === options.mobileWalletId)
      if (index === -1) return
      const link = pageUrl.endsWith("/") ? pageUrl : `${pageUrl}/`
      const linked = { ...wallets[index]!, homepage: link, mobile_link: link, webapp_link: link }
      wallets[index] = linked
      images.set(linked.image_id ?? "", linked)
    },
    byImageId: (imageId) => images.get(imageId),
    imageSvg: (imageId) => {
      const wallet = images.get(imageId)
      if (wallet === undefined) return undefined
      const logo = snapshotImage(imageId)
      return logo === undefined ? tileSvg(imageId, wallet.name) : embedSvg(logo.type, logo.bytes, wallet.name)
    },
    query: (q) => {
      const search = q.search.toLowerCase()
      const include = new Set(q.include)
      const exclude = new Set(q.exclude)
      const matching = wallets.filter(
        (w) =>
          (include.size === 0 || include.has(w.id)) &&
          !exclude.has(w.id) &&
          (search === "" || w.name.toLowerCase().includes(search)) &&
          (q.badgeType === undefined || w.badge_type === q.badgeType) &&
          // A wallet whose networks the registry does not know is not ruled out by a network filter.
          (q.chains.length === 0 || w.chains == null || q.chains.some((c) => w.chains?.includes(c)))
      )
      const start = (q.page - 1) * q.entries
      return { count: matching.length, data: matching.slice(start, start + q.entries) }
    }
  }
}
