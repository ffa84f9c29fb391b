"use client"
// Docs: docs/react.md#buttons
import type { OpenParameters } from "../../../core/client/types.ts"
import { useAirlockNetwork } from "../hooks/useAirlockNetwork.ts"
import { OpenerButton } from "../internal/OpenerButton.tsx"

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
  return (
    <OpenerButton parameters={openNetworks} className={className}>
      {network?.name ?? label}
    </OpenerButton>
  )
}
