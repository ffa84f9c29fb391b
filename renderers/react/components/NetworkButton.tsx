"use client"
// Docs: docs/react.md#buttons
import { useCallback, useRef } from "react"
import type { OpenParameters } from "../../../core/client/types.ts"
import { useAirlockNetwork } from "../hooks/useAirlockNetwork.ts"
import { useOpener } from "../internal/useOpener.ts"
import { useThemeVariables } from "../theme/useThemeVariables.ts"

/** Props of {@link NetworkButton}. */
export interface NetworkButtonProps {
  /** Text when no network is active. @default "Network" */
  readonly label?: string
  readonly className?: string
}

const openNetworks = (): OpenParameters => ({ view: "Networks" })

/**
 * The active network's name as a button that opens the network list.
 *
 * @example
 * ```tsx
 * import { NetworkButton } from "airlock/react"
 * export const Header = () => <NetworkButton />
 * ```
 */
export const NetworkButton = ({ label = "Network", className }: NetworkButtonProps) => {
  const { network } = useAirlockNetwork()
  const ref = useRef<HTMLButtonElement>(null)
  const mode = useThemeVariables(ref)
  const handlers = useOpener(useCallback(openNetworks, []))
  return (
    <button
      ref={ref}
      type="button"
      className={className === undefined ? "airlock-button" : `airlock-button ${className}`}
      data-airlock=""
      data-theme={mode}
      {...handlers}
    >
      {network?.name ?? label}
    </button>
  )
}
