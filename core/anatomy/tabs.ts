/**
 * Prop getters for tabs (the Account view's Tokens / NFTs / Activity), following the WAI-ARIA tabs pattern: one tab
 * in the tab order (roving tabindex), arrows move between tabs, each tab controls its panel.
 * @module
 */
import { getModalIds } from "./ids.ts"

/**
 * What the tab getters read: the root id, the tabs in order, the selected one, and the writing direction (in a
 * right-to-left language the arrows follow the mirrored row: ArrowLeft moves on).
 *
 * @example
 * ```ts
 * import type { TabsContext } from "./tabs.ts"
 * const ctx: TabsContext = { id: "airlock", tabs: ["Tokens", "NFTs", "Activity"], selected: "Tokens" }
 * ```
 */
export interface TabsContext<T extends string = string> {
  readonly id: string
  readonly tabs: ReadonlyArray<T>
  readonly selected: T
  /** @default "ltr" */
  readonly dir?: "ltr" | "rtl" | undefined
}

/**
 * Props of the tab list.
 *
 * @example
 * ```ts
 * import { getTabListProps } from "./tabs.ts"
 * getTabListProps({ id: "airlock", tabs: ["Tokens"], selected: "Tokens" }).role // "tablist"
 * ```
 */
export const getTabListProps = (ctx: TabsContext) => ({
  id: getModalIds(ctx.id).tabList,
  role: "tablist" as const,
  "aria-orientation": "horizontal" as const,
  "data-scope": "tabs",
  "data-part": "tab-list"
})

/**
 * Props of one tab: selected state, the panel it controls, and a tab stop only when selected.
 *
 * @example
 * ```ts
 * import { getTabProps } from "./tabs.ts"
 * const ctx = { id: "airlock", tabs: ["Tokens", "NFTs"], selected: "Tokens" }
 * getTabProps(ctx, "NFTs")["aria-selected"] // "false"
 * ```
 */
export const getTabProps = <T extends string>(ctx: TabsContext<T>, tab: T) => {
  const selected = tab === ctx.selected
  const ids = getModalIds(ctx.id)
  return {
    id: ids.tab(tab),
    role: "tab" as const,
    type: "button" as const,
    "aria-selected": selected ? ("true" as const) : ("false" as const),
    "aria-controls": ids.tabPanel(tab),
    tabindex: selected ? 0 : -1,
    "data-scope": "tabs",
    "data-part": "tab",
    "data-state": selected ? ("active" as const) : ("inactive" as const)
  }
}

/**
 * Props of the panel a tab controls, labelled by its tab; hidden unless its tab is selected.
 *
 * @example
 * ```ts
 * import { getTabPanelProps } from "./tabs.ts"
 * getTabPanelProps({ id: "airlock", tabs: ["Tokens", "NFTs"], selected: "Tokens" }, "NFTs").hidden // true
 * ```
 */
export const getTabPanelProps = <T extends string>(ctx: TabsContext<T>, tab: T) => {
  const selected = tab === ctx.selected
  const ids = getModalIds(ctx.id)
  return {
    id: ids.tabPanel(tab),
    role: "tabpanel" as const,
    "aria-labelledby": ids.tab(tab),
    tabindex: 0,
    "data-scope": "tabs",
    hidden: !selected,
    "data-part": "tab-panel",
    "data-state": selected ? ("active" as const) : ("inactive" as const)
  }
}

/**
 * The tab a key moves to (ArrowLeft / ArrowRight wrap around, mirrored right-to-left; Home, End), or `undefined` for
 * other keys.
 *
 * @example
 * ```ts
 * import { getTabForKey } from "./tabs.ts"
 * const ctx = { id: "airlock", tabs: ["Tokens", "NFTs", "Activity"], selected: "Tokens" }
 * getTabForKey(ctx, "ArrowLeft") // "Activity"
 * getTabForKey({ ...ctx, dir: "rtl" }, "ArrowLeft") // "NFTs"
 * ```
 */
export const getTabForKey = <T extends string>(ctx: TabsContext<T>, key: string): T | undefined => {
  const count = ctx.tabs.length
  const index = ctx.tabs.indexOf(ctx.selected)
  if (count === 0) return undefined
  const forward = ctx.dir === "rtl" ? "ArrowLeft" : "ArrowRight"
  const backward = ctx.dir === "rtl" ? "ArrowRight" : "ArrowLeft"
  switch (key) {
    case forward:
      return ctx.tabs[(index + 1) % count]
    case backward:
      return ctx.tabs[(index - 1 + count) % count]
    case "Home":
      return ctx.tabs[0]
    case "End":
      return ctx.tabs[count - 1]
    default:
      return undefined
  }
}

/** The part of a key event the tab handlers use; any framework's keyboard event fits. */
export interface TabKeyEvent {
  readonly key: string
  preventDefault(): void
}

/**
 * Behaviour of a tab, framework-neutral like zag's prop getters: a click selects it; ArrowLeft / ArrowRight (wrapping),
 * Home and End select and focus another tab (WAI-ARIA tabs, automatic activation). `focus(id)` moves the focus to the
 * element with that id (in a DOM renderer: `document.getElementById(id)?.focus()`).
 *
 * @example
 * ```ts
 * import { getTabHandlers } from "./tabs.ts"
 * const ctx = { id: "airlock", tabs: ["Tokens", "NFTs", "Activity"], selected: "Tokens" }
 * let selected = ctx.selected
 * const handlers = getTabHandlers(ctx, "Tokens", { select: (tab) => { selected = tab }, focus: () => undefined })
 * handlers.onKeyDown({ key: "End", preventDefault: () => undefined })
 * selected // "Activity"
 * ```
 */
export const getTabHandlers = <T extends string>(
  ctx: TabsContext<T>,
  tab: T,
  actions: { readonly select: (tab: T) => void; readonly focus: (id: string) => void }
) => ({
  onClick: (): void => actions.select(tab),
  onKeyDown: (event: TabKeyEvent): void => {
    const next = getTabForKey({ ...ctx, selected: tab }, event.key)
    if (next === undefined) return
    event.preventDefault()
    actions.select(next)
    actions.focus(getTabProps({ ...ctx, selected: next }, next).id)
  }
})
