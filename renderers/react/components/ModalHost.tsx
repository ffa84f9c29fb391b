"use client"
import type { AirlockState } from "airlock-kit"
import { useEffect, useSyncExternalStore } from "react"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { onIdle } from "../internal/onIdle.ts"
import { getLoadedModal, loadModal, preloadModal, subscribeModalLoaded } from "../modal/load.ts"

const selectOpen = (state: AirlockState) => state.modal.open
const notLoaded = () => undefined

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
  return module === undefined ? null : <module.Modal />
}
