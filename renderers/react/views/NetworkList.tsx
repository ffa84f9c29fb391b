"use client"
import type { AirlockState } from "airlock-kit"
import { NetworkImage } from "../components/NetworkImage.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"
import { useAirlockTranslation } from "../hooks/useAirlockTranslation.ts"

const selectNetworks = (state: AirlockState) => state.networks
const selectActive = (state: AirlockState) =>
  state.activeNamespace === undefined ? undefined : state.activeNetworks[state.activeNamespace]?.caipNetworkId

/** The app's networks as buttons, the active one marked; choosing one is core's `chooseNetwork` (SPEC §4). */
export const NetworkList = ({ label }: { readonly label: string }) => {
  const client = useAirlock()
  const networks = useAirlockSelector(selectNetworks)
  const active = useAirlockSelector(selectActive)
  const { t } = useAirlockTranslation()
  return (
    <ul className="airlock-list" aria-label={label} data-part="network-list">
      {networks.map((network) => {
        const current = network.caipNetworkId === active
        return (
          <li key={network.caipNetworkId} className="airlock-list-entry">
            <button
              type="button"
              className="airlock-list-item"
              data-part="network-item"
              aria-current={current ? "true" : undefined}
              onClick={() => client.chooseNetwork(network).catch(() => undefined)}
            >
              <NetworkImage network={network} size={32} />
              <span className="airlock-list-name">{network.name}</span>
              {current ? <span className="airlock-tag">{t("network.active")}</span> : null}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
