/**
 * ApproveTransaction (SPEC §4 "Transaction stack"): a wallet with no window of its own (the embedded wallet) has its
 * unsafe requests (SPEC §5: signing, sending, permissions) wait in the modal for the user. One chunk.
 * @module
 */
export { answerApproval, withApproval } from "./approve.ts"
export { refuseNotAllowed } from "./notAllowed.ts"
export { authProvider } from "./provider.ts"
