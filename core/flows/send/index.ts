/**
 * Send, one chunk, loaded on the first preview or Max: the lower-level `prepareSend` / `executeSend`, and the Send
 * view's steps over the state's `send` slice (`sendMax`, `previewSend`, `confirmSend`).
 * @module
 */
export { confirmSend } from "./confirm.ts"
export { executeSend } from "./execute.ts"
export { sendMax } from "./max.ts"
export { prepareSend } from "./prepare.ts"
export { previewSend } from "./preview.ts"
