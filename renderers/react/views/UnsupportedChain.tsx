"use client"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockAccount } from "../hooks/useAirlockAccount.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import type { ViewProps } from "../modal/ViewProps.ts"
import { NetworkList } from "./NetworkList.tsx"

/** A triangle with an exclamation mark, drawn in the theme's warning colour. */
const WarningIcon = () => (
  <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
    <path
      d="M12 3.5 2.8 19.5h18.4L12 3.5Z"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinejoin="round"
    />
    <path d="M12 10v4.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    <circle cx="12" cy="17" r="1.1" fill="currentColor" />
  </svg>
)

/**
 * The wallet is on a network the app does not support (SPEC §4): a warning, the app's networks to switch to (each
 * choice asks the wallet to move, then the modal closes) and Disconnect.
 */
export const UnsupportedChain = (_props: ViewProps) => {
  const client = useAirlock()
  const { status, namespace } = useAirlockAccount()
  const { t } = useAirlockTranslation()
  return (
    <div className="airlock-networks airlock-unsupported" data-part="unsupported-chain">
      <div className="airlock-unsupported-icon" data-part="warning-icon">
        <WarningIcon />
      </div>
      <p className="airlock-connecting-text airlock-unsupported-text">{t("network.unsupported")}</p>
      <h3 className="airlock-unsupported-heading">{t("network.available")}</h3>
      <NetworkList label={t("network.available")} />
      {status === "connected" ? (
        <button
          type="button"
          className="airlock-list-item airlock-unsupported-disconnect"
          onClick={() => void client.disconnect(namespace).catch(() => undefined)}
        >
          <span className="airlock-list-name">{t("account.disconnect")}</span>
        </button>
      ) : null}
    </div>
  )
}
