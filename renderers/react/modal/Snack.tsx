"use client"
import type { SnackMessage } from "airlock-kit"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"

/**
 * The snack message, floating over the header's title (see the stylesheet), in the state's language. The live region
 * is always rendered (empty when there is no message) so screen readers announce each new message.
 */
export const Snack = ({ snack }: { snack: SnackMessage | undefined }) => {
  const { text, locale, dir } = useAirlockTranslation()
  return (
    <div
      className="airlock-snack"
      role="status"
      aria-live="polite"
      data-variant={snack?.variant}
      lang={locale}
      dir={dir}
    >
      {snack === undefined ? null : text(snack.message)}
    </div>
  )
}
