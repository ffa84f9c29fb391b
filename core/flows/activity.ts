import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { ActivityPages } from "../resources/activity.ts"
import { fetchResource } from "../resources/fetch.ts"
import { resourceKey, resourceLifetimes } from "../resources/resource.ts"
import { flashSnack } from "../router/timings.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import { BlockchainApi } from "../services/BlockchainApi.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import { forkInClient } from "../state/ClientScope.ts"
import { StateStore } from "../state/StateStore.ts"
import { cell } from "../state/Store.ts"

/** Options of {@link fetchActivity}. */
export interface FetchActivityOptions {
  /** Fetch the first page again even when it is fresh (after a send). */
  readonly force?: boolean | undefined
  /** Append the next page (when there is one). */
  readonly more?: boolean | undefined
}

const pagesOf = (state: AirlockState, key: string) =>
  (state.resources[key] as { readonly data?: ActivityPages } | undefined)?.data

/**
 * Fetches the connected account's history on its active network into the `activity` resource (SPEC §7 history,
 * cached 15 s): the first page, or with `more` the next one appended. A failure shows the 'Failed to fetch
 * transactions' snack, and the list is then empty (SPEC §8).
 */
export const fetchActivity = (namespace: ChainNamespace, options: FetchActivityOptions = {}) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const startedAt = yield* Clock.currentTimeMillis
    const state = store.getSnapshot()
    const account = state.accounts[namespace]
    const network = state.activeNetworks[namespace]
    if (account.status !== "connected" || account.address === undefined || network === undefined) return
    const address = account.address
    const key = resourceKey("activity", network.caipNetworkId, address)
    const api = yield* BlockchainApi
    const before = pagesOf(state, key)
    if (options.more === true && (before === undefined || before.next === null)) return
    const load: Effect.Effect<ActivityPages, unknown> =
      options.more === true && before !== undefined && before.next !== null
        ? Effect.map(
            api.getTransactions({ address, chainId: network.caipNetworkId, cursor: before.next }),
            (page): ActivityPages => ({
              transactions: [...before.transactions, ...page.data],
              next: page.next ?? null
            })
          )
        : Effect.map(
            api.getTransactions({ address, chainId: network.caipNetworkId, fresh: options.force === true }),
            (page): ActivityPages => ({ transactions: page.data, next: page.next ?? null })
          )
    const entry = yield* fetchResource({
      key,
      lifetime: resourceLifetimes.activity,
      force: options.force === true || options.more === true,
      load
    })
    // Only a failure of this fetch says so, not an older one answered from the state.
    if (entry?.status === "error" && (entry.failedAt ?? 0) >= startedAt) {
      yield* forkInClient(
        flashSnack(cell(store, "snack"), { message: "Failed to fetch transactions", variant: "error" })
      )
    }
  })
