"use client"
import { type ReactNode, useState } from "react"
import { useCachedImage } from "../internal/imageCache.ts"
import { safeImageSrc } from "../internal/imageSrc.ts"

/**
 * A wallet's picture beside its visible name, so decorative (`alt=""`): the image when its URL is safe and loads,
 * otherwise `fallback` (a brand's logo) or a placeholder with the name's first letter, hidden from assistive technology.
 * Registry images are drawn from the page's image cache (fetched once, kept as object URLs); the placeholder shows
 * while one is on its way.
 */
export const WalletImage = ({
  name,
  url,
  announced = false,
  size = 32,
  fallback
}: {
  readonly name: string
  readonly url?: string | null | undefined
  /** The icon the wallet announced for itself (EIP-6963): an inline SVG is allowed. */
  readonly announced?: boolean | undefined
  readonly size?: number | undefined
  /** What to draw instead of the letter when there is no image to show (it must be decorative). */
  readonly fallback?: ReactNode
}) => {
  const safe = safeImageSrc(url, { announced })
  const cached = useCachedImage(safe)
  // Remembers which sources failed, so a new URL for the same wallet gets its own try; an object URL a page's img-src
  // policy refuses falls back to the image's own URL, then to the placeholder.
  const [failed, setFailed] = useState<ReadonlyArray<string>>([])
  const src = cached !== undefined && !failed.includes(cached) ? cached : safe
  if (src === undefined || cached === undefined || failed.includes(src)) {
    if (fallback !== undefined) return fallback
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
      onError={() => setFailed((list) => [...list, src])}
    />
  )
}
