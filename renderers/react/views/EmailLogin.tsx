"use client"
import { type AirlockState, getViewParams, shortenEmail } from "airlock-kit"
import { connectDevice, connectEmail, connectOtp, startEmailLogin } from "airlock-kit/embedded"
import { useCallback } from "react"
import { PendingRequest } from "../components/PendingRequest.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { EmailForm } from "../internal/EmailForm.tsx"
import { OtpForm } from "../internal/OtpForm.tsx"
import { useAttempt } from "../internal/useAttempt.ts"

/**
 * The email a login view was opened for. A view's data is kept per view, so the code views read their own.
 */
const selectEmail = (view: "EmailVerifyOtp" | "EmailVerifyDevice") => (state: AirlockState) =>
  getViewParams(state.modal, view)?.email ?? ""

/**
 * Email Login: the address, then the code (or this device's approval first). The frame mails the code; this window
 * never sees it until the user types it. The Connect view holds the same field inline; this view stays for apps that
 * open it directly.
 */
export const EmailLogin = () => {
  const client = useAirlock()
  const { t } = useAirlockTranslation()
  return (
    <EmailForm
      label={t("embedded.email")}
      submitLabel={t("common.continue")}
      busyLabel={t("embedded.sendingCode")}
      placeholder={t("embedded.emailPlaceholder")}
      onSubmit={(email) => startEmailLogin(client, email)}
    />
  )
}

/** Confirm Email: the code mailed to the address; resend waits out the 30 s cooldown ('Please try again after N seconds'). */
export const EmailVerifyOtp = () => {
  const client = useAirlock()
  const email = useAirlockSelector(selectEmail("EmailVerifyOtp"))
  const { t } = useAirlockTranslation()
  return (
    <OtpForm
      text={t("embedded.enterCode", { email: shortenEmail(email) })}
      onSubmit={(code) => connectOtp(client, email, code)}
      onResend={() => connectEmail(client, email)}
    />
  )
}

/** Register Device: waits until the user approves this device from the link mailed to them, then asks for the code. */
export const EmailVerifyDevice = () => {
  const client = useAirlock()
  const email = useAirlockSelector(selectEmail("EmailVerifyDevice"))
  const start = useCallback(
    () =>
      connectDevice(client).then(() => {
        // Only while this view shows: the user may have gone back meanwhile.
        if (client.getState().modal.view !== "EmailVerifyDevice") return
        // The code view takes this one's place: back from it returns to the address.
        client.goBack()
        client.push("EmailVerifyOtp", { email })
      }),
    [client, email]
  )
  const { attempt, retry } = useAttempt(start, "common.somethingWentWrong")
  const { t } = useAirlockTranslation()
  return (
    <PendingRequest
      attempt={attempt}
      logo={
        <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
          <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="m4 7 8 6 8-6" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      }
      title={t("embedded.registerDevice")}
      text={t("embedded.approveDevice", { email: shortenEmail(email) })}
      failedText={t("embedded.approveDeviceFailed")}
      onRetry={retry}
    />
  )
}
