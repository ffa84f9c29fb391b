/**
 * The embedded wallet: email login, one-time codes, this device's approval, the account type and Edit Email.
 * `{email}` is an address shortened for display.
 * @module
 */
export const embeddedMessages = {
  "embedded.email": "Email",
  "embedded.emailPlaceholder": "you@example.com",
  "embedded.sendingCode": "Sending code…",
  "embedded.enterCode": "Enter the 6-digit code we sent to {email}",
  "embedded.code": "Code",
  "embedded.checking": "Checking…",
  "embedded.noCode": "Didn't get it?",
  "embedded.resendCode": "Resend code",
  "embedded.codeResent": "A new code is on its way",
  "embedded.registerDevice": "Register this device to continue",
  "embedded.approveDevice": "Approve this login from the email we sent to {email}. The link is valid for 10 minutes.",
  "embedded.approveDeviceFailed": "Try again to wait for the approval.",
  "embedded.wallet": "Embedded wallet",
  "embedded.loggedInAs": "Logged in as {login}",
  "embedded.smartAccount": "Smart account",
  /** The smart account's sub-line once it exists: what the user gets. */
  "embedded.smartAccountHint": "Gas-free and recoverable",
  /** The smart account's sub-line before its first transaction deploys it. */
  "embedded.smartAccountUndeployed": "Gas-free and recoverable; created on your first transaction",
  "embedded.eoa": "Standard account (EOA)",
  "embedded.switching": "Switching…",
  "embedded.switchToEoa": "Use a standard account (EOA)",
  "embedded.switchToSmartAccount": "Use a smart account",
  "embedded.editEmail": "Edit email",
  "embedded.newEmail": "New email",
  "embedded.currentEmail": "Your email now: {email}",
  "embedded.confirmCurrentEmail": "To change your email, enter the code we sent to {email}",
  "embedded.confirmNewEmail": "Enter the code we sent to {email}",
  /** Snack once the new address is confirmed. */
  "embedded.emailUpdated": "Email updated"
} as const
