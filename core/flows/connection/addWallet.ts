import * as Effect from "effect/Effect"
import { push } from "../../router/index.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import { StateStore } from "../../state/StateStore.ts"
import { switchNetwork } from "../network/switchNetwork.ts"
import { multiWalletAllowed } from "./multiWallet.ts"

/**
 * "Add wallet" (multi-wallet): shows Connect over the open modal (opening it if needed) for `namespace` (default the
 * active one; another one becomes the active namespace first, on its active or first network, so Connect offers its
 * wallets). A connection made from there, when ProfileWallets is below, returns to ProfileWallets (the views the
 * login pushed go). With the project's `multiWallet` off it shows the feature's info message and does nothing.
 */
export const addWallet = Effect.fn("addWallet")(function* (namespace?: ChainNamespace) {
  if (!(yield* multiWalletAllowed)) return
  const store = yield* StateStore
  const state = store.getSnapshot()
  if (namespace !== undefined && namespace !== state.activeNamespace) {
    const network = state.activeNetworks[namespace] ?? state.networks.find((n) => n.chainNamespace === namespace)
    if (network !== undefined) yield* switchNetwork(network)
  }
  store.update((s) => ({ ...s, modal: push(s.modal.open ? s.modal : { ...s.modal, open: true }, "Connect") }))
})
