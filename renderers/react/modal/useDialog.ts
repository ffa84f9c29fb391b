"use client"
import { syncDialog } from "airlock-kit"
import { type RefObject, useLayoutEffect } from "react"
import { useReturnFocus } from "../internal/useReturnFocus.ts"

/**
 * Drives the native `<dialog>` from core's `open` flag through core's {@link syncDialog} (showModal, scroll lock, focus
 * kept inside, focus returned on close). Focus returns to the button that opened the modal, which the opener buttons
 * record in the provider (Safari does not focus a clicked button).
 */
export const useDialog = (ref: RefObject<HTMLDialogElement | null>, open: boolean): void => {
  const returnFocus = useReturnFocus()
  useLayoutEffect(() => {
    const dialog = ref.current
    if (dialog === null) return
    const opener = open ? returnFocus.current : null
    if (open) returnFocus.current = null
    return syncDialog(dialog, open, { returnFocus: opener })
  }, [ref, open, returnFocus])
}
