/**
 * The NFTs of a namespace's connected account, as views and apps read them: the `nfts` resource of its address on
 * its active network (pages fetched by `airlock.loadNfts`), spam left out.
 * @module
 */
import type { Nft } from "../schema/api/nfts.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import type { ResourceError } from "../state/ResourceEntry.ts"
import { connectedEntry, type Pages, type StateSource, watchView } from "./resource.ts"

/** What an NFT grid draws. */
export interface NftsView {
  /** `idle`: no connected account in the namespace; then as the resource (`pending`, `success`, `error`). */
  readonly status: "idle" | "pending" | "success" | "error"
  /** The account's NFTs on its network, in the API's order, spam removed. */
  readonly nfts: ReadonlyArray<Nft>
  /** Another page can be loaded (`airlock.loadNfts(ns, { more: true })`). */
  readonly hasMore: boolean
  readonly fetching: boolean
  readonly error?: ResourceError | undefined
  readonly updatedAt?: number | undefined
}

const idle: NftsView = Object.freeze({ status: "idle", nfts: [], hasMore: false, fetching: false })
const views = new WeakMap<object, NftsView>()

/**
 * The NFTs of `namespace`'s connected account (default: the active namespace) on its active network, spam removed.
 * The same object is returned while the resource is unchanged.
 *
 * @example
 * ```ts
 * import { createAirlock, selectNfts } from "airlock-kit"
 * import { mainnet } from "airlock-kit/networks"
 * const api = "http://127.0.0.1:4400"
 * const airlock = createAirlock({ projectId: "airlock-demo", networks: [mainnet], endpoints: { walletApi: api, blockchainApi: api } })
 * selectNfts(airlock.getState()).status // "idle"
 * ```
 */
export const selectNfts = (state: AirlockState, namespace?: ChainNamespace): NftsView => {
  const connected = connectedEntry<Pages<Nft>>(state, "nfts", namespace)
  const entry = connected?.entry
  if (connected === undefined || entry === undefined) return idle
  const { network } = connected
  const known = views.get(entry)
  if (known !== undefined) return known
  const view: NftsView = {
    status: entry.status,
    nfts: (entry.data?.items ?? []).filter((nft) => nft.isSpam !== true && nft.chainId === network.caipNetworkId),
    hasMore: entry.status !== "error" && entry.data !== undefined && entry.data.next !== null,
    fetching: entry.fetching,
    ...(entry.error === undefined ? {} : { error: entry.error }),
    ...(entry.updatedAt === undefined ? {} : { updatedAt: entry.updatedAt })
  }
  views.set(entry, view)
  return view
}

/**
 * Calls `listener` with the NFTs of `namespace` (default: the active one) whenever they change; returns the
 * function that stops it.
 *
 * @example
 * ```ts
 * import { createAirlock, watchNfts } from "airlock-kit"
 * import { mainnet } from "airlock-kit/networks"
 * const api = "http://127.0.0.1:4400"
 * const airlock = createAirlock({ projectId: "airlock-demo", networks: [mainnet], endpoints: { walletApi: api, blockchainApi: api } })
 * const stop = watchNfts(airlock, (view) => console.log(view.status, view.nfts.length))
 * stop()
 * ```
 */
export const watchNfts = (
  airlock: StateSource,
  listener: (view: NftsView) => void,
  options: { readonly namespace?: ChainNamespace | undefined } = {}
): (() => void) => watchView(airlock, selectNfts, listener, options.namespace)
