"use client"
import { type AirlockState, getViewParams, shortenEmail } from "airlock-kit"
import { updateEmail, updateEmailPrimaryOtp, updateEmailSecondaryOtp } from "airlock-kit/embedded"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { EmailForm } from "../internal/EmailForm.tsx"
import { OtpForm } from "../internal/OtpForm.tsx"

const selectCurrent = (state: AirlockState) => state.accounts.eip155.user?.email ?? ""
const selectPrimary = (state: AirlockState) => getViewParams(state.modal, "UpdateEmailPrimaryOtp")
const selectSecondary = (state: AirlockState) => getViewParams(state.modal, "UpdateEmailSecondaryOtp")

/**
 * Edit Email: the new address; a code goes to the current one first, or straight to the new one (core refuses the
 * address the user already has).
 */
export const UpdateEmailWallet = () => {
  const client = useAirlock()
  const current = useAirlockSelector(selectCurrent)
  const { t } = useAirlockTranslation()
  return (
    <EmailForm
      label={t("embedded.newEmail")}
      submitLabel={t("common.save")}
      busyLabel={t("embedded.sendingCode")}
      intro={<p className="airlock-form-text">{t("embedded.currentEmail", { email: shortenEmail(current) })}</p>}
      onSubmit={(newEmail) =>
        updateEmail(client, newEmail).then((next) =>
          client.push(next === "VERIFY_PRIMARY_OTP" ? "UpdateEmailPrimaryOtp" : "UpdateEmailSecondaryOtp", {
            email: current,
            newEmail
          })
        )
      }
    />
  )
}

/** The code sent to the current address; then the new address's code. */
export const UpdateEmailPrimaryOtp = () => {
  const client = useAirlock()
  const params = useAirlockSelector(selectPrimary)
  const email = params?.email ?? ""
  const newEmail = params?.newEmail ?? ""
  const { t } = useAirlockTranslation()
  return (
    <OtpForm
      text={t("embedded.confirmCurrentEmail", { email: shortenEmail(email) })}
      onSubmit={(code) =>
        updateEmailPrimaryOtp(client, code).then(() => {
          client.goBack()
          client.push("UpdateEmailSecondaryOtp", { email, newEmail })
        })
      }
    />
  )
}

/** The code sent to the new address: the email changes, and the view returns to the account. */
export const UpdateEmailSecondaryOtp = () => {
  const client = useAirlock()
  const params = useAirlockSelector(selectSecondary)
  const newEmail = params?.newEmail ?? ""
  const { t } = useAirlockTranslation()
  return (
    <OtpForm
      text={t("embedded.confirmNewEmail", { email: shortenEmail(newEmail) })}
      onSubmit={(code) =>
        updateEmailSecondaryOtp(client, code).then(() => {
          client.showSnack({ variant: "success", message: { id: "embedded.emailUpdated" } })
          void client.open({ view: "Account" })
        })
      }
    />
  )
}
