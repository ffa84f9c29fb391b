"use client"
import { safeImageSrc } from "./imageSrc.ts"

/** A token's 32 px icon: its logo when the URL is safe, else its symbol's first letter (decorative either way). */
export const TokenIcon = ({ symbol, src }: { readonly symbol: string; readonly src: string | null | undefined }) => {
  const icon = safeImageSrc(src)
  return icon === undefined ? (
    <span className="airlock-network-icon" aria-hidden="true" data-size={32}>
      {symbol.slice(0, 1).toUpperCase()}
    </span>
  ) : (
    <img className="airlock-network-icon" src={icon} alt="" width={32} height={32} data-size={32} />
  )
}
