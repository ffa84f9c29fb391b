"use client"
import { type RefObject, useCallback, useLayoutEffect, useRef } from "react"
import { useReturnFocus } from "../internal/useReturnFocus.ts"

const focusableSelector =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])'

/** The elements Tab can reach inside `root`, in order. */
export const focusableIn = (root: HTMLElement): HTMLElement[] =>
  [...root.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    (element) => !element.closest("[hidden]") && element.getClientRects().length > 0
  )

/**
 * Drives a native `<dialog>` from core's `open` flag: `showModal()` gives the top layer, an inert page and initial
 * focus; on close, focus goes back to the button that opened it (or whatever was focused before). Returns a check the
 * dialog's `close` handler calls: true (once per close made here) when the event is of a close made here, for core.
 */
export const useDialog = (ref: RefObject<HTMLDialogElement | null>, open: boolean): (() => boolean) => {
  const returnFocus = useReturnFocus()
  // The native `close` event of a close made here arrives a task later, perhaps after core opened the modal again:
  // it must not be taken for the browser closing the dialog on its own. Counted, not flagged: core may close, open
  // and close again before the first event arrives.
  const closedHere = useRef(0)
  useLayoutEffect(() => {
    const dialog = ref.current
    if (dialog === null) return
    if (open && !dialog.open) {
      if (returnFocus.current === null && document.activeElement instanceof HTMLElement) {
        returnFocus.current = document.activeElement
      }
      dialog.showModal()
      lockScroll(dialog.ownerDocument)
    } else if (!open && dialog.open) {
      closedHere.current += 1
      dialog.close()
      unlockScroll(dialog.ownerDocument)
      const target = returnFocus.current
      returnFocus.current = null
      if (target?.isConnected === true) target.focus()
    }
  }, [ref, open, returnFocus])
  // Unmounted while open (the provider went away): give the page its scroll back.
  useLayoutEffect(() => {
    const doc = ref.current?.ownerDocument
    return () => {
      if (doc !== undefined) unlockScroll(doc)
    }
  }, [ref])
  return useCallback(() => {
    if (closedHere.current === 0) return false
    closedHere.current -= 1
    return true
  }, [])
}

/**
 * Stops the page scrolling behind the open modal. The scrollbar's width is given back as padding (through CSSOM, which
 * a `style-src 'self'` CSP allows), so the page does not shift sideways.
 */
const lockScroll = (doc: Document): void => {
  const root = doc.documentElement
  if (root.hasAttribute("data-airlock-scroll-lock")) return
  const scrollbar = (doc.defaultView?.innerWidth ?? root.clientWidth) - root.clientWidth
  root.style.setProperty("--airlock-scrollbar-width", `${Math.max(0, scrollbar)}px`)
  root.setAttribute("data-airlock-scroll-lock", "")
}

const unlockScroll = (doc: Document): void => {
  const root = doc.documentElement
  if (!root.hasAttribute("data-airlock-scroll-lock")) return
  root.removeAttribute("data-airlock-scroll-lock")
  root.style.removeProperty("--airlock-scrollbar-width")
}

/** Keeps Tab and Shift+Tab cycling inside `dialog` instead of leaving for the browser's own controls. */
export const trapTab = (
  event: KeyboardEvent | { key: string; shiftKey: boolean; preventDefault(): void },
  dialog: HTMLElement
) => {
  if (event.key !== "Tab") return
  const focusable = focusableIn(dialog)
  const first = focusable[0]
  const last = focusable.at(-1)
  if (first === undefined || last === undefined) return
  const active = dialog.ownerDocument.activeElement
  if (event.shiftKey && (active === first || !dialog.contains(active))) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
    event.preventDefault()
    first.focus()
  }
}
