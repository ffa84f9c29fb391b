"use client"
import { getWalletListProps } from "../../../core/anatomy/walletItem.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { WalletItem } from "../components/WalletItem.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import type { ViewProps } from "../modal/views.ts"

const selectAll = (state: AirlockState) => state.wallets.all

/** The All Wallets view: every registry wallet loaded so far; choosing one connects it over WalletConnect. */
export const AllWallets = ({ id }: ViewProps) => {
  const client = useAirlock()
  const wallets = useAirlockSelector(selectAll)
  if (wallets.length === 0) return <p className="airlock-empty">No wallets found</p>
  return (
    <ul {...getWalletListProps({ id }, "All Wallets")} className="airlock-list">
      {wallets.map((wallet) => (
        <WalletItem
          key={wallet.id}
          id={id}
          wallet={{ id: wallet.id, name: wallet.name }}
          imageUrl={wallet.image_url}
          onSelect={() => client.push("ConnectingWalletConnect", { walletId: wallet.id })}
        />
      ))}
    </ul>
  )
}
