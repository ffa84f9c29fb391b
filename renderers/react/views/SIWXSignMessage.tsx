"use client"
import { type AirlockState, cancelSignIn, requestSignIn } from "airlock-kit"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

const selectStatus = (state: AirlockState) => state.siwx.status

/** A key in a circle: signing in proves the key is yours. */
const KeyIcon = () => (
  <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
    <circle cx="8" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
    <path d="M12 12h9m-3 0v3m-3-3v2" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" fill="none" />
  </svg>
)

/** The page's host: the domain the message names, and the name the request is made in. */
const pageHost = (): string => (typeof location === "undefined" ? "" : location.host)

/**
 * Sign in with the wallet (SPEC §4): who asks, why it is free, Cancel and Sign in. Sign in asks the wallet and, on
 * success, core closes the modal; a failure shows 'Error signing message' and this view stays. Cancel does what core's
 * rule says (close, switch back, or disconnect when required).
 */
export const SIWXSignMessage = (_props: ViewProps) => {
  const client = useAirlock()
  const status = useAirlockSelector(selectStatus)
  const { t } = useAirlockTranslation()
  const signing = status === "signing"
  return (
    <div className="airlock-siwx" data-part="siwx-sign-message">
      <div className="airlock-siwx-icon">
        <KeyIcon />
      </div>
      <h3 className="airlock-siwx-heading">{t("siwx.request", { name: pageHost() })}</h3>
      <p className="airlock-connecting-text" aria-live="polite">
        {signing ? t("siwx.signing") : t("siwx.explain")}
      </p>
      <div className="airlock-send-actions">
        <button
          type="button"
          className="airlock-button airlock-button-secondary"
          disabled={signing}
          onClick={() => void cancelSignIn(client).catch(() => undefined)}
        >
          {t("siwx.cancel")}
        </button>
        <button
          type="button"
          className="airlock-button"
          disabled={signing}
          aria-busy={signing}
          onClick={() => void requestSignIn(client).catch(() => undefined)}
        >
          {t("siwx.sign")}
        </button>
      </div>
    </div>
  )
}
