/**
 * One resource as the state holds it. `status` says what there is (`pending`: nothing yet; `success`: `data` from
 * `updatedAt`; `error`: the last fetch failed, `data` may still hold an older answer); `fetching` says a request is
 * on its way (a refetch in the background keeps the old data shown).
 *
 * @example
 * ```ts
 * import type { ResourceEntry } from "./ResourceEntry.ts"
 * const entry: ResourceEntry<number> = { status: "success", data: 1, updatedAt: 1_700_000_000_000, fetching: false }
 * ```
 */
export interface ResourceEntry<A> {
  readonly status: "pending" | "success" | "error"
  readonly data?: A | undefined
  /** The last failure's error (its `_tag`, reason and message), while `status` is `error`. */
  readonly error?: ResourceError | undefined
  /** When `data` was fetched (epoch ms on the client's clock). */
  readonly updatedAt?: number | undefined
  /** When the last fetch failed (epoch ms); a failed resource is not asked again until its retry delay passed. */
  readonly failedAt?: number | undefined
  readonly fetching: boolean
}

/** A failure as the state keeps it: serialisable, so snapshots stay plain data. */
export interface ResourceError {
  readonly name: string
  readonly message: string
}
