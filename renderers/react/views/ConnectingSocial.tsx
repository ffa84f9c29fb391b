"use client"
import { useCallback } from "react"
import { connectFarcaster, connectSocial } from "../../../adapters/embedded/actions.ts"
import { ConnectionError } from "../../../core/errors/catalogue.ts"
import { getViewParams } from "../../../core/router/state.ts"
import { isSocialProvider } from "../../../core/schema/login.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { PendingRequest } from "../components/PendingRequest.tsx"
import { QrCode } from "../components/QrCode.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { errorText } from "../internal/errorText.ts"
import { openSocialPopup, takeSocialPopup } from "../internal/socialPopup.ts"
import { useAttempt } from "../internal/useAttempt.ts"

const names: Readonly<Record<string, string>> = {
  google: "Google",
  github: "GitHub",
  apple: "Apple",
  facebook: "Facebook",
  x: "X",
  discord: "Discord"
}

const selectProvider = (state: AirlockState) => getViewParams(state.modal, "ConnectingSocial")?.provider ?? ""
const selectFarcasterUrl = (state: AirlockState) => state.accounts.eip155.farcasterUrl

const Logo = ({ text }: { readonly text: string }) => (
  <span className="airlock-social-logo" aria-hidden="true">
    {text.slice(0, 1)}
  </span>
)

/**
 * A social login in progress: the popup the click opened shows the provider's consent page; this view waits for it.
 * A refusal or a closed popup reads SPEC §8's words ('Connection rejected', 'Popup closed'); Try again opens a new
 * popup in its click.
 */
export const ConnectingSocial = () => {
  const client = useAirlock()
  const provider = useAirlockSelector(selectProvider)
  const name = names[provider] ?? provider
  const start = useCallback(() => {
    if (!isSocialProvider(provider)) return Promise.reject(new ConnectionError({ reason: "SocialConnectionFailed" }))
    return connectSocial(client, provider, takeSocialPopup(client)).catch((error: unknown) => {
      if (error instanceof ConnectionError && error.reason === "ConnectionRejected") client.shake()
      throw error
    })
  }, [client, provider])
  const { attempt, retry } = useAttempt(start, (error) => errorText(error, "Failed to connect"))
  return (
    <PendingRequest
      attempt={attempt}
      logo={<Logo text={name} />}
      title={`Log in with ${name}`}
      text={`Continue in the ${name} window that opened.`}
      failedText="Try again to open a new window."
      onRetry={() => {
        openSocialPopup(client)
        retry()
      }}
    />
  )
}

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
    <div className="airlock-walletconnect">
      <QrCode value={url} label="Farcaster login QR code" />
      <p className="airlock-connecting-text" role="status">
        Scan this QR code with your phone, or open the link to approve the login.
      </p>
      <a className="airlock-button" href={url} target="_blank" rel="noopener noreferrer">
        Open approval page
      </a>
    </div>
  )
}
