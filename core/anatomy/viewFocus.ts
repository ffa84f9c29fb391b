/**
 * The keyboard focus across the modal's views: a pushed view takes the focus (its search field, else its first
 * control), and going back returns it to the control the user left in that view (the row that opened the view above),
 * asking a virtualised list to draw that row again when it does not ({@link onRevealRequest}).
 * DOM-typed, but reads the browser only through the elements it is given, so importing it on a server touches nothing.
 * It is the entry `airlock-kit/focus`, not a name of `airlock-kit`: only the modal's lazily loaded code calls it, and a
 * module the page's barrel re-exports would sit in the page's first load (esbuild's splitting), 1 KB gzip of it.
 * @module
 */
import type { RouterState } from "../router/state.ts"
import { focusableIn } from "./focus.ts"

export { type SyncDialogOptions, syncDialog } from "./syncDialog.ts"

/**
 * What Back asks a view's virtualised list for when the row to return the focus to is not drawn (scrolled out of the
 * drawn rows, or the list drawn afresh at its top): the row's element id, and for a wallet's row (`getWalletItemProps`)
 * the wallet's id, by which the list finds it.
 */
export interface RevealRequest {
  readonly id: string | undefined
  readonly walletId: string | undefined
}

/**
 * Where a control was in its view: its id when it has one, else its place among the view's controls; a wallet's row
 * also names its wallet (what a virtualised list is asked for, the mark itself being the request).
 */
interface FocusMark extends RevealRequest {
  readonly index: number
}

/**
 * The DOM event (a `CustomEvent` whose `detail` is a {@link RevealRequest}, cancelable) that {@link syncViewFocus}
 * dispatches on each list of the view that says it draws only some of its rows (`aria-rowcount`, as
 * `getWalletGridProps` gives the All Wallets grid). A list that will draw the row cancels it.
 */
export const REVEAL_EVENT = "airlock-reveal"

/** What one dialog remembers while it is open. */
interface Memory {
  history: ReadonlyArray<string>
  /** Per history entry, the control focused in that view when another view was shown above it. */
  marks: Array<FocusMark | undefined>
  /** The control last focused inside the current view. */
  last: FocusMark | undefined
  readonly stopListening: () => void
  /** Stops waiting for a view still loading. */
  stopWaiting: () => void
}

const memories = new WeakMap<Element, Memory>()

const headerParts = new Set(["back-button", "close-button"])
const isHeaderPart = (element: Element): boolean => headerParts.has(element.getAttribute("data-part") ?? "")

/** The part of `dialog` that holds the view: its `data-part="body"` (`getBodyProps`), else the dialog itself. */
const viewArea = (dialog: Element): Element => dialog.querySelector('[data-scope="dialog"][data-part="body"]') ?? dialog

/** The controls of the view: what Tab reaches in its area, the header's Back and Close left out. */
const viewControls = (dialog: Element): HTMLElement[] =>
  focusableIn(viewArea(dialog)).filter((element) => !isHeaderPart(element))

/** Whether `element` is drawn: in the page, not inside a `hidden` part, with a box (not `display: none`). */
const isDrawn = (element: Element): boolean =>
  element.isConnected && element.closest("[hidden]") === null && element.getClientRects().length > 0

/**
 * The mark of a focused element of the view (a control, or a roving-tabindex cell not in the Tab order yet), or
 * `undefined` for the view area itself and the header's buttons.
 */
const markOf = (dialog: Element, element: Element): FocusMark | undefined => {
  const area = viewArea(dialog)
  if (element === area || !area.contains(element) || isHeaderPart(element)) return undefined
  const index = viewControls(dialog).indexOf(element as HTMLElement)
  const id = element.id === "" ? undefined : element.id
  return id === undefined && index < 0
    ? undefined
    : { id, index, walletId: element.getAttribute("data-wallet-id") ?? undefined }
}

/** The element `mark` names in the view now drawn: the same id, else (a mark without one) the control at its place. */
const findMark = (dialog: Element, mark: FocusMark): HTMLElement | undefined => {
  if (mark.id === undefined) return viewControls(dialog)[mark.index]
  const byId = dialog.ownerDocument.getElementById(mark.id)
  return byId !== null && viewArea(dialog).contains(byId) && isDrawn(byId) ? (byId as HTMLElement) : undefined
}

/** The control a newly shown view focuses first: its search field, else its first control. */
const firstControl = (dialog: Element): HTMLElement | undefined => {
  const controls = viewControls(dialog)
  return controls.find((element) => element.matches('input[type="search"]')) ?? controls[0]
}

/** Whether the view area still shows a view loading (a placeholder marked `aria-busy`) and no control yet. */
const stillLoading = (dialog: Element): boolean => viewArea(dialog).querySelector('[aria-busy="true"]') !== null

