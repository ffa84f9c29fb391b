"use client"
import type { SnackMessage } from "../../../core/router/timings.ts"

/**
 * The snack message at the bottom of the modal. The live region is always rendered (empty when there is no
 * message) so screen readers announce each new message.
 */
export const Snack = ({ snack }: { snack: SnackMessage | undefined }) => (
  <div className="airlock-snack" role="status" aria-live="polite" data-variant={snack?.variant}>
    {snack?.message}
  </div>
)
