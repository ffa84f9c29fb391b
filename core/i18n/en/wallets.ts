/** Wallet rows and the All Wallets grid: tags, search, empty and failed states. */
export const walletMessages = {
  "wallets.tagRecent": "Recent",
  "wallets.tagInstalled": "Installed",
  /** The WalletConnect row's tag: it connects by QR code. */
  "wallets.tagQr": "QR",
  "wallets.grid": "All Wallets",
  "wallets.search": "Search wallets",
  "wallets.clearSearch": "Clear search",
  "wallets.noneFound": "No wallets found",
  "wallets.noneFoundFor": "No wallet found for “{search}”",
  "wallets.loadFailed": "Wallets could not be loaded. Check your connection and retry.",
  "wallets.loadMoreFailed": "More wallets could not be loaded. Check your connection and retry."
} as const
