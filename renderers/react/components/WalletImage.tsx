"use client"
import { useState } from "react"
import { safeImageSrc } from "../internal/imageSrc.ts"

/**
 * A wallet's picture beside its visible name, so decorative (`alt=""`): the image when its URL is safe and loads,
 * otherwise a placeholder with the name's first letter, hidden from assistive technology.
 */
export const WalletImage = ({ name, url }: { readonly name: string; readonly url?: string | null | undefined }) => {
  const src = safeImageSrc(url)
  // Remembers which URL failed, so a new URL for the same wallet gets its own try.
  const [failed, setFailed] = useState<string | undefined>(undefined)
  if (src === undefined || failed === src) {
    return (
      <span className="airlock-avatar" data-part="wallet-image" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
    )
  }
  return (
    <img
      className="airlock-avatar"
      data-part="wallet-image"
      src={src}
      alt=""
      width={32}
      height={32}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      draggable={false}
      onError={() => setFailed(src)}
    />
  )
}
