"use client"
// Docs: docs/react.md#hooks
import { useCallback, useEffect } from "react"
import { type NftsView, selectNfts } from "../../../core/resources/nfts.ts"
import { connectedResourceKey } from "../../../core/resources/resource.ts"
import type { ChainNamespace } from "../../../core/schema/namespace.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { useAirlock } from "./useAirlock.ts"
import { useAirlockSelector } from "./useAirlockSelector.ts"

/** Parameters of {@link useAirlockNfts}. */
export interface UseAirlockNftsParameters {
  /** The namespace to read. @default the active namespace */
  readonly namespace?: ChainNamespace | undefined
}

/** What {@link useAirlockNfts} returns: the NFTs, and the function that loads the next page. */
export interface UseAirlockNftsReturnType extends NftsView {
  readonly loadMore: () => Promise<void>
}

/**
 * The connected account's NFTs in the active namespace (or `namespace`) on its network, spam removed, with
 * `loadMore`. Mounting it loads the first page unless it is fresh (30 s).
 *
 * @example
 * ```tsx
 * import { useAirlockNfts } from "airlock/react"
 * const Gallery = () => {
 *   const { nfts } = useAirlockNfts()
 *   return <ul>{nfts.map((nft) => <li key={nft.id}>{nft.name} ({nft.collection.name})</li>)}</ul>
 * }
 * ```
 */
export const useAirlockNfts = (parameters: UseAirlockNftsParameters = {}): UseAirlockNftsReturnType => {
  const { namespace } = parameters
  const client = useAirlock()
  const view = useAirlockSelector(useCallback((state: AirlockState) => selectNfts(state, namespace), [namespace]))
  const key = useAirlockSelector(
    useCallback((state: AirlockState) => connectedResourceKey(state, "nfts", namespace), [namespace])
  )
  useEffect(() => {
    if (key !== "") void client.loadNfts(namespace)
  }, [client, namespace, key])
  const loadMore = useCallback(() => client.loadNfts(namespace, { more: true }), [client, namespace])
  return { ...view, loadMore }
}
