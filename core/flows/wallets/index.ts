/**
 * The headless wallet list's flows: connecting one wallet without the modal, and loading the lists a custom connect
 * UI shows (the registry's paging and search are All Wallets' own, `core/flows/remote/allWallets.ts`).
 * @module
 */
export { cancelConnectWallet, connectWallet } from "./connectWallet.ts"
export { loadWalletLists } from "./load.ts"
