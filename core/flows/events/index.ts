/** Product events: recording them (`track`) and reporting unexpected failures (`reportError`). */
export { accountContext, isSmartAccount, reportError, track } from "./track.ts"
