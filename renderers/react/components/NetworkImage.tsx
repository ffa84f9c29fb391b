"use client"
import type { AirlockState, CaipNetwork } from "airlock-kit"
import { useState } from "react"
import { DrawLogo } from "../brands/draw.tsx"
import { useNetworkLogo } from "../brands/useNetworkLogo.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { safeImageSrc } from "../internal/imageSrc.ts"

const selectNetworkImages = (state: AirlockState) => state.networkImages

/**
 * A network's icon beside its visible name, so decorative. In order: `assets.imageUrl` when it is a safe image URL,
 * the wallet API's image of `assets.imageId` (core's `state.networkImages`), Airlock's mark of the network (fetched
 * with the other networks' marks on the first draw), a badge with the name's first letter (also while the marks, or
 * core's images of a network with an `imageId`, are on their way). An image that fails to load gives way to the next.
 */
export const NetworkImage = ({ network, size = 20 }: { readonly network: CaipNetwork; readonly size?: number }) => {
  const images = useAirlockSelector(selectNetworkImages)
  const [failed, setFailed] = useState<ReadonlyArray<string>>([])
  const icon = [safeImageSrc(network.assets?.imageUrl), safeImageSrc(images?.[network.caipNetworkId])].find(
    (src) => src !== undefined && !failed.includes(src)
  )
  // A network with a registry image waits for core's URL with its letter rather than flashing Airlock's mark first.
  const waiting = images === undefined && network.assets?.imageId !== undefined
  const logo = useNetworkLogo(icon === undefined && !waiting ? network.caipNetworkId : undefined)
  if (icon === undefined && logo !== undefined && logo !== null) {
    return <DrawLogo logo={logo} size={size} className="airlock-network-icon" brand={network.caipNetworkId} />
  }
  return icon === undefined ? (
    <span className="airlock-network-icon" aria-hidden="true" data-size={size}>
      {network.name.slice(0, 1).toUpperCase()}
    </span>
  ) : (
    <img
      className="airlock-network-icon"
      src={icon}
      alt=""
      width={size}
      height={size}
      data-size={size}
      referrerPolicy="no-referrer"
      onError={() => setFailed((list) => [...list, icon])}
    />
  )
}
