"use client"
import { type ReactNode, useRef } from "react"
import type { OpenParameters } from "../../../core/client/types.ts"
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

/** The themed button behind ConnectButton, AccountButton and NetworkButton. */
export const OpenerButton = ({ parameters, className, state, children }: OpenerButtonProps) => {
  const ref = useRef<HTMLButtonElement>(null)
  const mode = useThemeVariables(ref)
  const handlers = useOpener(parameters)
  return (
    <button
      ref={ref}
      type="button"
      className={className === undefined ? "airlock-button" : `airlock-button ${className}`}
      data-airlock=""
      data-theme={mode}
      data-state={state}
      {...handlers}
    >
      {children}
    </button>
  )
}
