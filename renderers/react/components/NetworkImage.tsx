"use client"
import type { CaipNetwork } from "airlock-kit"
import { DrawLogo } from "../brands/draw.tsx"
import { useNetworkLogo } from "../brands/useNetworkLogo.ts"
import { safeImageSrc } from "../internal/imageSrc.ts"

/**
 * A network's icon beside its visible name, so decorative: `assets.imageUrl` when it is a safe image URL, else
 * Airlock's mark of the network (fetched with the other networks' marks on the first draw), else a badge with the
 * name's first letter (also while the marks are on their way).
 */
export const NetworkImage = ({ network, size = 20 }: { readonly network: CaipNetwork; readonly size?: number }) => {
  const icon = safeImageSrc(network.assets?.imageUrl)
  const logo = useNetworkLogo(icon === undefined ? network.caipNetworkId : undefined)
  if (icon === undefined && logo !== undefined && logo !== null) {
    return <DrawLogo logo={logo} size={size} className="airlock-network-icon" brand={network.caipNetworkId} />
  }
  return icon === undefined ? (
    <span className="airlock-network-icon" aria-hidden="true" data-size={size}>
      {network.name.slice(0, 1).toUpperCase()}
    </span>
  ) : (
    <img className="airlock-network-icon" src={icon} alt="" width={size} height={size} data-size={size} />
  )
}
