/**
 * Prop getters for wallet lists (Connect sections, All Wallets): a native list of buttons, each named by the
 * wallet's visible name, with its id and install state as data for styling and tests.
 * @module
 */
import { getModalIds } from "./ids.ts"

/**
 * The wallet fields the getters read; both registry listings and connectors fit.
 *
 * @example
 * ```ts
 * import type { WalletItem } from "./walletItem.ts"
 * const wallet: WalletItem = { id: "io.metamask", name: "MetaMask", installed: true }
 * ```
 */
export interface WalletItem {
  readonly id: string
  readonly name: string
  readonly installed?: boolean | undefined
}

/**
 * Props of a wallet list (`<ul>`), labelled by its section name.
 *
 * @example
 * ```ts
 * import { getWalletListProps } from "./walletItem.ts"
 * getWalletListProps({ id: "airlock" }, "Recent")["aria-label"] // "Recent"
 * ```
 */
export const getWalletListProps = (_ctx: { readonly id: string }, label: string) => ({
  "aria-label": label,
  "data-scope": "wallet-list",
  "data-part": "wallet-list"
})

/**
 * Props of one wallet's button: a unique id, `data-state` "installed" or "available".
 *
 * @example
 * ```ts
 * import { getWalletItemProps } from "./walletItem.ts"
 * getWalletItemProps({ id: "airlock" }, { id: "io.metamask", name: "MetaMask" }).id // "airlock-wallet-io-metamask"
 * ```
 */
export const getWalletItemProps = (ctx: { readonly id: string }, wallet: WalletItem) => ({
  id: getModalIds(ctx.id).walletItem(wallet.id),
  type: "button" as const,
  "data-scope": "wallet-list",
  "data-part": "wallet-item",
  "data-wallet-id": wallet.id,
  "data-state": wallet.installed === true ? ("installed" as const) : ("available" as const)
})

/** Wallets per row of the All Wallets grid. */
export const WALLET_GRID_COLUMNS = 4

/**
 * Props of the All Wallets grid: an ARIA grid (one tab stop, arrow keys move between wallets) that knows its full
 * size even while only the rows in sight are in the DOM.
 *
 * @example
 * ```ts
 * import { getWalletGridProps } from "./walletItem.ts"
 * getWalletGridProps({ id: "airlock" }, { label: "All Wallets", count: 650, busy: false })["aria-rowcount"] // 163
 * ```
 */
export const getWalletGridProps = (
  _ctx: { readonly id: string },
  grid: { readonly label: string; readonly count: number; readonly busy: boolean }
) => ({
  role: "grid" as const,
  "aria-label": grid.label,
  "aria-rowcount": Math.ceil(grid.count / WALLET_GRID_COLUMNS),
  "aria-colcount": WALLET_GRID_COLUMNS,
  "aria-busy": grid.busy,
  "data-scope": "wallet-grid",
  "data-part": "grid"
})

/**
 * Props of one grid row; `row` counts from 0.
 *
 * @example
 * ```ts
 * import { getWalletGridRowProps } from "./walletItem.ts"
 * getWalletGridRowProps({ id: "airlock" }, 0)["aria-rowindex"] // 1
 * ```
 */
export const getWalletGridRowProps = (_ctx: { readonly id: string }, row: number) => ({
  role: "row" as const,
  "aria-rowindex": row + 1,
  "data-scope": "wallet-grid",
  "data-part": "row"
})

/**
 * Props of one grid cell (which holds the wallet's button); `index` is the wallet's place in the list, from 0.
 *
 * @example
 * ```ts
 * import { getWalletGridCellProps } from "./walletItem.ts"
 * getWalletGridCellProps({ id: "airlock" }, 5)["aria-colindex"] // 2
 * ```
 */
export const getWalletGridCellProps = (_ctx: { readonly id: string }, index: number) => ({
  role: "gridcell" as const,
  "aria-colindex": (index % WALLET_GRID_COLUMNS) + 1,
  "data-scope": "wallet-grid",
  "data-part": "cell"
})

/**
 * Where a key moves the focus in a grid of `count` wallets, `columns` to a row (the ARIA grid pattern): arrows by one
 * cell (left and right go on across rows, mirrored when `dir` is "rtl": ArrowLeft moves on), Home / End to the row's
 * ends, Ctrl+Home / Ctrl+End to the first and last wallet, Page Up / Page Down by `pageRows` rows. `undefined` for any
 * other key, or no wallets.
 *
 * @example
 * ```ts
 * import { moveInGrid } from "./walletItem.ts"
 * moveInGrid({ key: "ArrowDown", ctrlKey: false }, 1, { count: 10, columns: 4, pageRows: 3 }) // 5
 * moveInGrid({ key: "ArrowDown", ctrlKey: false }, 9, { count: 10, columns: 4, pageRows: 3 }) // 9
 * moveInGrid({ key: "End", ctrlKey: true }, 0, { count: 10, columns: 4, pageRows: 3 }) // 9
 * moveInGrid({ key: "ArrowLeft", ctrlKey: false }, 1, { count: 10, columns: 4, pageRows: 3, dir: "rtl" }) // 2
 * ```
 */
export const moveInGrid = (
  event: { readonly key: string; readonly ctrlKey: boolean },
  index: number,
  grid: {
    readonly count: number
    readonly columns: number
    readonly pageRows: number
    readonly dir?: "ltr" | "rtl" | undefined
  }
): number | undefined => {
  const { count, columns } = grid
  if (count === 0) return undefined
  const last = count - 1
  const clamp = (next: number) => Math.min(last, Math.max(0, next))
  const rowStart = index - (index % columns)
  const forward = grid.dir === "rtl" ? "ArrowLeft" : "ArrowRight"
  const backward = grid.dir === "rtl" ? "ArrowRight" : "ArrowLeft"
  switch (event.key) {
    case forward:
      return clamp(index + 1)
    case backward:
      return clamp(index - 1)
    case "ArrowDown":
      return index + columns <= last ? index + columns : index
    case "ArrowUp":
      return index - columns >= 0 ? index - columns : index
    case "Home":
      return event.ctrlKey ? 0 : rowStart
    case "End":
      return event.ctrlKey ? last : clamp(rowStart + columns - 1)
    case "PageDown": {
      const rows = Math.max(1, grid.pageRows)
      const next = index + rows * columns
      return next <= last ? next : Math.max(index, last - ((last - index) % columns))
    }
    case "PageUp": {
      const rows = Math.max(1, grid.pageRows)
      const next = index - rows * columns
      return next >= 0 ? next : index % columns
    }
    default:
      return undefined
  }
}
