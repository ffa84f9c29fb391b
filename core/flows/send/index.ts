/**
 * Send, one chunk, loaded on the first preview.
 * @module
 */
export { executeSend } from "./execute.ts"
export { prepareSend } from "./prepare.ts"
