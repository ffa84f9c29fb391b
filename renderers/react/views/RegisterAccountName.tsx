"use client"
import {
  type AirlockState,
  getViewParams,
  registerAccountName,
  selectNameRegistration,
  setAccountName,
  startNameRegistration
} from "airlock-kit"
import { useEffect, useId, useRef } from "react"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import type { ViewProps } from "../modal/ViewProps.ts"

const selectSuggested = (state: AirlockState) => getViewParams(state.modal, "RegisterAccountName")?.suggestedName
// A registration to start: none yet, or the last one done.
const selectToStart = (state: AirlockState) => state.names === undefined || state.names.step === "success"
// SPEC §9: names on eip155 only.
const selectEvm = (state: AirlockState) => state.activeNamespace === "eip155"

/**
 * RegisterAccountName (SPEC §4): draws core's name registration (`selectNameRegistration`) and forwards what the user
 * does to it. The label with its zone, SPEC §5's live check, the API's verdict and suggestions (after a 300 ms pause,
 * in core), Register (the wallet signs, the API registers; core then shows RegisterAccountNameSuccess, or the error
 * here).
 */
export const RegisterAccountName = (_props: ViewProps) => {
  const client = useAirlock()
  const names = useAirlockSelector(selectNameRegistration)
  const suggested = useAirlockSelector(selectSuggested)
  const toStart = useAirlockSelector(selectToStart)
  const evm = useAirlockSelector(selectEvm)
  const ids = { input: useId(), message: useId(), suggestions: useId() }
  const input = useRef<HTMLInputElement>(null)
  const { t, text } = useAirlockTranslation()
  useEffect(() => {
    if (toStart) void startNameRegistration(client, { label: suggested })
  }, [client, toStart, suggested])

  if (!evm) {
    return (
      <p className="airlock-empty" role="alert">
        {t("names.evmOnly")}
      </p>
    )
  }
  const message = names.message === undefined ? undefined : text(names.message)
  const status =
    names.step === "signing"
      ? t("names.signing")
      : names.step === "registering"
        ? t("names.registering")
        : names.check === "checking"
          ? t("names.checking")
          : names.check === "available" && message === undefined
            ? t("names.available", { name: names.name })
            : undefined
  const register = () => {
    // The failure shows under the input (the view's `message`); nothing else to do with it here.
    if (names.canRegister) registerAccountName(client).catch(() => undefined)
  }
  return (
    <form
      className="airlock-send airlock-names"
      aria-busy={names.busy}
      onSubmit={(event) => {
        event.preventDefault()
        register()
      }}
    >
      <p className="airlock-send-usd">{t("names.intro")}</p>
      <label className="airlock-field-label" htmlFor={ids.input}>
        {t("names.inputLabel")}
      </label>
      <div className="airlock-send-amount">
        <input
          ref={input}
          id={ids.input}
          className="airlock-input"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t("names.placeholder")}
          value={names.label}
          readOnly={toStart || names.busy}
          aria-invalid={message !== undefined}
          aria-describedby={ids.message}
          onChange={(event) => void setAccountName(client, event.target.value)}
        />
        <span className="airlock-send-token-balance" aria-hidden="true">
          .{names.zone}
        </span>
      </div>
      <p id={ids.message} className={message === undefined ? "airlock-send-status" : "airlock-send-error"}>
        {message === undefined ? (
          <span role="status">{status}</span>
        ) : (
          <span role="alert" data-testid="names-message">
            {message}
          </span>
        )}
      </p>
      {names.suggestions.length === 0 ? null : (
        <>
          <p className="airlock-field-label" id={ids.suggestions}>
            {t("names.suggestions")}
          </p>
          <ul className="airlock-list" aria-labelledby={ids.suggestions}>
            {names.suggestions.map((suggestion) => (
              <li key={suggestion.name} className="airlock-list-entry">
                <button
                  type="button"
                  className="airlock-list-item"
                  disabled={!suggestion.available || names.busy}
                  onClick={() => {
                    void setAccountName(client, suggestion.name.slice(0, -(names.zone.length + 1)))
                    // The list changes with the name: the keyboard goes on from the input (Enter registers).
                    input.current?.focus()
                  }}
                >
                  <span className="airlock-list-name">{suggestion.name}</span>
                  <span className="airlock-send-token-balance">
                    {suggestion.available ? t("names.suggestionAvailable") : t("names.suggestionTaken")}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <div className="airlock-send-actions">
        <button type="submit" className="airlock-button" disabled={!names.canRegister}>
          {names.busy ? t("names.registering") : t("names.register")}
        </button>
      </div>
    </form>
  )
}
