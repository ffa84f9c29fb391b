/**
 * Sign in with the wallet (SIWX, SPEC §4), core's flows: the account watcher, the email capture, the sign view's sign and cancel, the
 * sessions, and the legacy `siweConfig`'s mapping. In core's SIWX part (`core/client/siwx.ts`), fetched only by a
 * client with `siwx` or `siweConfig`.
 * @module
 */
export { type SiwxAccount, siwxAccount } from "./account.ts"
export { cancelSignMessage } from "./cancel.ts"
export { confirmCaptureCode, requestCaptureCode, resendCaptureCode, skipCapture } from "./capture.ts"
export { checkAccount } from "./check.ts"
export { type SiwxContext, siwxContext } from "./context.ts"
export { revokeActiveSession } from "./revoke.ts"
export { activeSessions } from "./session.ts"
export { requestSignMessage } from "./sign.ts"
export { siweToSiwx } from "./siwe.ts"
export { watchAccounts } from "./watch.ts"
