"use client"
import { useEffect, useRef } from "react"
import { getWalletListProps } from "../../../core/anatomy/walletItem.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { WalletItem } from "../components/WalletItem.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { normalizeProps } from "../internal/normalizeProps.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

const selectAll = (state: AirlockState) => state.wallets.all
const selectConnectors = (state: AirlockState) => state.connectors

// Load failures already show as an alert (APKT003); what is left is the client being destroyed mid-load.
const ignore = () => undefined

/**
 * The All Wallets view: every registry wallet loaded so far; choosing one connects it through its browser connector
 * when it is installed here, else over WalletConnect.
 */
export const AllWallets = ({ id }: ViewProps) => {
  const client = useAirlock()
  const wallets = useAirlockSelector(selectAll)
  const connectors = useAirlockSelector(selectConnectors)
  // Core loads the registry page by page: the first page when the view opens, the next at the list's end.
  useEffect(() => {
    if (client.getState().wallets.all.length === 0) client.loadMoreWallets().catch(ignore)
  }, [client])
  // Whatever element scrolls (the view does, not the list), the end of the list coming into sight asks for more.
  const end = useRef<HTMLDivElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-observe after each page, so an end still in sight asks again
  useEffect(() => {
    const target = end.current
    if (target === null || typeof IntersectionObserver === "undefined") return
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) client.loadMoreWallets().catch(ignore)
    })
    observer.observe(target)
    return () => observer.disconnect()
  }, [client, wallets.length])
  return (
    <>
      <input
        type="search"
        className="airlock-search"
        aria-label="Search wallets"
        placeholder="Search wallets"
        onChange={(event) => client.searchWallets(event.currentTarget.value).catch(ignore)}
      />
      {wallets.length === 0 ? (
        <p className="airlock-empty">No wallets found</p>
      ) : (
        <ul {...normalizeProps(getWalletListProps({ id }, "All Wallets"))} className="airlock-list">
          {wallets.map((wallet) => {
            // Installed here: it connects through its browser connector; else over WalletConnect with its icon.
            const installed = wallet.rdns ? connectors.find((c) => c.info?.rdns === wallet.rdns) : undefined
            return (
              <WalletItem
                key={wallet.id}
                id={id}
                wallet={{ id: wallet.id, name: wallet.name, installed: installed !== undefined }}
                imageUrl={installed?.imageUrl ?? installed?.info?.icon ?? wallet.image_url}
                announced={installed?.type === "ANNOUNCED"}
                onSelect={() =>
                  installed === undefined
                    ? client.push("ConnectingWalletConnect", { walletId: wallet.id })
                    : client.push("ConnectingExternal", { connectorId: installed.id, walletName: installed.name })
                }
              />
            )
          })}
        </ul>
      )}
      <div ref={end} aria-hidden="true" />
    </>
  )
}
