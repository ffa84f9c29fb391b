"use client"
import {
  type AirlockState,
  confirmEmailCapture,
  getViewParams,
  requestEmailCapture,
  resendEmailCapture,
  shortenEmail,
  skipEmailCapture
} from "airlock-kit"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { EmailForm } from "../internal/EmailForm.tsx"
import { OtpForm } from "../internal/OtpForm.tsx"

const selectStartEmail = (state: AirlockState) => getViewParams(state.modal, "DataCapture")?.email
const selectCodeEmail = (state: AirlockState) => getViewParams(state.modal, "DataCaptureOtpConfirm")?.email ?? ""
/** The page's host, as the sign view names the app. */
const pageHost = (): string => (typeof location === "undefined" ? "" : location.host)

/**
 * Email capture before signing in (SPEC §4, DataCapture): the app asks for an address, which a mailed code confirms
 * (the next view); Skip goes on to the sign view without one. The field starts with the embedded wallet's login
 * address when the account has one. Core decides where each step leads.
 */
export const DataCapture = () => {
  const client = useAirlock()
  const email = useAirlockSelector(selectStartEmail)
  const { t } = useAirlockTranslation()
  return (
    <EmailForm
      intro={<p className="airlock-form-text">{t("siwx.captureIntro", { name: pageHost() })}</p>}
      label={t("embedded.email")}
      submitLabel={t("common.continue")}
      busyLabel={t("embedded.sendingCode")}
      placeholder={t("embedded.emailPlaceholder")}
      initialEmail={email}
      onSubmit={(address) => requestEmailCapture(client, address)}
      footer={
        <button
          type="button"
          className="airlock-button airlock-button-secondary"
          onClick={() => void skipEmailCapture(client).catch(() => undefined)}
        >
          {t("siwx.skip")}
        </button>
      }
    />
  )
}

/** The code mailed for email capture; a right code leads to the sign view. Resend mails a new one. */
export const DataCaptureOtpConfirm = () => {
  const client = useAirlock()
  const email = useAirlockSelector(selectCodeEmail)
  const { t } = useAirlockTranslation()
  return (
    <OtpForm
      text={t("embedded.enterCode", { email: shortenEmail(email) })}
      onSubmit={(code) => confirmEmailCapture(client, code)}
      onResend={() => resendEmailCapture(client)}
    />
  )
}
