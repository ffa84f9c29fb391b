/**
 * Just enough of the DOM for core's dialog anatomy in Node: elements in a tree with `hidden`, a box, focus, and a
 * `<dialog>` with showModal / close; a document with its root's inline style. What the anatomy reads, nothing more:
 * the real thing is checked in Chromium (dialog.browser.test.ts).
 */

export class FakeStyle {
  readonly values = new Map<string, { value: string; priority: string }>()
  getPropertyValue(name: string) {
    return this.values.get(name)?.value ?? ""
  }
  getPropertyPriority(name: string) {
    return this.values.get(name)?.priority ?? ""
  }
  setProperty(name: string, value: string, priority = "") {
    this.values.set(name, { value, priority })
  }
  removeProperty(name: string) {
    this.values.delete(name)
  }
}

export class FakeDocument {
  activeElement: FakeElement | null = null
  readonly body: FakeElement
  readonly documentElement: FakeElement
  readonly defaultView: { readonly innerWidth: number }
  constructor({ innerWidth = 1280, clientWidth = 1280 } = {}) {
    this.documentElement = new FakeElement(this, { clientWidth })
    this.body = new FakeElement(this)
    this.documentElement.append(this.body)
    this.defaultView = { innerWidth }
    this.activeElement = this.body
  }
}

export class FakeElement {
  parent: FakeElement | null = null
  readonly children: FakeElement[] = []
  readonly attributes = new Map<string, string>()
  readonly style = new FakeStyle()
  readonly ownerDocument: FakeDocument
  readonly focusable: boolean
  readonly clientWidth: number
  /** The box, in viewport coordinates; an element without one (display: none) has no client rects. */
  box: { left: number; top: number; right: number; bottom: number } | null
  constructor(
    doc: FakeDocument,
    { focusable = false, clientWidth = 0, box = { left: 0, top: 0, right: 10, bottom: 10 } as FakeElement["box"] } = {}
  ) {
    this.ownerDocument = doc
    this.focusable = focusable
    this.clientWidth = clientWidth
    this.box = box
  }
  append(...children: FakeElement[]) {
    for (const child of children) {
      child.parent = this
      this.children.push(child)
    }
    return this
  }
  get hidden() {
    return this.attributes.has("hidden")
  }
  set hidden(value: boolean) {
    if (value) this.attributes.set("hidden", "")
    else this.attributes.delete("hidden")
  }
  get isConnected(): boolean {
    return this === this.ownerDocument.documentElement || (this.parent?.isConnected ?? false)
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value)
  }
  hasAttribute(name: string) {
    return this.attributes.has(name)
  }
  removeAttribute(name: string) {
    this.attributes.delete(name)
  }
  contains(other: unknown): boolean {
    for (let node = other as FakeElement | null; node !== null; node = node.parent) if (node === this) return true
    return false
  }
  /** Only the selector the anatomy uses: `[hidden]`. */
  closest(selector: string): FakeElement | null {
    if (selector !== "[hidden]") throw new Error(`closest(${selector}) is not faked`)
    for (let node: FakeElement | null = this; node !== null; node = node.parent) if (node.hidden) return node
    return null
  }
  /** Only the focusable selector: the elements made `focusable`, in tree order. */
  querySelectorAll(): FakeElement[] {
    return this.children.flatMap((child) => [...(child.focusable ? [child] : []), ...child.querySelectorAll()])
  }
  getClientRects() {
    return { length: this.box === null ? 0 : 1 }
  }
  getBoundingClientRect() {
    return this.box ?? { left: 0, top: 0, right: 0, bottom: 0 }
  }
  focus() {
    this.ownerDocument.activeElement = this
  }
  addEventListener() {}
  removeEventListener() {}
}

export class FakeDialog extends FakeElement {
  open = false
  readonly calls: string[] = []
  /** Whether the page's scroll was locked when `showModal()` ran. */
  lockedAtShow: boolean | undefined
  showModal() {
    this.calls.push("showModal")
    this.lockedAtShow = this.ownerDocument.documentElement.hasAttribute("data-airlock-scroll-lock")
    this.open = true
    // As a browser does: the first focusable element inside takes the focus.
    const first = this.querySelectorAll().find((element) => element.closest("[hidden]") === null)
    ;(first ?? this).focus()
  }
  close() {
    this.calls.push("close")
    this.open = false
  }
}

/** An open page: a document, an opener button on it, and a dialog (box 100..460 x 100..500) with `buttons` inside. */
export const page = (buttons: ReadonlyArray<string>, size: { innerWidth?: number; clientWidth?: number } = {}) => {
  const doc = new FakeDocument(size)
  const opener = new FakeElement(doc, { focusable: true })
  const dialog = new FakeDialog(doc, { box: { left: 100, top: 100, right: 460, bottom: 500 } })
  const inside = Object.fromEntries(buttons.map((name) => [name, new FakeElement(doc, { focusable: true })]))
  dialog.append(...Object.values(inside))
  doc.body.append(opener, dialog)
  return { doc, opener, dialog, inside }
}
