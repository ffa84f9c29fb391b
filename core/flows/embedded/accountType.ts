import * as Effect from "effect/Effect"
import type { AuthConnection } from "../../adapter/AdapterImplementation.ts"
import { ConnectionError } from "../../errors/catalogue.ts"
import type { AccountType } from "../../schema/namespace.ts"
import type { FrameShape } from "../../services/FrameShape.ts"
import { Storage, StorageKeys } from "../../services/Storage.ts"
import { StateStore } from "../../state/StateStore.ts"
import { updateAuthConnection } from "../connection/auth.ts"
import { track } from "../events/track.ts"
import { connectedAuth, namespace, readyFrame } from "./frame.ts"

/** The networks each frame offers the smart account on: asked once per frame (they do not change in a session). */
const enabledNetworks = new WeakMap<FrameShape, ReadonlyArray<number>>()

/**
 * The chain ids where the smart account may be used, from the frame (once per frame), remembered in storage (SPEC §9
 * `smart_account_networks`).
 */
export const smartAccountNetworks = Effect.gen(function* () {
  const frame = yield* readyFrame
  const known = enabledNetworks.get(frame)
  if (known !== undefined) return known
  const { smartAccountEnabledNetworks } = yield* frame.request("GET_SMART_ACCOUNT_ENABLED_NETWORKS")
  enabledNetworks.set(frame, smartAccountEnabledNetworks)
  yield* (yield* Storage).set(StorageKeys.smartAccountNetworks, smartAccountEnabledNetworks)
  return smartAccountEnabledNetworks
})

/**
 * Makes the smart account or the EOA the active account (SPEC §4, §6): the smart account only on a network that
 * offers it. The address in the state follows; its balance is read again.
 */
export const setPreferredAccount = Effect.fn("setPreferredAccount")(function* (type: AccountType) {
  const connectorId = yield* connectedAuth
  const store = yield* StateStore
  const state = store.getSnapshot()
  if (type === "smartAccount") {
    const enabled = yield* smartAccountNetworks
    const network = state.activeNetworks[namespace]
    if (network === undefined || !enabled.includes(Number(network.id))) {
      return yield* new ConnectionError({
        reason: "FailedToConnect",
        details: "Smart accounts are not available on this network"
      })
    }
  }
  const frame = yield* readyFrame
  const answer = yield* frame.request("SET_PREFERRED_ACCOUNT", { type })
  const user = yield* frame.request("GET_USER", {})
  const auth: Partial<AuthConnection> = {
    preferredAccountType: answer.type,
    ...(user.smartAccountDeployed === undefined ? {} : { smartAccountDeployed: user.smartAccountDeployed }),
    user: { ...state.accounts[namespace].user, ...(user.accounts === undefined ? {} : { accounts: user.accounts }) }
  }
  yield* updateAuthConnection(namespace, connectorId, { accounts: [answer.address], auth })
  yield* track("SET_PREFERRED_ACCOUNT_TYPE", {
    accountType: answer.type,
    network: store.getSnapshot().activeNetworks[namespace]?.caipNetworkId
  })
})
