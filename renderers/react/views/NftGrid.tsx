"use client"
import type { Nft } from "airlock-kit"
import { memo } from "react"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockNfts } from "../hooks/useAirlockNfts.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { safeImageSrc } from "../internal/imageSrc.ts"
import { LoadMore } from "../internal/LoadMore.tsx"

/** An NFT's image, or its collection's initial on a tile when the URL is missing or unsafe. */
export const NftImage = ({ nft, size }: { readonly nft: Nft; readonly size: number }) => {
  const src = safeImageSrc(nft.imageUrl)
  return src === undefined ? (
    <span className="airlock-nft-placeholder" aria-hidden="true">
      {nft.collection.name.slice(0, 1).toUpperCase()}
    </span>
  ) : (
    <img className="airlock-nft-image" src={src} alt="" width={size} height={size} loading="lazy" />
  )
}

/** One tile: image, name, collection; opens the NFT's detail. Memoised on the NFT object (structural sharing). */
const NftTile = memo(({ nft, open }: { readonly nft: Nft; readonly open: (id: string) => void }) => (
  <li className="airlock-nft-entry" data-part="nft">
    <button type="button" className="airlock-nft-tile" onClick={() => open(nft.id)}>
      <NftImage nft={nft} size={160} />
      <span className="airlock-nft-name">{nft.name}</span>
      <span className="airlock-nft-collection">{nft.collection.name}</span>
    </button>
  </li>
))

/**
 * The Account view's NFTs tab: the account's NFTs on its network as a grid (spam hidden), "Load more" while the API
 * has further pages; a tile opens the NFT's detail.
 */
export const NftGrid = () => {
  const client = useAirlock()
  const { status, nfts, hasMore, fetching, loadMore } = useAirlockNfts()
  const { t } = useAirlockTranslation()
  if (nfts.length === 0) {
    if (status === "error") return <p className="airlock-empty">{t("AccountDataError.NftsFailed")}</p>
    if (status === "success") return <p className="airlock-empty">{t("nfts.empty")}</p>
    return (
      <p className="airlock-empty" aria-busy="true">
        {t("nfts.loading")}
      </p>
    )
  }
  const open = (id: string) => client.push("NftDetail", { id })
  return (
    <div className="airlock-nfts">
      <ul className="airlock-nft-grid" aria-label={t("nfts.grid")}>
        {nfts.map((nft) => (
          <NftTile key={nft.id} nft={nft} open={open} />
        ))}
      </ul>
      {hasMore ? <LoadMore fetching={fetching} onLoad={loadMore} /> : null}
    </div>
  )
}
