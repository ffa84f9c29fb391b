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
