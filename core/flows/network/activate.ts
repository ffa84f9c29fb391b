import { type CaipNetwork, makeCaipAddress } from "../../schema/network.ts"
import type { AirlockState } from "../../state/AirlockState.ts"

/**
 * Sets `network` active in its namespace and rebuilds that namespace's CAIP address (SPEC §4). With `focus` (the
 * default) its namespace becomes the active one too; without, the active namespace stays (a wallet of another
 * namespace restored or reporting its chain does not pull the modal away).
 */
export const activateNetwork = (state: AirlockState, network: CaipNetwork, focus = true): AirlockState => {
  const namespace = network.chainNamespace
  const account = state.accounts[namespace]
  const caipAddress =
    account.address === undefined ? undefined : makeCaipAddress(namespace, network.id, account.address)
  return {
    ...state,
    activeNamespace: focus ? namespace : (state.activeNamespace ?? namespace),
    activeNetworks: { ...state.activeNetworks, [namespace]: network },
    accounts:
      caipAddress === undefined ? state.accounts : { ...state.accounts, [namespace]: { ...account, caipAddress } }
  }
}
