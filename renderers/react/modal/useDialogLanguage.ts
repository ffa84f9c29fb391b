"use client"
import { type RefObject, useLayoutEffect } from "react"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"

/**
 * Gives the modal's `<dialog>` the state's language and writing direction (`lang`, `dir`), before the first paint, so
 * the whole card (header included) is read in its language and mirrors for a right-to-left one; `element` is any
 * element inside the dialog. A stand-in while Modal.tsx is being rewritten: once the dialog takes both from the
 * state itself (see docs/i18n.md#right-to-left), this hook goes.
 */
export const useDialogLanguage = (element: RefObject<HTMLElement | null>): void => {
  const { locale, dir } = useAirlockTranslation()
  useLayoutEffect(() => {
    const dialog = element.current?.closest("dialog")
    if (dialog == null) return
    dialog.lang = locale
    dialog.dir = dir
  }, [element, locale, dir])
}
