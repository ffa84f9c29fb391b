import * as Effect from "effect/Effect"
import { StateStore } from "../../state/StateStore.ts"
import { showSnackMessage } from "../modal/feedback.ts"

/**
 * Whether the multi-wallet functions may run (SPEC §6): with the project's `multiWallet` feature off they show an
 * info message ('Multiple wallets are not enabled for this app…') and do nothing; the caller returns when this is
 * false.
 */
export const multiWalletAllowed = Effect.gen(function* () {
  if ((yield* StateStore).getSnapshot().features.multiWallet) return true
  yield* showSnackMessage({ message: { id: "profileWallets.notEnabled" }, variant: "info" })
  return false
})
