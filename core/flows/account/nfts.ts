import * as Effect from "effect/Effect"
import type { ChainNamespace } from "../../schema/namespace.ts"
import { BlockchainApi } from "../../services/BlockchainApi.ts"
import { type FetchPagesOptions, fetchPages } from "./pages.ts"

/**
 * Fetches the connected account's NFTs on its active network into the `nfts` resource (Airlock's NFTs endpoint,
 * cached 30 s): the first page, or with `more` the next one appended. A failure shows the 'Failed to fetch NFTs'
 * snack, and the grid says so.
 */
export const fetchNfts = (namespace: ChainNamespace, options: FetchPagesOptions = {}) =>
  fetchPages("nfts", namespace, options, { id: "AccountDataError.NftsFailed" }, ({ address, network, cursor, fresh }) =>
    Effect.flatMap(BlockchainApi, (api) => api.getNfts({ address, chainId: network.caipNetworkId, cursor, fresh }))
  )
