"use client"
import { type OpenParameters, truncateAddress } from "airlock-kit"
// Docs: docs/react.md#buttons
import { useCallback } from "react"
import { useAirlockAccount } from "../hooks/useAirlockAccount.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { OpenerButton } from "../internal/OpenerButton.tsx"

/** Props of {@link ConnectButton}. */
export interface ConnectButtonProps {
  /** Text while not connected. @default the catalogue's "button.connect" ("Connect Wallet") */
  readonly label?: string
  /** Text while a connection is being made. @default the catalogue's "button.connecting" ("Connecting...") */
  readonly loadingLabel?: string
  readonly className?: string
}

/**
 * Opens the modal on Connect; once connected it shows the address (first 4, last 6 characters) and opens Account.
 *
 * @example
 * ```tsx
 * import { ConnectButton } from "airlock-kit/react"
 * export const Header = () => <ConnectButton label="Sign in" />
 * ```
 */
export const ConnectButton = ({ label, loadingLabel, className }: ConnectButtonProps) => {
  const { address, isConnected, status } = useAirlockAccount()
  const { t } = useAirlockTranslation()
  const parameters = useCallback(
    (): OpenParameters => (isConnected ? { view: "Account" } : { view: "Connect" }),
    [isConnected]
  )
  const text =
    isConnected && address !== undefined
      ? truncateAddress(address)
      : status === "connecting"
        ? (loadingLabel ?? t("button.connecting"))
        : (label ?? t("button.connect"))
  return (
    <OpenerButton parameters={parameters} className={className} state={isConnected ? "connected" : status}>
      {text}
    </OpenerButton>
  )
}
