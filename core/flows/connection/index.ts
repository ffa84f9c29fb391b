/**
 * The connection flows, one chunk: connect, reconnect, disconnect and requests, with the account data a connection
 * fetches (balances, history, NFTs). The client imports it when Connect opens or a stored session reconnects.
 * @module
 */

export { fetchActivity } from "../account/activity.ts"
export { refreshBalance } from "../account/balance.ts"
export { fetchNfts } from "../account/nfts.ts"
export { connect } from "./connect.ts"
export { disconnect } from "./disconnect.ts"
export { preparePairings } from "./pairing.ts"
export { getProvider } from "./provider.ts"
export { reconnect, reconnectStored } from "./reconnect.ts"
export { request } from "./request.ts"
