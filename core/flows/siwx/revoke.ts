import * as Effect from "effect/Effect"
import { ChainError, SiwxError } from "../../errors/catalogue.ts"
import { errorMessage } from "../../rules/walletErrors.ts"
import { StateStore } from "../../state/StateStore.ts"
import { siwxAccount } from "./account.ts"
import type { SiwxContext } from "./context.ts"
import { appCall, setSiwx } from "./session.ts"

/** Signs the active account out on its network (the app's `revokeSession`); the wallet stays connected. */
export const revokeActiveSession = (context: SiwxContext) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const account = siwxAccount(store.getSnapshot())
    if (account === undefined) return yield* new ChainError({ reason: "NoActiveCaipAddress" })
    yield* appCall(() => context.config.revokeSession(account.chainId, account.address)).pipe(
      Effect.mapError((cause) => new SiwxError({ reason: "SignFailed", details: errorMessage(cause) }))
    )
    context.lastSigned.delete(account.namespace)
    yield* setSiwx((siwx) => ({ ...siwx, status: "unauthenticated", session: undefined }))
  }).pipe(Effect.withSpan("siwx.revokeActiveSession"))
