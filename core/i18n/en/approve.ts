/**
 * Approve Transaction: what a request asks, its details, the answer buttons, and SPEC §8's UI text for a method the
 * embedded wallet does not allow.
 * @module
 */
export const approveMessages = {
  /** SPEC §8: the UI text of a disallowed RPC method (its error is 'Requested RPC call is not allowed'). */
  "approve.actionNotAllowed": "Action not allowed",
  "approve.notAllowedMethod": "The app asked for {method}, which the embedded wallet does not allow.",
  "approve.signMessage": "Sign a message",
  "approve.signTypedData": "Sign typed data",
  "approve.sendTransaction": "Send a transaction",
  "approve.sendUserOperation": "Send a user operation",
  "approve.sendCalls": "Send a batch of calls",
  "approve.grantPermissions": "Grant permissions",
  "approve.revokePermissions": "Revoke permissions",
  /** The request's heading: `{action}` is one of the asks above, `{network}` the network's name. */
  "approve.actionOnNetwork": "{action} on {network}",
  "approve.request": "Request",
  "approve.method": "Method",
  "approve.to": "To",
  "approve.value": "Value",
  "approve.calls": "Calls",
  "approve.message": "Message",
  "approve.data": "Data",
  /** `wallet_grantPermissions`: the key the app will act with, what it may do, and until when. */
  "approve.sessionKey": "Session key",
  "approve.permissions": "Permissions",
  "approve.expiry": "Expires",
  "approve.waiting": "Waiting for the wallet…",
  "approve.reject": "Reject",
  "approve.approve": "Approve"
} as const
