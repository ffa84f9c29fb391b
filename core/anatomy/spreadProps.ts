/**
 * The vanilla DOM counterpart of React's prop spreading, for renderers without a framework (a web component, plain
 * DOM): sets an anatomy getter's attributes on an element and attaches its handlers as event listeners.
 * @module
 */

/** What the last spread on an element set: its listeners by event type, and its attribute names. */
interface Spread {
  readonly listeners: Map<string, EventListener>
  attributes: ReadonlySet<string>
}

const spreads = new WeakMap<Element, Spread>()

/** `onKeyDown` -> `keydown`: a handler's name is `on` + the DOM event's name in camelCase. */
const eventType = (name: string): string | undefined =>
  /^on[A-Z]/.test(name) ? name.slice(2).toLowerCase() : undefined

/**
 * Spreads anatomy props onto a DOM element: each attribute set by its HTML name (`true` as an empty attribute;
 * `false`, `null` and `undefined` remove it), each `onX` handler added as the element's `x` listener. Spreading again on
 * the same element (on the next state) replaces the earlier handlers and drops attributes no longer given, so a
 * renderer can spread on every change. Returns what removes the listeners.
 *
 * @example
 * ```ts
 * import { spreadProps } from "./spreadProps.ts"
 * const button = document.createElement("button")
 * const stop = spreadProps(button, { type: "button", "aria-label": "Close", hidden: false, onClick: () => undefined })
 * button.getAttribute("aria-label") // "Close"
 * stop()
 * ```
 */
export const spreadProps = (element: Element, props: object): (() => void) => {
  const spread = spreads.get(element) ?? { listeners: new Map<string, EventListener>(), attributes: new Set<string>() }
  spreads.set(element, spread)
  const attributes = new Set<string>()
  const types = new Set<string>()
  for (const [name, value] of Object.entries(props)) {
    const type = eventType(name)
    if (type !== undefined && typeof value === "function") {
      types.add(type)
      const previous = spread.listeners.get(type)
      if (previous !== undefined) element.removeEventListener(type, previous)
      spread.listeners.set(type, value as EventListener)
      element.addEventListener(type, value as EventListener)
    } else if (value === false || value === null || value === undefined) {
      element.removeAttribute(name)
    } else {
      attributes.add(name)
      element.setAttribute(name, value === true ? "" : String(value))
    }
  }
  for (const name of spread.attributes) if (!attributes.has(name) && !(name in props)) element.removeAttribute(name)
  spread.attributes = attributes
  for (const [type, listener] of spread.listeners) {
    if (types.has(type)) continue
    element.removeEventListener(type, listener)
    spread.listeners.delete(type)
  }
  return () => {
    for (const [type, listener] of spread.listeners) element.removeEventListener(type, listener)
    spread.listeners.clear()
  }
}
