"use client"
import { type FormEvent, useId, useState } from "react"
import { updateEmail, updateEmailPrimaryOtp, updateEmailSecondaryOtp } from "../../../adapters/embedded/actions.ts"
import { getViewParams } from "../../../core/router/state.ts"
import { shortenEmail } from "../../../core/schema/loginName.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { errorText } from "../internal/errorText.ts"
import { OtpForm } from "../internal/OtpForm.tsx"

const selectCurrent = (state: AirlockState) => state.accounts.eip155.user?.email ?? ""
const selectPrimary = (state: AirlockState) => getViewParams(state.modal, "UpdateEmailPrimaryOtp")
const selectSecondary = (state: AirlockState) => getViewParams(state.modal, "UpdateEmailSecondaryOtp")

/** Edit Email: the new address; a code goes to the current one first, or straight to the new one. */
export const UpdateEmailWallet = () => {
  const client = useAirlock()
  const current = useAirlockSelector(selectCurrent)
  const ids = { input: useId(), error: useId() }
  const [email, setEmail] = useState("")
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState("")
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const newEmail = email.trim()
    if (newEmail.toLowerCase() === current.toLowerCase()) return setError("This is your email already")
    setBusy(true)
    setError("")
    updateEmail(client, newEmail).then(
      (next) => {
        setBusy(false)
        client.push(next === "VERIFY_PRIMARY_OTP" ? "UpdateEmailPrimaryOtp" : "UpdateEmailSecondaryOtp", {
          email: current,
          newEmail
        })
      },
      (failure: unknown) => {
        setBusy(false)
        setError(errorText(failure))
      }
    )
  }
  return (
    <form className="airlock-form" onSubmit={submit} noValidate>
      <p className="airlock-form-text">Your email now: {shortenEmail(current)}</p>
      <label htmlFor={ids.input} className="airlock-field-label">
        New email
      </label>
      <input
        id={ids.input}
        className="airlock-input"
        type="email"
        // biome-ignore lint/a11y/noAutofocus: the address is the only thing this view asks for
        autoFocus
        autoComplete="email"
        value={email}
        disabled={busy}
        aria-invalid={error === "" ? undefined : true}
        aria-describedby={ids.error}
        onChange={(event) => setEmail(event.target.value)}
      />
      <p id={ids.error} className="airlock-send-error" role="alert">
        {error}
      </p>
      <button type="submit" className="airlock-button airlock-primary" disabled={busy || email.trim() === ""}>
        {busy ? "Sending code…" : "Save"}
      </button>
    </form>
  )
}

/** The code sent to the current address; then the new address's code. */
export const UpdateEmailPrimaryOtp = () => {
  const client = useAirlock()
  const params = useAirlockSelector(selectPrimary)
  const email = params?.email ?? ""
  const newEmail = params?.newEmail ?? ""
  return (
    <OtpForm
      text={`To change your email, enter the code we sent to ${shortenEmail(email)}`}
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
  return (
    <OtpForm
      text={`Enter the code we sent to ${shortenEmail(newEmail)}`}
      onSubmit={(code) =>
        updateEmailSecondaryOtp(client, code).then(() => {
          client.showSnack({ variant: "success", message: "Email updated" })
          void client.open({ view: "Account" })
        })
      }
    />
  )
}
