"use client"
import { type AirlockClient, type ChainNamespace, type NftsView, selectNfts } from "airlock-kit"
// Docs: docs/react.md#hooks
import { useCallback } from "react"
import { useResource } from "../internal/useResource.ts"

/** Parameters of {@link useAirlockNfts}. */
export interface UseAirlockNftsParameters {
  /** The namespace to read. @default the active namespace */
  readonly namespace?: ChainNamespace | undefined
}

/** What {@link useAirlockNfts} returns: the NFTs, and the function that loads the next page. */
export interface UseAirlockNftsReturnType extends NftsView {
  readonly loadMore: () => Promise<void>
}

const load = (client: AirlockClient, namespace: ChainNamespace | undefined) => client.loadNfts(namespace)

/**
 * The connected account's NFTs in the active namespace (or `namespace`) on its network, spam removed, with
 * `loadMore`. Mounting it loads the first page unless it is fresh (30 s).
 *
 * @example
 * ```tsx
 * import { useAirlockNfts } from "airlock-kit/react"
 * const Gallery = () => {
 *   const { nfts } = useAirlockNfts()
 *   return <ul>{nfts.map((nft) => <li key={nft.id}>{nft.name} ({nft.collection.name})</li>)}</ul>
 * }
 * ```
 */
export const useAirlockNfts = (parameters: UseAirlockNftsParameters = {}): UseAirlockNftsReturnType => {
  const { namespace } = parameters
  const { client, view } = useResource("nfts", selectNfts, load, namespace)
  const loadMore = useCallback(() => client.loadNfts(namespace, { more: true }), [client, namespace])
  return { ...view, loadMore }
}
