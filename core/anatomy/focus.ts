/**
 * Focus inside a modal dialog: what Tab can reach, the Tab trap, and keeping the focus inside when the DOM takes the
 * focused element away. DOM-typed, but reads the browser only through the elements it is given, so importing it on a
 * server touches nothing.
 * @module
 */

const focusableSelector =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])'

/** Whether `element` is in the page and not inside a `hidden` part. */
const isShown = (element: Element): boolean => element.isConnected && element.closest("[hidden]") === null

/**
 * The elements Tab can reach inside `root`, in order.
 *
 * @example
 * ```ts
 * import { focusableIn } from "./focus.ts"
 * const dialog = document.createElement("dialog")
 * focusableIn(dialog)[0]?.focus()
 * ```
 */
export const focusableIn = (root: Element): HTMLElement[] =>
  [...root.querySelectorAll<HTMLElement>(focusableSelector)].filter(
    (element) => element.closest("[hidden]") === null && element.getClientRects().length > 0
  )

/**
 * Whether the focus is on `dialog` or on a shown element inside it.
 *
 * @example
 * ```ts
 * import { hasFocusInside } from "./focus.ts"
 * hasFocusInside(document.createElement("dialog")) // false
 * ```
 */
export const hasFocusInside = (dialog: Element): boolean => {
  const active = dialog.ownerDocument.activeElement
  return active !== null && dialog.contains(active) && active.closest("[hidden]") === null
}

/** The part of a key event the Tab trap reads; a DOM `KeyboardEvent` and React's synthetic one both have it. */
export interface TabTrapEvent {
  readonly key: string
  readonly shiftKey: boolean
  preventDefault(): void
}

/**
 * Keeps Tab and Shift+Tab cycling inside `dialog` instead of leaving for the browser's own controls: Tab on the last
 * element goes to the first, Shift+Tab on the first to the last; in between the browser moves the focus itself.
 *
 * @example
 * ```ts
 * import { trapTab } from "./focus.ts"
 * const dialog = document.createElement("dialog")
 * dialog.addEventListener("keydown", (event) => trapTab(event, dialog))
 * ```
 */
export const trapTab = (event: TabTrapEvent, dialog: Element): void => {
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

/**
 * While it runs, a change inside `dialog` that takes the focused element away (a view change removes it, the back
 * button is hidden) moves the focus to the first element Tab can reach, so it never falls out to the page. A focus the
 * user moved away themselves (a click on text) is left alone. Returns the stop.
 *
 * @example
 * ```ts
 * import { keepFocusInside } from "./focus.ts"
 * const stop = keepFocusInside(document.createElement("dialog"))
 * stop()
 * ```
 */
export const keepFocusInside = (dialog: HTMLDialogElement): (() => void) => {
  const Observer = dialog.ownerDocument.defaultView?.MutationObserver
  if (Observer === undefined) return () => undefined
  let focused: Element | null = hasFocusInside(dialog) ? dialog.ownerDocument.activeElement : null
  const onFocusIn = (event: Event) => {
    focused = event.target as Element | null
  }
  const observer = new Observer(() => {
    if (!dialog.open || hasFocusInside(dialog)) return
    // The element the user last focused inside is still there: the focus left by their own doing, not the DOM's.
    if (focused !== null && dialog.contains(focused) && isShown(focused)) return
    focusableIn(dialog)[0]?.focus()
  })
  dialog.addEventListener("focusin", onFocusIn)
  observer.observe(dialog, { subtree: true, childList: true, attributes: true, attributeFilter: ["hidden"] })
  return () => {
    observer.disconnect()
    dialog.removeEventListener("focusin", onFocusIn)
  }
}
