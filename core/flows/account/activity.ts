import * as Effect from "effect/Effect"
import type { ChainNamespace } from "../../schema/namespace.ts"
import { BlockchainApi } from "../../services/BlockchainApi.ts"
import { type FetchPagesOptions, fetchPages } from "./pages.ts"

/**
 * Fetches the connected account's history on its active network into the `activity` resource (SPEC §7 history,
 * cached 15 s): the first page, or with `more` the next one appended. A failure shows the 'Failed to fetch
 * transactions' snack, and the list is then empty (SPEC §8).
 */
export const fetchActivity = (namespace: ChainNamespace, options: FetchPagesOptions = {}) =>
  fetchPages(
    "activity",
    namespace,
    options,
    { id: "AccountDataError.TransactionsFailed" },
    ({ address, network, cursor, fresh }) =>
      Effect.flatMap(BlockchainApi, (api) =>
        api.getTransactions({ address, chainId: network.caipNetworkId, cursor, fresh })
      )
  )
