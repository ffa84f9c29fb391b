import * as Effect from "effect/Effect"
import { Adapters } from "../../adapter/Adapters.ts"
import { SendError } from "../../errors/catalogue.ts"
import type { SendPreview } from "../../rules/send.ts"
import { errorCode, USER_REJECTED } from "../../rules/walletErrors.ts"
import { StateStore } from "../../state/StateStore.ts"
import { fetchActivity } from "../account/activity.ts"
import { refreshBalance } from "../account/balance.ts"
import { request } from "../connection/request.ts"
import { isSmartAccount, track } from "../events/track.ts"
import { failed, messageOf } from "./errors.ts"

/**
 * Sends a prepared transfer through the namespace's connection, waits until it is final, then refetches the
 * balances and the history (forced: the API's caches are skipped). Resolves the transaction hash or signature.
 */
export const executeSend = (preview: SendPreview) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const network = store.getSnapshot().activeNetworks[preview.namespace]
    if (network?.caipNetworkId !== preview.caipNetworkId) {
      return yield* new SendError({ reason: "NetworkChanged" })
    }
    const properties = {
      network: preview.caipNetworkId,
      isSmartAccount: isSmartAccount(store.getSnapshot(), preview.namespace),
      token: preview.token.symbol,
      amount: preview.amount
    }
    yield* track("SEND_INITIATED", properties)
    // The preview the user confirmed is the approval: an embedded wallet does not ask again.
    const result = yield* request(preview.request, preview.namespace, { approved: true }).pipe(
      Effect.mapError((error) =>
        errorCode(error) === USER_REJECTED ? new SendError({ reason: "Rejected" }) : failed(messageOf(error))
      ),
      Effect.tapError((error) => track("SEND_ERROR", { ...properties, message: error.shortMessage }))
    )
    const implementation = yield* (yield* Adapters).load(preview.namespace)
    const confirm = implementation?.confirmTransfer
    const hash =
      confirm === undefined
        ? String(result)
        : yield* Effect.tryPromise({
            try: () => confirm({ result, network }),
            catch: (error) => failed(messageOf(error))
          }).pipe(Effect.tapError((error) => track("SEND_ERROR", { ...properties, message: error.shortMessage })))
    yield* track("SEND_SUCCESS", properties)
    yield* refreshBalance(preview.namespace, { force: true })
    yield* fetchActivity(preview.namespace, { force: true })
    return { hash }
  })
