/** Smart sessions: the Account view's entry and the SmartSessions view (SPEC §7, the `smartSessions` feature). */
export const sessionMessages = {
  "sessions.entry": "Sessions",
  "sessions.intro":
    "Permissions you granted to apps: each lets an app act for your smart account within its limits until it expires or you revoke it.",
  "sessions.loading": "Loading sessions…",
  "sessions.empty": "No sessions yet",
  "sessions.loadFailed": "Could not load the sessions",
  "sessions.retry": "Try again",
  "sessions.app": "App",
  "sessions.permissions": "Permissions",
  "sessions.granted": "Granted",
  "sessions.expires": "Expires",
  "sessions.active": "Active",
  "sessions.expired": "Expired",
  "sessions.revoked": "Revoked {date}",
  "sessions.revoke": "Revoke",
  "sessions.revoking": "Revoking…",
  "sessions.revokeFailed": "Could not revoke the session",
  "sessions.contractCall": "Call {target}",
  "sessions.contractFunction": "Call {function} on {target}",
  "sessions.nativeAllowance": "Send up to {amount}"
} as const
