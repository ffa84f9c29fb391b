"use client"
import { type AirlockState, ConnectionError, getViewParams, isSocialProvider, type SocialLogin } from "airlock-kit"
import { connectSocial } from "airlock-kit/embedded"
import { useCallback } from "react"
import { BrandIcon } from "../brands/index.tsx"
import { PendingRequest } from "../components/PendingRequest.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { openSocialPopup, socialNames, takeSocialPopup } from "../internal/socialPopup.ts"
import { useAttempt } from "../internal/useAttempt.ts"

const isSocialLogin = (provider: string): provider is SocialLogin =>
  provider === "farcaster" || isSocialProvider(provider)

const selectProvider = (state: AirlockState) => getViewParams(state.modal, "ConnectingSocial")?.provider ?? ""

/** The provider's logo above the view's title (which names it), so decorative. */
export const Logo = ({ provider }: { readonly provider: string }) => (
  <span className="airlock-social-logo" aria-hidden="true">
    {isSocialLogin(provider) ? <BrandIcon brand={provider} size={32} /> : provider.slice(0, 1).toUpperCase()}
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
  const name = isSocialProvider(provider) ? socialNames[provider] : provider
  const start = useCallback(() => {
    if (!isSocialProvider(provider)) return Promise.reject(new ConnectionError({ reason: "SocialConnectionFailed" }))
    return connectSocial(client, provider, takeSocialPopup(client)).catch((error: unknown) => {
      if (error instanceof ConnectionError && error.reason === "ConnectionRejected") client.shake()
      throw error
    })
  }, [client, provider])
  const { attempt, retry } = useAttempt(start, "ConnectionError.FailedToConnect")
  const { t } = useAirlockTranslation()
  return (
    <PendingRequest
      attempt={attempt}
      logo={<Logo provider={provider} />}
      title={t("connecting.socialTitle", { provider: name })}
      text={t("connecting.socialText", { provider: name })}
      failedText={t("connecting.socialFailed")}
      onRetry={() => {
        openSocialPopup(client)
        retry()
      }}
    />
  )
}
