/**
 * How `connectWallet` finds what a target names, apart from the public wallet list (`core/state/walletList.ts`) so
 * that only core's lazy part carries it.
 * @module
 */
import { filterExcludedWallets } from "../../rules/connectOrder.ts"
import type { Connector } from "../../schema/connector.ts"
import type { WalletListing } from "../../schema/wallet.ts"
import type { AirlockState } from "../../state/AirlockState.ts"

/** Connectors a wallet button can connect without the modal (email and social need its views). */
const walletTypes: ReadonlySet<Connector["type"]> = new Set([
  "ANNOUNCED",
  "MULTI_CHAIN",
  "INJECTED",
  "EXTERNAL",
  "WALLET_CONNECT"
])

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * The connector `key` names for `connectWallet`: its id; `walletConnect` for the WalletConnect connector; an rdns or
 * a name of a browser or external wallet (of the active namespace first, as the Connect view merges a wallet that
 * serves several). Wallets the app excludes are never found.
 */
export const findConnector = (state: AirlockState, key: string): Connector | undefined => {
  const usable = filterExcludedWallets(
    state.connectors.filter((c) => walletTypes.has(c.type)),
    state.excludedWallets
  )
  const byId = usable.find((c) => c.id === key)
  if (byId !== undefined) return byId
  if (same(key, "walletConnect")) return usable.find((c) => c.type === "WALLET_CONNECT")
  const matches = usable.filter((c) => c.type !== "WALLET_CONNECT" && (c.info?.rdns === key || same(c.name, key)))
  return matches.find((c) => c.chain === state.activeNamespace) ?? matches[0]
}

/** A registry wallet the state already holds (recent, featured, recommended, All Wallets), by id or rdns; not an excluded one. */
export const findKnownListing = (state: AirlockState, key: string): WalletListing | undefined => {
  const { recent, featured, recommended, all } = state.wallets
  const known = [...recent, ...featured, ...recommended, ...all].find(
    (wallet) => wallet.id === key || (wallet.rdns !== null && wallet.rdns === key)
  )
  return known === undefined ? undefined : filterExcludedWallets([known], state.excludedWallets)[0]
}
