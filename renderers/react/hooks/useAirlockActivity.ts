"use client"
import { type ActivityView, type AirlockClient, type ChainNamespace, selectActivity } from "airlock-kit"
// Docs: docs/react.md#hooks
import { useCallback } from "react"
import { useResource } from "../internal/useResource.ts"

/** Parameters of {@link useAirlockActivity}. */
export interface UseAirlockActivityParameters {
  /** The namespace to read. @default the active namespace */
  readonly namespace?: ChainNamespace | undefined
}

/** What {@link useAirlockActivity} returns: the history, and the function that loads its next page. */
export interface UseAirlockActivityReturnType extends ActivityView {
  readonly loadMore: () => Promise<void>
}

const load = (client: AirlockClient, namespace: ChainNamespace | undefined) => client.loadActivity(namespace)

/**
 * The connected account's history in the active namespace (or `namespace`) on its network: rows grouped by date,
 * whether more pages exist, and `loadMore`. Mounting it loads the first page unless it is fresh (15 s, SPEC §9).
 *
 * @example
 * ```tsx
 * import { useAirlockActivity, useAirlockTranslation } from "airlock-kit/react"
 * const History = () => {
 *   const { groups, hasMore, loadMore } = useAirlockActivity()
 *   const { text } = useAirlockTranslation()
 *   return (
 *     <>
 *       {groups.flatMap((g) => g.rows).map((row) => <p key={row.id}>{text(row.title)}</p>)}
 *       {hasMore ? <button type="button" onClick={() => void loadMore()}>More</button> : null}
 *     </>
 *   )
 * }
 * ```
 */
export const useAirlockActivity = (parameters: UseAirlockActivityParameters = {}): UseAirlockActivityReturnType => {
  const { namespace } = parameters
  const { client, view } = useResource("activity", selectActivity, load, namespace)
  const loadMore = useCallback(() => client.loadActivity(namespace, { more: true }), [client, namespace])
  return { ...view, loadMore }
}
