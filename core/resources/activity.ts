/**
 * The history of a namespace's connected account, as views and apps read it: the `activity` resource of its address
 * on its active network (pages fetched by `airlock.loadActivity`), filtered and grouped for the Activity list.
 * @module
 */
import type { ChainNamespace } from "../schema/namespace.ts"
import type { Transaction } from "../schema/transaction.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import type { ResourceError } from "../state/ResourceEntry.ts"
import { type ActivityGroup, groupActivity } from "./activityFormat.ts"
import { connectedEntry, type Pages, type StateSource, watchView } from "./resource.ts"

/** What the `activity` resource holds: every transaction fetched so far (`items`), and the cursor of the next page. */
export type ActivityPages = Pages<Transaction>

/** What an Activity list draws. */
export interface ActivityView {
  /** `idle`: no connected account in the namespace; then as the resource (`pending`, `success`, `error`). */
  readonly status: "idle" | "pending" | "success" | "error"
  /** The rows by date, newest first. Empty after a failure (SPEC §8: the history is marked empty). */
  readonly groups: ReadonlyArray<ActivityGroup>
  /** Another page can be loaded (`airlock.loadActivity(ns, { more: true })`). */
  readonly hasMore: boolean
  /** A request is on its way. */
  readonly fetching: boolean
  readonly error?: ResourceError | undefined
  /** When the first page was fetched (epoch ms). */
  readonly updatedAt?: number | undefined
}

const idle: ActivityView = Object.freeze({ status: "idle", groups: [], hasMore: false, fetching: false })
/** The view of each resource entry, for the locale its months were written in. */
const views = new WeakMap<object, { readonly locale: string; readonly view: ActivityView }>()

/**
 * The history of `namespace`'s connected account (default: the active namespace) on its active network: spam and
 * other chains' transactions left out, rows grouped by date (months written in the state's locale). The same object is
 * returned while its resource and the locale are unchanged.
 *
 * @example
 * ```ts
 * import { createAirlock, selectActivity } from "airlock-kit"
 * import { mainnet } from "airlock-kit/networks"
 * const api = "http://127.0.0.1:4400"
 * const airlock = createAirlock({ projectId: "airlock-demo", networks: [mainnet], endpoints: { walletApi: api, blockchainApi: api } })
 * selectActivity(airlock.getState()).status // "idle"
 * ```
 */
export const selectActivity = (state: AirlockState, namespace?: ChainNamespace): ActivityView => {
  const connected = connectedEntry<ActivityPages>(state, "activity", namespace)
  const entry = connected?.entry
  if (connected === undefined || entry === undefined) return idle
  const { network } = connected
  const { locale } = state.i18n
  const known = views.get(entry)
  if (known !== undefined && known.locale === locale) return known.view
  const failed = entry.status === "error"
  const view: ActivityView = {
    status: entry.status,
    groups: failed || entry.data === undefined ? [] : groupActivity(entry.data.items, network, Date.now(), locale),
    hasMore: !failed && entry.data !== undefined && entry.data.next !== null,
    fetching: entry.fetching,
    ...(entry.error === undefined ? {} : { error: entry.error }),
    ...(entry.updatedAt === undefined ? {} : { updatedAt: entry.updatedAt })
  }
  views.set(entry, { locale, view })
  return view
}

/**
 * Calls `listener` with the history of `namespace` (default: the active one) whenever it changes; returns the
 * function that stops it.
 *
 * @example
 * ```ts
 * import { createAirlock, watchActivity } from "airlock-kit"
 * import { mainnet } from "airlock-kit/networks"
 * const api = "http://127.0.0.1:4400"
 * const airlock = createAirlock({ projectId: "airlock-demo", networks: [mainnet], endpoints: { walletApi: api, blockchainApi: api } })
 * const stop = watchActivity(airlock, (view) => console.log(view.status, view.groups.length))
 * stop()
 * ```
 */
export const watchActivity = (
  airlock: StateSource,
  listener: (view: ActivityView) => void,
  options: { readonly namespace?: ChainNamespace | undefined } = {}
): (() => void) => watchView(airlock, selectActivity, listener, options.namespace)
