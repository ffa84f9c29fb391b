"use client"
// Docs: docs/react.md#buttons
import type { OpenParameters } from "../../../core/client/types.ts"
import { useAirlockNetwork } from "../hooks/useAirlockNetwork.ts"
import { safeImageSrc } from "../internal/imageSrc.ts"
import { OpenerButton } from "../internal/OpenerButton.tsx"

/** Props of {@link NetworkButton}. */
export interface NetworkButtonProps {
  /** Text when no network is active. @default "Network" */
  readonly label?: string
  readonly className?: string
}

const openNetworks = (): OpenParameters => ({ view: "Networks" })

/**
 * The active network's icon and name as a button that opens the network list. The icon is the network's
 * `assets.imageUrl` when it is a safe image URL, else a badge with the name's first letter.
 *
 * @example
 * ```tsx
 * import { NetworkButton } from "airlock/react"
 * export const Header = () => <NetworkButton />
 * ```
 */
export const NetworkButton = ({ label = "Network", className }: NetworkButtonProps) => {
  const { network } = useAirlockNetwork()
  const icon = safeImageSrc(network?.assets?.imageUrl)
  return (
    <OpenerButton parameters={openNetworks} className={className}>
      {network === undefined ? null : icon === undefined ? (
        <span className="airlock-network-icon" aria-hidden="true">
          {network.name.slice(0, 1).toUpperCase()}
        </span>
      ) : (
        <img className="airlock-network-icon" src={icon} alt="" width={20} height={20} />
      )}
      {network?.name ?? label}
    </OpenerButton>
  )
}
