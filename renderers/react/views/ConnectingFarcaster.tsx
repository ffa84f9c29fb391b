"use client"
import { useCallback } from "react"
import { connectFarcaster } from "../../../adapters/embedded/actions.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { PendingRequest } from "../components/PendingRequest.tsx"
import { QrCode } from "../components/QrCode.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { errorText } from "../internal/errorText.ts"
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
  const { attempt, retry } = useAttempt(start, (error) => errorText(error, "Failed to connect to farcaster"))
  if (url === undefined || attempt.status === "failed") {
    return (
      <PendingRequest
        attempt={attempt}
        logo={<Logo text="Farcaster" />}
        title="Preparing Farcaster login"
        text="One moment."
        failedText="Try again for a new code."
        onRetry={retry}
      />
    )
  }
  return (
    <div className="airlock-connecting airlock-walletconnect">
      <QrCode value={url} label="Farcaster login QR code" />
      <p className="airlock-connecting-text" role="status">
        Scan this QR code with your phone, or open the link to approve the login.
      </p>
      <a className="airlock-button airlock-wallet-link" href={url} target="_blank" rel="noopener noreferrer">
        Open approval page
      </a>
    </div>
  )
}
