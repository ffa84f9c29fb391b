"use client"
import type { AirlockState } from "airlock"
import { useEffect, useSyncExternalStore } from "react"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { prefetchImages } from "../internal/imageCache.ts"
import { safeImageSrc } from "../internal/imageSrc.ts"
import { onIdle } from "../internal/onIdle.ts"
import { getLoadedModal, loadModal, preloadModal, subscribeModalLoaded } from "../modal/load.ts"

const selectOpen = (state: AirlockState) => state.modal.open
const notLoaded = () => undefined

/** SPEC §9: the first 20 wallet images are fetched ahead of the first open. */
const PREFETCHED_WALLET_IMAGES = 20

/** The wallet images the Connect view draws first (recent, featured, recommended, then All Wallets), one string. */
const selectFirstWalletImages = (state: AirlockState): string => {
  const { recent, featured, recommended, all } = state.wallets
  const urls = new Set<string>()
  for (const wallet of [...recent, ...featured, ...recommended, ...all.slice(0, PREFETCHED_WALLET_IMAGES)]) {
    const src = safeImageSrc(wallet.image_url)
    if (src !== undefined) urls.add(src)
    if (urls.size === PREFETCHED_WALLET_IMAGES) break
  }
  return [...urls].join("\n")
}

/** When to fetch the modal chunk before it is first opened. */
export type ModalPreload = "idle" | "interaction"

/**
 * Renders the modal once its chunk is loaded; loads it when the modal opens, and on idle unless `preload` is
 * "interaction" (then only the buttons' hover / focus / pointer down fetch it early).
 */
export const ModalHost = ({ preload }: { readonly preload: ModalPreload }) => {
  const open = useAirlockSelector(selectOpen)
  const module = useSyncExternalStore(subscribeModalLoaded, getLoadedModal, notLoaded)
  useEffect(() => {
    if (open && getLoadedModal() === undefined) {
      loadModal().catch((error: unknown) => console.error("Airlock: the modal could not be loaded.", error))
    }
  }, [open])
  useEffect(() => (preload === "idle" ? onIdle(preloadModal) : undefined), [preload])
  // Wallet images load before the modal opens, so its first frame shows icons, not empty squares; each is fetched
  // once into the image cache the views draw from.
  const images = useAirlockSelector(selectFirstWalletImages)
  useEffect(
    () => (images === "" ? undefined : onIdle(() => prefetchImages(images.split("\n"), PREFETCHED_WALLET_IMAGES))),
    [images]
  )
  return module === undefined ? null : <module.Modal />
}
