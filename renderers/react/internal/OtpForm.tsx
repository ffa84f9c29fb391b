"use client"
import { describeError, type Message } from "airlock-kit"
import { type FormEvent, useEffect, useId, useRef, useState } from "react"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"

/** The length of the codes the embedded wallet mails. */
const CODE_LENGTH = 6

/**
 * A one-time code form: one input that takes a whole pasted code (and the browser's one-time-code autofill), digits
 * only, submitted by itself once complete; the failure read out; and, when given, a resend button.
 */
export const OtpForm = ({
  text,
  onSubmit,
  onResend
}: {
  readonly text: string
  readonly onSubmit: (code: string) => Promise<unknown>
  readonly onResend?: (() => Promise<unknown>) | undefined
}) => {
  const ids = { input: useId(), error: useId(), text: useId() }
  const [code, setCode] = useState("")
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<Message | undefined>(undefined)
  const [resent, setResent] = useState(false)
  const { t, text: textOf } = useAirlockTranslation()
  const input = useRef<HTMLInputElement>(null)
  const submitted = useRef("")

  const submit = (value: string) => {
    if (busy || value.length !== CODE_LENGTH) return
    submitted.current = value
    setBusy(true)
    setError(undefined)
    onSubmit(value).then(
      () => setBusy(false),
      (failure: unknown) => {
        setBusy(false)
        setError(describeError(failure, "common.somethingWentWrong"))
        setCode("")
        // The same code may be sent again (typed anew after a network failure).
        submitted.current = ""
      }
    )
  }
  // A complete code is sent at once (typed or pasted), once per code.
  // biome-ignore lint/correctness/useExhaustiveDependencies: submit reads the latest state itself
  useEffect(() => {
    if (code.length === CODE_LENGTH && submitted.current !== code) submit(code)
  }, [code])

  // After a refusal the field takes the focus again, once it is enabled (a disabled field cannot be focused).
  useEffect(() => {
    if (!busy && error !== undefined) input.current?.focus()
  }, [busy, error])

  const resend = () => {
    if (onResend === undefined) return
    setError(undefined)
    setResent(false)
    onResend().then(
      () => setResent(true),
      (failure: unknown) => setError(describeError(failure, "common.somethingWentWrong"))
    )
  }
  return (
    <form
      className="airlock-form"
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        submit(code)
      }}
    >
      <p id={ids.text} className="airlock-form-text">
        {text}
      </p>
      <label htmlFor={ids.input} className="airlock-field-label">
        {t("embedded.code")}
      </label>
      <input
        ref={input}
        id={ids.input}
        className="airlock-input airlock-otp"
        // biome-ignore lint/a11y/noAutofocus: the code is the only thing this view asks for
        autoFocus
        autoComplete="one-time-code"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={CODE_LENGTH}
        value={code}
        disabled={busy}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={`${ids.text} ${ids.error}`}
        onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, CODE_LENGTH))}
        onPaste={(event) => {
          const pasted = event.clipboardData.getData("text").replace(/\D/g, "")
          if (pasted.length === 0) return
          event.preventDefault()
          setCode(pasted.slice(0, CODE_LENGTH))
        }}
      />
      <p id={ids.error} className="airlock-send-error" role="alert">
        {error === undefined ? null : textOf(error)}
      </p>
      <button type="submit" className="airlock-button airlock-primary" disabled={busy || code.length !== CODE_LENGTH}>
        {busy ? t("embedded.checking") : t("common.continue")}
      </button>
      {onResend === undefined ? null : (
        <p className="airlock-form-text">
          {t("embedded.noCode")}{" "}
          <button type="button" className="airlock-link-button" onClick={resend}>
            {t("embedded.resendCode")}
          </button>
          <span aria-live="polite"> {resent ? t("embedded.codeResent") : null}</span>
        </p>
      )}
    </form>
  )
}
