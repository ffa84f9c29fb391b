"use client"
import { type AirlockState, type OpenParameters, translate } from "airlock-kit"
import { type ReactNode, useId, useRef } from "react"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useThemeVariables } from "../theme/useThemeVariables.ts"
import { useOpener } from "./useOpener.ts"

/** What the public buttons share: a themed button that opens the modal with `parameters()`. */
export interface OpenerButtonProps {
  /** Which view to open; keep it stable (`useCallback`) so handlers are not rebuilt on every render. */
  readonly parameters: () => OpenParameters
  readonly className?: string | undefined
  /** `data-state` for styling (e.g. connected / connecting). */
  readonly state?: string | undefined
  readonly children: ReactNode
}

/**
 * Why the client cannot open the modal (invalid options, or destroyed), or undefined while it can. The reason is the
 * options' own message: it is for the app's developer, in English like every error's `message`.
 */
const selectUnavailable = (state: AirlockState): string | undefined =>
  state.status === "error" || state.status === "destroyed"
    ? (state.error?.message ?? translate(state.i18n.messages, "button.unavailable"))
    : undefined

/**
 * The themed button behind ConnectButton, AccountButton and NetworkButton. A client in the error state, or destroyed,
 * disables it and names the reason (as the button's description and its tooltip).
 */
export const OpenerButton = ({ parameters, className, state, children }: OpenerButtonProps) => {
  const ref = useRef<HTMLButtonElement>(null)
  const mode = useThemeVariables(ref)
  const handlers = useOpener(parameters)
  const unavailable = useAirlockSelector(selectUnavailable)
  const reasonId = useId()
  return (
    <>
      <button
        ref={ref}
        type="button"
        className={className === undefined ? "airlock-button" : `airlock-button ${className}`}
        data-airlock=""
        data-theme={mode}
        data-state={unavailable === undefined ? state : "unavailable"}
        disabled={unavailable !== undefined}
        title={unavailable}
        aria-describedby={unavailable === undefined ? undefined : reasonId}
        {...handlers}
      >
        {children}
      </button>
      {unavailable === undefined ? null : (
        <span id={reasonId} hidden>
          {unavailable}
        </span>
      )}
    </>
  )
}
