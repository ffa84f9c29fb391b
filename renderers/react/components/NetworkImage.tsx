"use client"
import type { CaipNetwork } from "airlock-kit"
import { safeImageSrc } from "../internal/imageSrc.ts"

/**
 * A network's icon beside its visible name, so decorative: `assets.imageUrl` when it is a safe image URL, else a
 * badge with the name's first letter.
 */
export const NetworkImage = ({ network, size = 20 }: { readonly network: CaipNetwork; readonly size?: number }) => {
  const icon = safeImageSrc(network.assets?.imageUrl)
  return icon === undefined ? (
    <span className="airlock-network-icon" aria-hidden="true" data-size={size}>
      {network.name.slice(0, 1).toUpperCase()}
    </span>
  ) : (
    <img className="airlock-network-icon" src={icon} alt="" width={size} height={size} data-size={size} />
  )
}
