"use client"
import { getWalletItemProps, type WalletItem as WalletItemData } from "../../../core/anatomy/walletItem.ts"

/** One wallet as a list entry: a button named by the wallet, with an "Installed" tag when it is in the browser. */
export const WalletItem = ({ id, wallet, onSelect }: { id: string; wallet: WalletItemData; onSelect: () => void }) => (
  <li className="airlock-list-entry">
    <button {...getWalletItemProps({ id }, wallet)} className="airlock-list-item" onClick={onSelect}>
      <span className="airlock-avatar" aria-hidden="true">
        {wallet.name.slice(0, 1).toUpperCase()}
      </span>
      <span className="airlock-list-name">{wallet.name}</span>
      {wallet.installed === true ? <span className="airlock-tag">Installed</span> : null}
    </button>
  </li>
)
