/**
 * Accessibility anatomy for any renderer: prop getters with ids, roles, aria-* and `data-state` for the modal dialog,
 * its header, wallet lists and tabs. Pure functions over core state, framework-neutral as zag's are: attributes carry
 * their HTML names (`tabindex`, `aria-selected`), every part names its component and part (`data-scope`,
 * `data-part`, for styling and tests), and handlers (`onClick`, `onKeyDown`) take any event with the fields they read.
 * A renderer passes them through its normaliser once (React: `tabindex` -> `tabIndex`,
 * `renderers/react/internal/normalizeProps.ts`); a DOM or Vue renderer can set them as they are.
 *
 * @example
 * ```ts
 * import { getCloseButtonProps, getDialogProps } from "./index.ts"
 * import { initial } from "../router/state.ts"
 * const ctx = { id: "airlock", modal: { ...initial, open: true } }
 * const dialog = getDialogProps(ctx) // { id: "airlock-dialog", role: "dialog", "aria-labelledby": "airlock-title", … }
 * const close = getCloseButtonProps(ctx) // { type: "button", "aria-label": "Close", … }
 * ```
 * @module
 */
export {
  canGoBack,
  type DialogContext,
  type DialogState,
  getBackButtonProps,
  getCloseButtonProps,
  getDialogProps,
  getTitleProps
} from "./dialog.ts"
export { getModalIds, type ModalIds } from "./ids.ts"
export {
  getTabForKey,
  getTabHandlers,
  getTabListProps,
  getTabPanelProps,
  getTabProps,
  type TabKeyEvent,
  type TabsContext
} from "./tabs.ts"
export {
  getWalletGridCellProps,
  getWalletGridProps,
  getWalletGridRowProps,
  getWalletItemProps,
  getWalletListProps,
  moveInGrid,
  WALLET_GRID_COLUMNS,
  type WalletItem
} from "./walletItem.ts"
