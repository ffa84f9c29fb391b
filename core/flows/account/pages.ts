import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import type { Message } from "../../i18n/catalogue.ts"
import { fetchResource } from "../../resources/fetch.ts"
import { type Pages, resourceKey, resourceLifetimes } from "../../resources/resource.ts"
import { flashSnack } from "../../router/timings.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import type { CaipNetwork } from "../../schema/network.ts"
import { forkInClient } from "../../state/ClientScope.ts"
import { StateStore } from "../../state/StateStore.ts"
import { cell } from "../../state/Store.ts"

/** Options of a paged fetch. */
export interface FetchPagesOptions {
  /** Fetch the first page again even when it is fresh (after a send). */
  readonly force?: boolean | undefined
  /** Append the next page (when there is one). */
  readonly more?: boolean | undefined
}

/**
 * Fetches a paged resource of the connected account of `namespace` on its active network: the first page (kept while
 * fresh), or with `more` the next one appended by the API's cursor. A failure of this fetch shows `failure` as an
 * error snack.
 */
export const fetchPages = <A, E, R>(
  kind: "activity" | "nfts",
  namespace: ChainNamespace,
  options: FetchPagesOptions,
  failure: Message,
  loadPage: (args: {
    readonly address: string
    readonly network: CaipNetwork
    readonly cursor?: string | undefined
    readonly fresh: boolean
  }) => Effect.Effect<{ readonly data: ReadonlyArray<A>; readonly next?: string | null | undefined }, E, R>
) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const startedAt = yield* Clock.currentTimeMillis
    const state = store.getSnapshot()
    const account = state.accounts[namespace]
    const network = state.activeNetworks[namespace]
    if (account.status !== "connected" || account.address === undefined || network === undefined) return
    const address = account.address
    const key = resourceKey(kind, network.caipNetworkId, address)
    const before = (state.resources[key] as { readonly data?: Pages<A> } | undefined)?.data
    const more = options.more === true
    if (more && (before === undefined || before.next === null)) return
    const cursor = more ? (before?.next ?? undefined) : undefined
    const load = Effect.map(
      loadPage({ address, network, cursor, fresh: options.force === true }),
      (page): Pages<A> => ({ items: [...(more ? (before?.items ?? []) : []), ...page.data], next: page.next ?? null })
    )
    const entry = yield* fetchResource({
      key,
      lifetime: resourceLifetimes[kind],
      force: options.force === true || more,
      load
    })
    // Only a failure of this fetch says so, not an older one answered from the state.
    if (entry?.status === "error" && (entry.failedAt ?? 0) >= startedAt) {
      yield* forkInClient(flashSnack(cell(store, "snack"), { message: failure, variant: "error" }))
    }
  })
