/**
 * What follows an open, a close or a back the client applied synchronously: the router's effects (a namespace
 * switch, the auth connector's reload), MODAL_OPEN / MODAL_CLOSE, and giving up an offered pairing. One chunk.
 * @module
 */
export { trackPush } from "./pushEvents.ts"
export { settleNavigation, settleOpen } from "./settle.ts"
