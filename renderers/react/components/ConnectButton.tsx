"use client"
// Docs: docs/react.md#buttons
import { useCallback, useRef } from "react"
import type { OpenParameters } from "../../../core/client/types.ts"
import { useAirlockAccount } from "../hooks/useAirlockAccount.ts"
import { truncateAddress } from "../internal/format.ts"
import { useOpener } from "../internal/useOpener.ts"
import { useThemeVariables } from "../theme/useThemeVariables.ts"

/** Props of {@link ConnectButton}. */
export interface ConnectButtonProps {
  /** Text while not connected. @default "Connect Wallet" */
  readonly label?: string
  /** Text while a connection is being made. @default "Connecting..." */
  readonly loadingLabel?: string
  readonly className?: string
}

/**
 * Opens the modal on Connect; once connected it shows the address (first 4, last 6 characters) and opens Account.
 *
 * @example
 * ```tsx
 * import { ConnectButton } from "airlock/react"
 * export const Header = () => <ConnectButton label="Sign in" />
 * ```
 */
export const ConnectButton = ({
  label = "Connect Wallet",
  loadingLabel = "Connecting...",
  className
}: ConnectButtonProps) => {
  const { address, isConnected, status } = useAirlockAccount()
  const ref = useRef<HTMLButtonElement>(null)
  const mode = useThemeVariables(ref)
  const parameters = useCallback(
    (): OpenParameters => (isConnected ? { view: "Account" } : { view: "Connect" }),
    [isConnected]
  )
  const handlers = useOpener(parameters)
  const text =
    isConnected && address !== undefined ? truncateAddress(address) : status === "connecting" ? loadingLabel : label
  return (
    <button
      ref={ref}
      type="button"
      className={className === undefined ? "airlock-button" : `airlock-button ${className}`}
      data-airlock=""
      data-theme={mode}
      data-state={isConnected ? "connected" : status}
      {...handlers}
    >
      {text}
    </button>
  )
}
