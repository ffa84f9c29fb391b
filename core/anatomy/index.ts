/**
 * Accessibility anatomy for any renderer: prop getters with ids, roles, aria-* and `data-state` for the modal dialog,
 * its header, wallet lists and tabs, and the handlers that carry their behaviour. Framework-neutral as zag's are:
 * attributes carry their HTML names (`tabindex`, `aria-selected`), every part names its component and part
 * (`data-scope`, `data-part`, for styling and tests), and handlers (`onClick`, `onKeyDown`) take any event with the
 * fields they read, a DOM event or React's synthetic one. A renderer passes them through its normaliser once (React:
 * `tabindex` -> `tabIndex`, `renderers/react/internal/normalizeProps.ts`); a DOM renderer spreads them with
 * {@link spreadProps}. The dialog's DOM side (showModal, scroll lock, focus) is `syncDialog`, and the focus across
 * its views `syncViewFocus`, both in the entry `airlock-kit/focus` (only a modal's lazy code needs them, so a page's
 * first load does not carry them).
 *
 * @example
 * ```ts
 * import { connectDialog, spreadProps } from "./index.ts"
 * import { syncDialog } from "./syncDialog.ts"
 * const dialog = document.body.appendChild(document.createElement("dialog"))
 * const render = () => {
 *   const api = connectDialog({ id: "airlock", client: airlock })
 *   spreadProps(dialog, api.getDialogProps()) // id, role, aria-labelledby, … and keydown, cancel, close, click, …
 *   syncDialog(dialog, api.open)
 * }
 * airlock.subscribe(render)
 * ```
 * @module
 */
export {
  canGoBack,
  connectDialog,
  type DialogApi,
  type DialogClient,
  type DialogContext,
  type DialogEvent,
  type DialogKeyboardEvent,
  type DialogLanguage,
  type DialogPointerEvent,
  type DialogState,
  dialogTitle
} from "./dialog.ts"
export { getModalIds, type ModalIds } from "./ids.ts"
export { spreadProps } from "./spreadProps.ts"
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
  getWalletButtonProps,
  type WalletButtonApi,
  type WalletButtonClient,
  type WalletButtonProps,
  type WalletButtonStatus,
  type WalletButtonTarget,
  walletButton
} from "./walletButton.ts"
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
