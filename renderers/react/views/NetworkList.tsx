"use client"
import type { CaipNetwork } from "../../../core/schema/network.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { NetworkImage } from "../components/NetworkImage.tsx"
import { useAirlock } from "../hooks/useAirlock.ts"
import { useAirlockSelector } from "../hooks/useAirlockSelector.ts"

const selectNetworks = (state: AirlockState) => state.networks
const selectActive = (state: AirlockState) =>
  state.activeNamespace === undefined ? undefined : state.activeNetworks[state.activeNamespace]?.caipNetworkId
const selectConnected = (state: AirlockState) =>
  state.activeNamespace !== undefined && state.accounts[state.activeNamespace].status === "connected"

/**
 * The app's networks as buttons, the active one marked. Choosing one while a wallet is connected goes to
 * SwitchNetwork (the wallet must approve); otherwise the switch is made at once and the modal closes. A network of
 * another namespace is switched to at once (its wallet asked first, through SwitchNetwork, when it is connected on
 * another network of it), and the modal then shows that namespace's account, or Connect when it has none (SPEC §4).
 */
export const NetworkList = ({ label }: { readonly label: string }) => {
  const client = useAirlock()
  const networks = useAirlockSelector(selectNetworks)
  const active = useAirlockSelector(selectActive)
  const connected = useAirlockSelector(selectConnected)
  const choose = (network: CaipNetwork) => {
    const state = client.getState()
    const namespace = network.chainNamespace
    if (namespace !== state.activeNamespace) {
      const walletThere = state.accounts[namespace].status === "connected"
      const moves = state.activeNetworks[namespace]?.caipNetworkId !== network.caipNetworkId
      if (walletThere && moves) return client.push("SwitchNetwork", { caipNetworkId: network.caipNetworkId })
      void client.switchNetwork(network).then(
        () => client.open().catch(() => undefined),
        () => undefined
      )
      return
    }
    if (connected) return client.push("SwitchNetwork", { caipNetworkId: network.caipNetworkId })
    void client.switchNetwork(network).then(
      () => client.close().catch(() => undefined),
      () => undefined
    )
  }
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
              onClick={() => (current ? client.goBack() : choose(network))}
            >
              <NetworkImage network={network} size={32} />
              <span className="airlock-list-name">{network.name}</span>
              {current ? <span className="airlock-tag">Active</span> : null}
            </button>
          </li>
        )
      })}
    </ul>
  )
}
