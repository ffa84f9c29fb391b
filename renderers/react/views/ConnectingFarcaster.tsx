"use client"
import type { AirlockState } from "airlock-kit"
import { connectFarcaster } from "airlock-kit/embedded"
import { useCallback } from "react"
import { PendingRequest } from "../components/PendingRequest.tsx"
import { QrCode } from "../components/QrCode.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { useAttempt } from "../internal/useAttempt.ts"
import { Logo } from "./ConnectingSocial.tsx"

const selectFarcasterUrl = (state: AirlockState) => state.accounts.eip155.farcasterUrl

/**
 * Farcaster: a QR code (and link) of the approval page; the login completes once it is approved. Leaving the view
 * ends the attempt (the router clears the URL and reloads the connector after 100 ms, SPEC §2).
 */
export const ConnectingFarcaster = () => {
  const client = useAirlock()
  const url = useAirlockSelector(selectFarcasterUrl)
  const start = useCallback(() => connectFarcaster(client), [client])
  const { attempt, retry } = useAttempt(start, "ConnectionError.FarcasterConnectionFailed")
  const { t } = useAirlockTranslation()
  if (url === undefined || attempt.status === "failed") {
    return (
      <PendingRequest
        attempt={attempt}
        logo={<Logo provider="farcaster" />}
        title={t("connecting.farcasterPreparing")}
        text={t("connecting.oneMoment")}
        failedText={t("connecting.farcasterFailed")}
        onRetry={retry}
      />
    )
  }
  return (
    <div className="airlock-connecting airlock-walletconnect">
      <QrCode value={url} label={t("connecting.farcasterQrCode")} />
      <p className="airlock-connecting-text" role="status">
        {t("connecting.farcasterScan")}
      </p>
      <a className="airlock-button airlock-wallet-link" href={url} target="_blank" rel="noopener noreferrer">
        {t("connecting.farcasterOpen")}
      </a>
    </div>
  )
}
