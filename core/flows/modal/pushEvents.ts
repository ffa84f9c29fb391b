import * as Effect from "effect/Effect"
import type { View } from "../../router/views.ts"
import { StateStore } from "../../state/StateStore.ts"
import { isSmartAccount, track } from "../events/track.ts"

/**
 * The event a view's push reports, under AppKit's name for the same click: All Wallets (`CLICK_ALL_WALLETS`), the
 * network list (`CLICK_NETWORKS`), Send (`OPEN_SEND`) and Swap (`OPEN_SWAP`, with the account's network and type).
 * Other views report nothing on their push (their flows report what happens in them). The client calls it for a push
 * that showed the view (not one refused because its feature is off).
 */
export const trackPush = (view: View) =>
  Effect.gen(function* () {
    const state = (yield* StateStore).getSnapshot()
    if (view === "AllWallets") return yield* track("CLICK_ALL_WALLETS")
    if (view === "Networks") return yield* track("CLICK_NETWORKS")
    if (view !== "Send" && view !== "Swap") return
    const namespace = state.activeNamespace ?? "eip155"
    const context = {
      network: state.activeNetworks[namespace]?.caipNetworkId,
      isSmartAccount: isSmartAccount(state, namespace)
    }
    yield* track(view === "Send" ? "OPEN_SEND" : "OPEN_SWAP", context)
  })
