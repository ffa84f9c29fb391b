"use client"
import { getWalletItemProps, type WalletItem as WalletItemData } from "../../../core/anatomy/walletItem.ts"
import { WalletImage } from "./WalletImage.tsx"

/**
 * One wallet as a list entry: a button named by the wallet, its image (or a placeholder), and an "Installed" tag when
 * it is in the browser.
 */
export const WalletItem = ({
  id,
  wallet,
  imageUrl,
  onSelect
}: {
  readonly id: string
  readonly wallet: WalletItemData
  /** The wallet's image from the registry or its connector; shown only when safe. */
  readonly imageUrl?: string | null | undefined
  readonly onSelect: () => void
}) => (
  <li className="airlock-list-entry">
    <button {...getWalletItemProps({ id }, wallet)} className="airlock-list-item" onClick={onSelect}>
      <WalletImage name={wallet.name} url={imageUrl} />
      <span className="airlock-list-name">{wallet.name}</span>
      {wallet.installed === true ? <span className="airlock-tag">Installed</span> : null}
    </button>
  </li>
)
