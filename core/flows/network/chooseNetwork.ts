import * as Effect from "effect/Effect"
import type { CaipNetwork } from "../../schema/network.ts"
import { Options } from "../../services/Options.ts"
import { StateStore } from "../../state/StateStore.ts"
import { applyBack } from "../modal/back.ts"
import { applyPush } from "../modal/push.ts"
import { closeModal, openModal } from "../modal/settle.ts"
import { switchNetwork } from "./switchNetwork.ts"

/**
 * What choosing a network in the modal's list does (SPEC §4), for any renderer's network list:
 * - the active network: back to the view before;
 * - a network the connected wallet must move to: the SwitchNetwork view (the wallet approves there, then it closes);
 * - otherwise the switch is made at once.
 * One rule after a successful switch: the modal closes, within a namespace as to another one whose wallet is
 * connected. The one view that stays is Connect, for another namespace without a connection: there is nothing to use
 * there until a wallet connects.
 * A refused switch stays a failure of this flow (the SwitchNetwork view shows its own).
 */
export const chooseNetwork = Effect.fn("chooseNetwork")(function* (network: CaipNetwork) {
  const store = yield* StateStore
  const state = store.getSnapshot()
  const namespace = network.chainNamespace
  const active = state.activeNamespace === undefined ? undefined : state.activeNetworks[state.activeNamespace]
  if (active?.caipNetworkId === network.caipNetworkId) return void applyBack(store, yield* Options)
  const walletThere = state.accounts[namespace].status === "connected"
  const moves = state.activeNetworks[namespace]?.caipNetworkId !== network.caipNetworkId
  if (walletThere && moves) return applyPush(store, "SwitchNetwork", { caipNetworkId: network.caipNetworkId })
  yield* switchNetwork(network)
  const staysToConnect = namespace !== state.activeNamespace && !walletThere
  yield* staysToConnect ? openModal() : closeModal
})
