/**
 * Core's multi-wallet part, one lazy module: switching to, disconnecting one of and adding connections
 * (`switchConnection`, `disconnectConnection`, `addWallet`). Fetched on the first call of one (ProfileWallets' buttons),
 * so an app that never manages several wallets never fetches it. What every connection needs with the feature on
 * (restoring them all, a listed wallet's events, the next one taking over) stays in core's lazy part.
 * @module
 */
// Bundler hints, no names (see ./kernel.ts): core's kernel, and core's lazy part, which this part runs on.
import "./kernel.ts"
import "./lazy.ts"

export { addWallet } from "../flows/connection/addWallet.ts"
export { disconnectConnection } from "../flows/connection/disconnectConnection.ts"
export { switchConnection } from "../flows/connection/switchConnection.ts"
