/**
 * Prop getters for the modal dialog and its header (title, back, close), zag-style: plain attribute objects any
 * renderer spreads onto its elements, so a custom UI gets the same ids, roles and labels as the React one.
 * @module
 */
import type { RouterState } from "../router/state.ts"
import { getModalIds } from "./ids.ts"

/**
 * What the dialog getters read: the root id and the router's state.
 *
 * @example
 * ```ts
 * import type { DialogContext } from "./dialog.ts"
 * import { initial } from "../router/state.ts"
 * const ctx: DialogContext = { id: "airlock", modal: initial }
 * ```
 */
export interface DialogContext {
  /** Root id every part's id derives from; unique per page. */
  readonly id: string
  readonly modal: RouterState
}

/** `"open"` or `"closed"`: the `data-state` of the dialog. */
export type DialogState = "open" | "closed"

/**
 * Whether the back button applies: there is a view below the current one.
 *
 * @example
 * ```ts
 * import { canGoBack } from "./dialog.ts"
 * import { initial, push } from "../router/state.ts"
 * canGoBack(initial) // false
 * canGoBack(push(initial, "AllWallets")) // true
 * ```
 */
export const canGoBack = (modal: RouterState): boolean => modal.history.length > 1

/**
 * Props of the dialog element: labelled by the title, modal, with its state, view and transition direction as data.
 *
 * @example
 * ```ts
 * import { getDialogProps } from "./dialog.ts"
 * import { initial } from "../router/state.ts"
 * getDialogProps({ id: "airlock", modal: { ...initial, open: true } })["data-state"] // "open"
 * ```
 */
export const getDialogProps = (ctx: DialogContext) => ({
  id: getModalIds(ctx.id).dialog,
  role: "dialog" as const,
  "aria-modal": "true" as const,
  "aria-labelledby": getModalIds(ctx.id).title,
  "data-scope": "dialog",
  "data-part": "dialog",
  "data-state": (ctx.modal.open ? "open" : "closed") as DialogState,
  "data-view": ctx.modal.view,
  "data-transition": ctx.modal.transition
})

/**
 * Props of the header title (the current view's name): the dialog's accessible name points at its id.
 *
 * @example
 * ```ts
 * import { getTitleProps } from "./dialog.ts"
 * import { initial } from "../router/state.ts"
 * getTitleProps({ id: "airlock", modal: initial }).id // "airlock-title"
 * ```
 */
export const getTitleProps = (ctx: DialogContext) => ({
  id: getModalIds(ctx.id).title,
  "data-scope": "dialog",
  "data-part": "title",
  "data-view": ctx.modal.view
})

/**
 * Props of the close button: an icon button, so it carries the label "Close".
 *
 * @example
 * ```ts
 * import { getCloseButtonProps } from "./dialog.ts"
 * import { initial } from "../router/state.ts"
 * getCloseButtonProps({ id: "airlock", modal: initial })["aria-label"] // "Close"
 * ```
 */
export const getCloseButtonProps = (ctx: DialogContext) => ({
  id: getModalIds(ctx.id).closeButton,
  type: "button" as const,
  "aria-label": "Close",
  "data-scope": "dialog",
  "data-part": "close-button"
})

/**
 * Props of the back button, labelled "Back"; `data-state` says whether there is a view to go back to, and `hidden`
 * takes it out of the page (and the tab order) when there is none.
 *
 * @example
 * ```ts
 * import { getBackButtonProps } from "./dialog.ts"
 * import { initial } from "../router/state.ts"
 * getBackButtonProps({ id: "airlock", modal: initial }).hidden // true
 * ```
 */
export const getBackButtonProps = (ctx: DialogContext) => ({
  id: getModalIds(ctx.id).backButton,
  type: "button" as const,
  "aria-label": "Back",
  "data-scope": "dialog",
  "data-part": "back-button",
  "data-state": canGoBack(ctx.modal) ? ("visible" as const) : ("hidden" as const),
  hidden: !canGoBack(ctx.modal)
})
