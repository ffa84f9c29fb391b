/**
 * The DOM side of the modal, driven by core's `modal.open`: a native `<dialog>` shown with `showModal()` (top layer,
 * inert page, initial focus), the page's scroll locked, the focus kept inside, and on close the focus returned to
 * where it was. A renderer calls {@link syncDialog} from its effect; nothing here runs at import. It is a name of the
 * entry `airlock-kit/focus`, not of `airlock-kit`: only a modal's lazily loaded code calls it.
 * @module
 */
import { closeHere } from "./closeMarks.ts"
import { focusableIn, hasFocusInside, keepFocusInside } from "./focus.ts"
import { lockScroll } from "./scrollLock.ts"

/** What puts each shown dialog back: its scroll lock, focus keeper and the focus to return. */
const shown = new WeakMap<HTMLDialogElement, () => void>()

/** Options of {@link syncDialog}. */
export interface SyncDialogOptions {
  /**
   * Where the focus goes when the dialog closes, e.g. the button that opened it (some browsers, Safari among them, do
   * not focus a button on click).
   * @default the element focused when the dialog opened
   */
  readonly returnFocus?: HTMLElement | null | undefined
}

const show = (dialog: HTMLDialogElement, options: SyncDialogOptions): (() => void) => {
  const doc = dialog.ownerDocument
  const before = doc.activeElement as HTMLElement | null
  const returnFocus = options.returnFocus ?? (before === doc.body ? null : before)
  // The lock first: its root style (an inherited custom property among it) is then resolved in the same style pass as
  // the dialog's content, which `showModal()` forces; locked after, the whole card's style was resolved twice.
  const unlock = lockScroll(doc)
  if (!dialog.open) dialog.showModal()
  if (!hasFocusInside(dialog)) focusableIn(dialog)[0]?.focus()
  const stopKeeping = keepFocusInside(dialog)
  return () => {
    stopKeeping()
    if (dialog.open) closeHere(dialog)
    unlock()
    if (returnFocus?.isConnected === true) returnFocus.focus()
  }
}

const release = (dialog: HTMLDialogElement): void => {
  const undo = shown.get(dialog)
  shown.delete(dialog)
  undo?.()
}

/**
 * Makes `dialog` follow core's `open` flag. Opening: `showModal()`, the focus inside, the page's scroll locked (the
 * scrollbar's width kept as padding) and, while open, a focus the DOM takes away (a view change) put back inside.
 * Closing: `close()`, the scroll back, and the focus returned to where it was before opening (or
 * `options.returnFocus`). Call it whenever `open` may have changed (calls that change nothing do nothing); the returned
 * function closes and releases the dialog, for an effect's cleanup or an unmount.
 *
 * @example
 * ```ts
 * import { syncDialog } from "./syncDialog.ts"
 * const dialog = document.body.appendChild(document.createElement("dialog"))
 * const release = syncDialog(dialog, airlock.getState().modal.open)
 * const stop = airlock.subscribe((state) => syncDialog(dialog, state.modal.open))
 * // on unmount:
 * stop()
 * release()
 * ```
 */
export const syncDialog = (dialog: HTMLDialogElement, open: boolean, options: SyncDialogOptions = {}): (() => void) => {
  if (open && !shown.has(dialog)) shown.set(dialog, show(dialog, options))
  else if (!open) {
    release(dialog)
    if (dialog.open) closeHere(dialog)
  }
  return () => release(dialog)
}
