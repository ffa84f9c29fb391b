"use client"
import { describeError, type Message } from "airlock-kit"
import { type FormEvent, type ReactNode, useId, useState } from "react"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"

/**
 * An email form: the field (autofocused, the browser's email autofill), its failure read out, and a submit button
 * that says it is busy. `onSubmit` gets the trimmed address; its rejection is shown under the field, in its error's own
 * words (`describeError`). `inline` (the Connect view's): one row, the label read out only, the submit an arrow icon
 * button at the field's end named by `submitLabel` (`busyLabel` while busy), and no autofocus: the field is one
 * method among others there, and a phone would open its keyboard over them.
 */
export const EmailForm = ({
  label,
  submitLabel,
  busyLabel,
  placeholder,
  intro,
  footer,
  initialEmail = "",
  inline = false,
  onSubmit
}: {
  readonly label: string
  readonly submitLabel: string
  readonly busyLabel: string
  readonly placeholder?: string | undefined
  readonly intro?: ReactNode
  /** Shown under the submit button (another way on, such as the email capture's Skip). */
  readonly footer?: ReactNode
  /** The address the field starts with (one the app already knows). */
  readonly initialEmail?: string | undefined
  readonly inline?: boolean | undefined
  readonly onSubmit: (email: string) => Promise<unknown>
}) => {
  const ids = { input: useId(), error: useId() }
  const [email, setEmail] = useState(initialEmail)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<Message | undefined>(undefined)
  const { text } = useAirlockTranslation()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setError(undefined)
    onSubmit(email.trim()).then(
      () => setBusy(false),
      (failure: unknown) => {
        setBusy(false)
        setError(describeError(failure, "common.somethingWentWrong"))
      }
    )
  }
  const input = (
    <input
      id={ids.input}
      className="airlock-input"
      type="email"
      // biome-ignore lint/a11y/noAutofocus: the address is the only thing the Email Login view asks for
      autoFocus={!inline}
      autoComplete="email"
      placeholder={placeholder}
      value={email}
      disabled={busy}
      aria-invalid={error === undefined ? undefined : true}
      aria-describedby={ids.error}
      onChange={(event) => setEmail(event.target.value)}
    />
  )
  const disabled = busy || email.trim() === ""
  return (
    <form className={inline ? "airlock-form airlock-email-inline" : "airlock-form"} onSubmit={submit} noValidate>
      {intro}
      <label htmlFor={ids.input} className={inline ? "airlock-visually-hidden" : "airlock-field-label"}>
        {label}
      </label>
      {inline ? (
        <div className="airlock-email-field">
          {input}
          <button
            type="submit"
            className="airlock-icon-button airlock-email-submit"
            aria-label={busy ? busyLabel : submitLabel}
            aria-busy={busy}
            disabled={disabled}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d="M5 12h13m-5-6 6 6-6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ) : (
        input
      )}
      <p id={ids.error} className="airlock-send-error" role="alert">
        {error === undefined ? null : text(error)}
      </p>
      {inline ? null : (
        <button type="submit" className="airlock-button airlock-primary" disabled={disabled}>
          {busy ? busyLabel : submitLabel}
        </button>
      )}
      {footer}
    </form>
  )
}
