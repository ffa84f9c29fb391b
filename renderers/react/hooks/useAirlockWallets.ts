"use client"
// Docs: docs/react.md#hooks
import { selectWalletList, type WalletList, type WalletTarget } from "airlock-kit"
import { useCallback, useEffect } from "react"
import { useAirlock } from "./useAirlock.ts"
import { useAirlockSelector } from "./useAirlockSelector.ts"

/** Parameters of {@link useAirlockWallets}. */
export interface UseAirlockWalletsParameters {
  /** Load the featured, recommended and first registry wallets on mount (`loadWallets`). @default true */
  readonly load?: boolean | undefined
}

/** What {@link useAirlockWallets} returns: `selectWalletList`'s list and the actions on it. */
export interface UseAirlockWalletsReturnType extends WalletList {
  /** Loads the registry's next page (40, SPEC §9) into `registry`. */
  readonly loadMore: () => Promise<void>
  /** Searches the registry (after 300 ms, the first 100 matches); `""` goes back to the pages. */
  readonly search: (text: string) => Promise<void>
  /**
   * Connects a row (or a connector id, rdns, name, `"walletConnect"`, a registry id) without the modal: a browser
   * wallet through its extension, a registry wallet through WalletConnect (`walletConnect.uri` / `.links`).
   */
  readonly connect: (wallet: WalletTarget) => Promise<void>
  /** Gives up the WalletConnect pairing on offer (`walletConnect.uri`); the pending `connect` rejects. */
  readonly cancel: () => Promise<void>
}

/**
 * The headless wallet list for a custom connect UI: the Connect view's rows (`wallets`: installed, recent, featured,
 * recommended…), All Wallets' rows (`registry`) with paging and search, the WalletConnect pairing on offer for a
 * chosen wallet (`walletConnect.uri`, `.links`), and `connect`. Re-renders only when the list changes.
 *
 * @example
 * ```tsx
 * import { useAirlockWallets } from "airlock-kit/react"
 * const Wallets = () => {
 *   const { wallets, connect } = useAirlockWallets()
 *   return wallets.map((w) => <button key={w.id} onClick={() => void connect(w)}>{w.name}</button>)
 * }
 * ```
 */
export const useAirlockWallets = (parameters: UseAirlockWalletsParameters = {}): UseAirlockWalletsReturnType => {
  const client = useAirlock()
  const list = useAirlockSelector(selectWalletList)
  const load = parameters.load !== false
  useEffect(() => {
    // A failure is in the state (`status: "failed"`, the APKT003 alert); nothing to report here.
    if (load) client.loadWallets().catch(() => undefined)
  }, [client, load])
  const loadMore = useCallback(() => client.loadMoreWallets(), [client])
  const search = useCallback((text: string) => client.searchWallets(text), [client])
  const connect = useCallback((wallet: WalletTarget) => client.connectWallet(wallet), [client])
  const cancel = useCallback(() => client.cancelConnectWallet(), [client])
  return { ...list, loadMore, search, connect, cancel }
}
