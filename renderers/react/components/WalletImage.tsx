"use client"
import { useState } from "react"
import { safeImageSrc } from "../internal/imageSrc.ts"

/**
 * A wallet's picture beside its visible name, so decorative (`alt=""`): the image when its URL is safe and loads,
 * otherwise a placeholder with the name's first letter, hidden from assistive technology.
 */
export const WalletImage = ({
  name,
  url,
  announced = false,
  size = 32
}: {
  readonly name: string
  readonly url?: string | null | undefined
  /** The icon the wallet announced for itself (EIP-6963): an inline SVG is allowed. */
  readonly announced?: boolean | undefined
  readonly size?: number | undefined
}) => {
  const src = safeImageSrc(url, { announced })
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
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      referrerPolicy="no-referrer"
      draggable={false}
      onError={() => setFailed(src)}
    />
  )
}
