/**
 * Core's wallets part, one lazy module: the headless wallet list's flows (`core/flows/wallets`: `connectWallet`,
 * `loadWallets`). Fetched on the first call of either (a wallet button's press, a custom connect UI's mount), so an
 * app that only uses the modal never fetches it.
 * @module
 */
// Bundler hints, no names (see ./kernel.ts): core's kernel, and core's lazy part, which this part runs on.
import "./kernel.ts"
import "./lazy.ts"

export * as flows from "../flows/wallets/index.ts"
