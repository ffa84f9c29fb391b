"use client"
import { useEffect, useState } from "react"
import { connectDevice, connectEmail, connectOtp } from "../../../adapters/embedded/actions.ts"
import { getViewParams } from "../../../core/router/state.ts"
import { shortenEmail } from "../../../core/schema/loginName.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { EmailForm } from "../internal/EmailForm.tsx"
import { errorText } from "../internal/errorText.ts"
import { OtpForm } from "../internal/OtpForm.tsx"

/**
 * The email a login view was opened for. A view's data is kept per view, so the code views read their own.
 */
const selectEmail = (view: "EmailVerifyOtp" | "EmailVerifyDevice") => (state: AirlockState) =>
  getViewParams(state.modal, view)?.email ?? ""

/**
 * Email Login: the address, then the code (or this device's approval first). The frame mails the code; this window
 * never sees it until the user types it.
 */
export const EmailLogin = () => {
  const client = useAirlock()
  return (
    <EmailForm
      label="Email"
      submitLabel="Continue"
      busyLabel="Sending code…"
      placeholder="you@example.com"
      onSubmit={(email) =>
        connectEmail(client, email).then((next) => {
          if (next === "VERIFY_OTP") client.push("EmailVerifyOtp", { email })
          else if (next === "VERIFY_DEVICE") client.push("EmailVerifyDevice", { email })
        })
      }
    />
  )
}

/** Confirm Email: the code mailed to the address; resend waits out the 30 s cooldown ('Please try again after N seconds'). */
export const EmailVerifyOtp = () => {
  const client = useAirlock()
  const email = useAirlockSelector(selectEmail("EmailVerifyOtp"))
  return (
    <OtpForm
      text={`Enter the 6-digit code we sent to ${shortenEmail(email)}`}
      onSubmit={(code) => connectOtp(client, email, code)}
      onResend={() => connectEmail(client, email)}
    />
  )
}

/** Register Device: waits until the user approves this device from the link mailed to them, then asks for the code. */
export const EmailVerifyDevice = () => {
  const client = useAirlock()
  const email = useAirlockSelector(selectEmail("EmailVerifyDevice"))
  const [error, setError] = useState("")
  const [round, setRound] = useState(0)
  useEffect(() => {
    if (round < 0) return
    let live = true
    setError("")
    connectDevice(client).then(
      () => {
        if (!live) return
        // The code view takes this one's place: back from it returns to the address.
        client.goBack()
        client.push("EmailVerifyOtp", { email })
      },
      (failure: unknown) => {
        if (live) setError(errorText(failure))
      }
    )
    return () => {
      live = false
    }
  }, [client, email, round])
  return (
    <div className="airlock-connecting" data-state={error === "" ? "pending" : "failed"}>
      <div className="airlock-connecting-logo">
        <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true">
          <rect x="3" y="5" width="18" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="m4 7 8 6 8-6" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
        {error === "" ? <span className="airlock-spinner" aria-hidden="true" /> : null}
      </div>
      <p className="airlock-connecting-title" role="status">
        {error === "" ? "Register this device to continue" : error}
      </p>
      <p className="airlock-connecting-text">
        Approve this login from the email we sent to {shortenEmail(email)}. The link is valid for 10 minutes.
      </p>
      {error === "" ? null : (
        <button type="button" className="airlock-button airlock-retry" onClick={() => setRound((n) => n + 1)}>
          Try again
        </button>
      )}
    </div>
  )
}