/** Scrolls `element` into its scrolling view part (not the card: an `overflow: hidden` ancestor would shift). */
const reveal = (dialog: Element, element: HTMLElement): void => {
  const area = viewArea(dialog)
  for (let parent = element.parentElement; parent !== null && area.contains(parent); parent = parent.parentElement) {
    const overflow = parent.ownerDocument.defaultView?.getComputedStyle(parent).overflowY
    if (overflow !== "auto" && overflow !== "scroll") continue
    const box = element.getBoundingClientRect()
    const frame = parent.getBoundingClientRect()
    if (box.top < frame.top) parent.scrollTop -= frame.top - box.top
    else if (box.bottom > frame.bottom) parent.scrollTop += box.bottom - frame.bottom
    return
  }
}

const focus = (dialog: Element, element: HTMLElement): void => {
  element.focus({ preventScroll: true })
  reveal(dialog, element)
}

const isPrefix = (shorter: ReadonlyArray<string>, longer: ReadonlyArray<string>): boolean =>
  shorter.every((view, i) => longer[i] === view)

/** Frames a view returned to gets to draw the control to return to (a virtualised list draws its rows a render later). */
const RETURN_GRACE_FRAMES = 2
/** Frames a list that took a reveal request gets to draw the row (it may scroll first): about half a second. */
const REVEAL_GRACE_FRAMES = 30

/**
 * Moves the focus into the view now shown, or waits for it: called when the view changed. `mark` names the control to
 * return to (going back), else the view's first control is the target. While the view is still loading (or, going
 * back, for a couple of frames until the control returned to is drawn), the focus waits on the view area itself
 * (`tabindex="-1"`, from `getBodyProps`), so it neither falls to the page nor lands on the header; once the view is
 * drawn it moves on, unless the user has moved it meanwhile.
 */
const enterView = (dialog: HTMLElement, memory: Memory, mark: FocusMark | undefined): void => {
  memory.stopWaiting()
  const area = viewArea(dialog) as HTMLElement
  const doc = dialog.ownerDocument
  const win = doc.defaultView
  // A view that focused a control of its own as it was drawn (an autofocus field) keeps it. (The control of the view
  // left may still hold the focus, hidden: a view that suspends hides the one before it rather than removing it.)
  const active = doc.activeElement
  if (active !== null && viewControls(dialog).includes(active as HTMLElement)) return
  const wanted = (): HTMLElement | undefined => (mark === undefined ? firstControl(dialog) : findMark(dialog, mark))
  /** Where the focus goes when the wanted control is not there: the view's first control, else Back, else Close. */
  const settle = (): void => {
    const target = wanted() ?? firstControl(dialog)
    if (target !== undefined) focus(dialog, target)
    else focusableIn(dialog)[0]?.focus({ preventScroll: true })
  }
  const found = wanted()
  if (found !== undefined) {
    focus(dialog, found)
    return
  }
  const waitForMark = mark !== undefined
  if (area === dialog || win === null || (!waitForMark && !stillLoading(dialog))) {
    settle()
    return
  }
  // Going back to a row its virtualised list does not draw: the view's partly drawn lists (`aria-rowcount`) are asked
  // to draw it, until one will (`true` from then on; a list drawn later is asked when it is).
  let revealing = false
  const reveal = () =>
    (revealing ||= [...area.querySelectorAll("[aria-rowcount]")].some(
      (list) => !list.dispatchEvent(new win.CustomEvent(REVEAL_EVENT, { cancelable: true, detail: mark }))
    ))
  if (waitForMark) reveal()
  // The focus waits on the view area, in the dialog and off its header, until the view is drawn.
  area.focus({ preventScroll: true })
  let frames = 0
  let frame = 0
  const attempt = (): void => {
    // The user moved the focus meanwhile (a Tab, a click), or the view focused a control itself: left alone.
    const now = doc.activeElement
    const target = wanted()
    if (now !== area && now !== doc.body && now !== null) stop()
    else if (target !== undefined) {
      stop()
      focus(dialog, target)
    } else if (stillLoading(dialog)) frames = 0
    else if (!waitForMark || frames >= (reveal() ? REVEAL_GRACE_FRAMES : RETURN_GRACE_FRAMES)) {
      stop()
      settle()
    }
  }
  const observer = new win.MutationObserver(attempt)
  const tick = () => {
    frames++
    attempt()
    if (memory.stopWaiting === stop) frame = win.requestAnimationFrame(tick)
  }
  const stop = () => {
    observer.disconnect()
    win.cancelAnimationFrame(frame)
    if (memory.stopWaiting === stop) memory.stopWaiting = () => undefined
  }
  memory.stopWaiting = stop
  observer.observe(area, { subtree: true, childList: true, attributes: true, attributeFilter: ["hidden", "aria-busy"] })
  if (waitForMark) frame = win.requestAnimationFrame(tick)
}

