"use client"
import { describeError, type Message } from "airlock-kit"
import { type FormEvent, type ReactNode, useId, useState } from "react"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"

/**
 * An email form: the field (autofocused, the browser's email autofill), its failure read out, and a submit button
 * that says it is busy. `onSubmit` gets the trimmed address; its rejection is shown under the field, in its error's own
 * words (`describeError`).
 */
export const EmailForm = ({
  label,
  submitLabel,
  busyLabel,
  placeholder,
  intro,
  onSubmit
}: {
  readonly label: string
  readonly submitLabel: string
  readonly busyLabel: string
  readonly placeholder?: string | undefined
  readonly intro?: ReactNode
  readonly onSubmit: (email: string) => Promise<unknown>
}) => {
  const ids = { input: useId(), error: useId() }
  const [email, setEmail] = useState("")
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
  return (
    <form className="airlock-form" onSubmit={submit} noValidate>
      {intro}
      <label htmlFor={ids.input} className="airlock-field-label">
        {label}
      </label>
      <input
        id={ids.input}
        className="airlock-input"
        type="email"
        // biome-ignore lint/a11y/noAutofocus: the address is the only thing this view asks for
        autoFocus
        autoComplete="email"
        placeholder={placeholder}
        value={email}
        disabled={busy}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={ids.error}
        onChange={(event) => setEmail(event.target.value)}
      />
      <p id={ids.error} className="airlock-send-error" role="alert">
        {error === undefined ? null : text(error)}
      </p>
      <button type="submit" className="airlock-button airlock-primary" disabled={busy || email.trim() === ""}>
        {busy ? busyLabel : submitLabel}
      </button>
    </form>
  )
}
