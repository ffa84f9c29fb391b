/**
 * The page's scroll lock behind an open modal: `overflow: hidden` on the root element, with the scrollbar's width
 * given back as padding so the page does not shift sideways. Set through CSSOM (`style.setProperty`), which a
 * `style-src 'self'` Content-Security-Policy allows, so it needs no stylesheet and no inline style attribute.
 * @module
 */

interface Lock {
  count: number
  readonly release: () => void
}

/** One lock per document, however many dialogs hold it: the last one to let go gives the scroll back. */
const locks = new WeakMap<Document, Lock>()

/** Sets a property of `root`'s inline style and returns what puts the page's own value back. */
const setStyle = (root: HTMLElement, property: string, value: string): (() => void) => {
  const before = root.style.getPropertyValue(property)
  const priority = root.style.getPropertyPriority(property)
  root.style.setProperty(property, value)
  return () => {
    if (before === "") root.style.removeProperty(property)
    else root.style.setProperty(property, before, priority)
  }
}

const lock = (doc: Document): Lock => {
  const root = doc.documentElement
  const scrollbar = Math.max(0, (doc.defaultView?.innerWidth ?? root.clientWidth) - root.clientWidth)
  const restore = [
    setStyle(root, "overflow", "hidden"),
    // The width as a variable too, for the app's own fixed elements (`padding-right: var(--airlock-scrollbar-width)`).
    setStyle(root, "--airlock-scrollbar-width", `${scrollbar}px`),
    ...(scrollbar > 0 ? [setStyle(root, "padding-right", `${scrollbar}px`)] : [])
  ]
  root.setAttribute("data-airlock-scroll-lock", "")
  return {
    count: 0,
    release: () => {
      root.removeAttribute("data-airlock-scroll-lock")
      for (const undo of restore.reverse()) undo()
    }
  }
}

/**
 * Stops `doc` scrolling until the returned release is called (once; later calls do nothing). Locks nest: the page
 * scrolls again when every holder has released.
 *
 * @example
 * ```ts
 * import { lockScroll } from "./scrollLock.ts"
 * const release = lockScroll(document)
 * release()
 * ```
 */
export const lockScroll = (doc: Document): (() => void) => {
  const held = locks.get(doc) ?? lock(doc)
  locks.set(doc, held)
  held.count += 1
  let released = false
  return () => {
    if (released) return
    released = true
    held.count -= 1
    if (held.count > 0) return
    locks.delete(doc)
    held.release()
  }
}
