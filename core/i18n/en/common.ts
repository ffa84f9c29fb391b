/** Texts more than one view shows: the header's buttons, retries, copy feedback, loading and empty states. */
export const commonMessages = {
  /** The header's back button (its accessible name). */
  "common.back": "Back",
  /** The header's close button (its accessible name), and the button that leaves a refused request. */
  "common.close": "Close",
  "common.tryAgain": "Try again",
  "common.retry": "Retry",
  "common.continue": "Continue",
  "common.save": "Save",
  "common.copy": "Copy",
  "common.copyAddress": "Copy address",
  /** Snack after an address was copied. */
  "common.addressCopied": "Address copied",
  /** Snack when the clipboard refused an address. */
  "common.addressCopyFailed": "Could not copy the address",
  "common.loading": "Loading…",
  "common.loadMore": "Load more",
  "common.notConnected": "Not connected",
  /** An error that names no text of its own (a wallet's or the network's). */
  "common.somethingWentWrong": "Something went wrong",
  /** A view this build does not draw yet. */
  "common.viewUnavailable": "This view is not available yet.",
  /** A snack with the app's own words (`showSnack({ message: "…" })`): shown as the app wrote them. */
  "common.appText": "{text}"
} as const
