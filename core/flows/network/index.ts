/**
 * Switching networks, one chunk.
 * @module
 */
export { switchNetwork } from "./switchNetwork.ts"
