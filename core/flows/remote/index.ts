/**
 * The wallet registry's All Wallets pages and search, one chunk (the project's config and the first lists load with
 * `initialize.ts`).
 * @module
 */
export { loadMoreWallets, searchWallets } from "./allWallets.ts"
