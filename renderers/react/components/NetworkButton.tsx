"use client"
// Docs: docs/react.md#buttons
import type { OpenParameters } from "airlock-kit"
import { useAirlockNetwork } from "../hooks/useAirlockNetwork.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"
import { OpenerButton } from "../internal/OpenerButton.tsx"
import { NetworkImage } from "./NetworkImage.tsx"

/** Props of {@link NetworkButton}. */
export interface NetworkButtonProps {
  /** Text when no network is active. @default the catalogue's "button.network" ("Network") */
  readonly label?: string
  readonly className?: string
}

const openNetworks = (): OpenParameters => ({ view: "Networks" })

/**
 * The active network's icon and name as a button that opens the network list ("Chain 31337" for a chain the app does
 * not list). The icon is the network's
 * `assets.imageUrl` when it is a safe image URL, else the wallet API's image of `assets.imageId`, else Airlock's logo of
 * the network, else a badge with the name's first letter.
 *
 * @example
 * ```tsx
 * import { NetworkButton } from "airlock-kit/react"
 * export const Header = () => <NetworkButton />
 * ```
 */
export const NetworkButton = ({ label, className }: NetworkButtonProps) => {
  const { network, networks } = useAirlockNetwork()
  const { t } = useAirlockTranslation()
  // A chain the app does not list (the wallet moved there) is named by its id, in the user's language.
  const known = network === undefined || networks.some((n) => n.caipNetworkId === network.caipNetworkId)
  const name = network === undefined ? undefined : known ? network.name : t("network.chain", { id: String(network.id) })
  return (
    <OpenerButton parameters={openNetworks} className={className}>
      {network === undefined ? null : <NetworkImage network={network} />}
      {name ?? label ?? t("button.network")}
    </OpenerButton>
  )
}
