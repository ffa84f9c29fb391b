"use client"
import type { ReactNode } from "react"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import type { Attempt } from "../internal/useAttempt.ts"

/**
 * A wallet request in progress: a logo in a turning ring, a title (a live region) and a line of help; once failed,
 * the reason and Try again.
 */
export const PendingRequest = ({
  attempt,
  logo,
  title,
  text,
  failedText,
  onRetry
}: {
  readonly attempt: Attempt
  readonly logo: ReactNode
  readonly title: string
  readonly text: string
  readonly failedText: string
  readonly onRetry: () => void
}) => {
  const { t, text: textOf } = useAirlockTranslation()
  const failed = attempt.status === "failed"
  return (
    <div className="airlock-connecting" data-state={failed ? "failed" : "pending"}>
      <div className="airlock-connecting-logo">
        {logo}
        {failed ? null : <span className="airlock-spinner" aria-hidden="true" />}
      </div>
      <p className="airlock-connecting-title" role="status">
        {failed ? textOf(attempt.message) : title}
      </p>
      <p className="airlock-connecting-text">{failed ? failedText : text}</p>
      {failed ? (
        <button type="button" className="airlock-button airlock-retry" onClick={onRetry}>
          {t("common.tryAgain")}
        </button>
      ) : null}
    </div>
  )
}