/**
 * Makes the keyboard focus follow the modal's views in `dialog`. A view pushed (and one that replaces the view on top)
 * takes the focus: its search field, else its first control, never the header's Close while it has one, never the
 * page; a view still loading holds it on the view area until it is drawn. Back returns it to the control that was
 * focused in that view when the view above was shown (found again by its id, e.g. a wallet row's from
 * `getWalletItemProps`, else by its place among the view's controls). A row its virtualised list does not draw (the
 * list drawn afresh at its top) is asked of the list ({@link onRevealRequest}), which scrolls to it; a row no longer
 * in the list leaves the focus on the view's search field. A focus the user moved while a view loaded, or
 * that the new view put on a control itself, is left alone. The view's area is the element with `getBodyProps()`
 * (else the whole dialog, the header's buttons left out).
 *
 * Call it once the DOM shows `modal`'s view (React: a layout effect on the router state); calls that change nothing
 * do nothing, and a closed modal (`open: false`) forgets its history and stops listening. The returned function stops
 * waiting for a view still loading (an effect's cleanup).
 *
 * @example
 * ```ts
 * import { syncViewFocus } from "./viewFocus.ts"
 * const dialog = document.body.appendChild(document.createElement("dialog"))
 * const stop = airlock.subscribe((state) => syncViewFocus(dialog, state.modal))
 * ```
 */
export const syncViewFocus = (
  dialog: HTMLElement,
  modal: Pick<RouterState, "open" | "view" | "history">
): (() => void) => {
  const stopWaiting = () => memories.get(dialog)?.stopWaiting()
  const memory = memories.get(dialog)
  if (!modal.open) {
    memories.delete(dialog)
    memory?.stopWaiting()
    memory?.stopListening()
    return stopWaiting
  }
  if (memory === undefined) {
    const onFocusIn = (event: Event) => {
      const target = event.target
      const current = memories.get(dialog)
      if (current === undefined || target === null) return
      const mark = markOf(dialog, target as Element)
      if (mark !== undefined) current.last = mark
    }
    dialog.addEventListener("focusin", onFocusIn)
    const active = dialog.ownerDocument.activeElement
    memories.set(dialog, {
      history: [...modal.history],
      marks: [],
      last: active === null ? undefined : markOf(dialog, active),
      stopListening: () => dialog.removeEventListener("focusin", onFocusIn),
      stopWaiting: () => undefined
    })
    return stopWaiting
  }
  const before = memory.history
  const after = modal.history
  if (before.length === after.length && isPrefix(before, after)) return stopWaiting
  if (after.length > before.length && isPrefix(before, after)) {
    // Pushed: remember where the focus was in the view left below.
    memory.marks[before.length - 1] = memory.last
    memory.marks.length = after.length - 1
    memory.history = [...after]
    memory.last = undefined
    enterView(dialog, memory, undefined)
  } else if (after.length < before.length && isPrefix(after, before)) {
    // Back: to the control that was focused in the view returned to.
    const mark = memory.marks[after.length - 1]
    memory.marks.length = after.length - 1
    memory.history = [...after]
    memory.last = mark
    enterView(dialog, memory, mark)
  } else {
    // Replaced or reset: the marks of the views still below stay.
    let common = 0
    while (common < after.length - 1 && before[common] === after[common]) common++
    memory.marks.length = common
    memory.history = [...after]
    memory.last = undefined
    enterView(dialog, memory, undefined)
  }
  return stopWaiting
}

/**
 * Lets the virtualised `list` (the element with `aria-rowcount`, e.g. `getWalletGridProps`'s grid) draw the row Back
 * returns the focus to when it does not draw it: `reveal` is given the row's element id and wallet id, and returns
 * `true` when it will draw that row (scrolled into view; {@link syncViewFocus} then focuses it), `false` when the list no
 * longer holds it (the focus goes to the view's search field). The returned function stops listening.
 *
 * @example
 * ```ts
 * import { onRevealRequest } from "./viewFocus.ts"
 * const grid = document.createElement("div")
 * const wallets = ["w0", "w1", "w2"]
 * const stop = onRevealRequest(grid, ({ walletId }) => walletId !== undefined && wallets.includes(walletId))
 * stop()
 * ```
 */
export const onRevealRequest = (list: Element, reveal: (request: RevealRequest) => boolean): (() => void) => {
  const listener = (event: Event) => {
    const { detail } = event as CustomEvent<RevealRequest>
    if (detail !== null && typeof detail === "object" && reveal(detail)) event.preventDefault()
  }
  list.addEventListener(REVEAL_EVENT, listener)
  return () => list.removeEventListener(REVEAL_EVENT, listener)
}
