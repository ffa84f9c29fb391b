"use client"
import type { RouterState } from "airlock-kit"
import { syncDialog, syncViewFocus } from "airlock-kit/focus"
import { type RefObject, useLayoutEffect } from "react"
import { useReturnFocus } from "../internal/useReturnFocus.ts"

const closed = { open: false, view: "Connect", history: [] } as const

/**
 * Drives the native `<dialog>` from core's router state through core's {@link syncDialog} (showModal, scroll lock,
 * focus kept inside, focus returned on close) and {@link syncViewFocus} (a pushed view takes the focus, Back returns it
 * to the row it came from). Focus returns to the button that opened the modal, which the opener buttons record in the
 * provider (Safari does not focus a clicked button).
 */
export const useDialog = (ref: RefObject<HTMLDialogElement | null>, modal: RouterState): void => {
  const returnFocus = useReturnFocus()
  const { open } = modal
  useLayoutEffect(() => {
    const dialog = ref.current
    if (dialog === null) return
    const opener = open ? returnFocus.current : null
    if (open) returnFocus.current = null
    return syncDialog(dialog, open, { returnFocus: opener })
  }, [ref, open, returnFocus])
  // After the effect above (showModal) and after the view's own layout effects: the new view is in the page. No
  // cleanup per change: a change that keeps the view (its data) must not stop a wait for a view still loading.
  useLayoutEffect(() => {
    const dialog = ref.current
    if (dialog !== null) syncViewFocus(dialog, modal)
  }, [ref, modal])
  // Unmounted: forget the dialog's history and stop listening.
  useLayoutEffect(() => {
    const dialog = ref.current
    return () => {
      if (dialog !== null) syncViewFocus(dialog, closed)
    }
  }, [ref])
}
