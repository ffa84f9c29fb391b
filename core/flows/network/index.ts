/**
 * Switching networks, one chunk.
 * @module
 */

export { chooseNetwork } from "./chooseNetwork.ts"
export { switchNetwork } from "./switchNetwork.ts"
