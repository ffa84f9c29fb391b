import * as Effect from "effect/Effect"
import { StateStore } from "../../state/StateStore.ts"
import { disconnect } from "../connection/disconnect.ts"
import { accountContext, track } from "../events/track.ts"
import { closeModal } from "../modal/settle.ts"
import { switchNetwork } from "../network/switchNetwork.ts"
import { siwxAccount } from "./account.ts"
import { checkAccount } from "./check.ts"
import type { SiwxContext } from "./context.ts"

/**
 * The sign view's Cancel (SPEC §4): an optional sign-in just closes the modal; a required one switches back to the
 * last network this account signed in on, or, with none, disconnects.
 */
export const cancelSignMessage = (context: SiwxContext) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const state = store.getSnapshot()
    const account = siwxAccount(state)
    if (account !== undefined) yield* track("CLICK_CANCEL_SIWX", accountContext(state, account.namespace))
    if (account === undefined || !state.siwx.required || state.siwx.status === "authenticated") {
      return yield* closeModal
    }
    const last = context.lastSigned.get(account.namespace)
    if (last !== undefined && last.caipNetworkId !== account.chainId) {
      const back = yield* switchNetwork(last).pipe(
        Effect.as(true),
        Effect.orElseSucceed(() => false)
      )
      const now = siwxAccount(store.getSnapshot())
      if (back && now !== undefined) {
        yield* checkAccount(context, now)
        if (store.getSnapshot().siwx.status === "authenticated") return yield* closeModal
      }
    }
    yield* disconnect(account.namespace)
  }).pipe(Effect.withSpan("siwx.cancelSignMessage"))
