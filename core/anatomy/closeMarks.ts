/**
 * The closes {@link closeHere} made, per dialog, for the dialog's `close` handler to tell them from the browser's own
 * (Escape, a form's `method="dialog"`). Apart from `syncDialog.ts` so that `connectDialog` (on the page's first load,
 * with `airlock-kit`) does not bring the dialog's DOM side (scroll lock, focus) along.
 * @module
 */

/**
 * How many closes made here, per dialog, still have their native `close` event to come. That event arrives a task
 * later, perhaps after core opened the modal again: it must not be taken for the browser closing the dialog on its
 * own. Counted, not flagged: core may close, open and close again before the first event arrives.
 */
const closedHere = new WeakMap<HTMLDialogElement, number>()

/**
 * True (once per close made here) when the `close` event being handled is of a close `syncDialog` made, for
 * the dialog's `onClose` handler.
 *
 * @example
 * ```ts
 * import { takeCloseMadeHere } from "./closeMarks.ts"
 * takeCloseMadeHere(document.createElement("dialog")) // false
 * ```
 */
export const takeCloseMadeHere = (dialog: HTMLDialogElement): boolean => {
  const pending = closedHere.get(dialog) ?? 0
  if (pending === 0) return false
  closedHere.set(dialog, pending - 1)
  return true
}

/** Closes `dialog`, marked as a close made here. */
export const closeHere = (dialog: HTMLDialogElement): void => {
  closedHere.set(dialog, (closedHere.get(dialog) ?? 0) + 1)
  dialog.close()
}
