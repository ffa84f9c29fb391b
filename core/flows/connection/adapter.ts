import * as Effect from "effect/Effect"
import { Adapters } from "../../adapter/Adapters.ts"
import { ConnectionError } from "../../errors/catalogue.ts"
import { errorCode, errorMessage, USER_REJECTED } from "../../rules/walletErrors.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import type { CaipNetwork } from "../../schema/network.ts"
import type { AirlockState } from "../../state/AirlockState.ts"

/** A wallet's refusal or failure as the error the user sees: 'Connection rejected' or 'Failed to connect'. */
export const toConnectionError = (error: unknown): ConnectionError =>
  error instanceof ConnectionError
    ? error
    : new ConnectionError({
        reason: errorCode(error) === USER_REJECTED ? "ConnectionRejected" : "FailedToConnect",
        details: errorMessage(error),
        cause: error
      })

export const implementationOf = Effect.fn("implementationOf")(function* (
  connectorId: string,
  namespace: ChainNamespace
) {
  const implementation = yield* (yield* Adapters).loadFor(connectorId, namespace)
  if (implementation === undefined) {
    return yield* new ConnectionError({ reason: "AdapterNotFound", params: { namespace } })
  }
  return implementation
})

/**
 * The network a connect in `namespace` asks the wallet for unless told otherwise: the namespace's active network,
 * else the app's first one of the namespace.
 */
export const connectNetworkOf = (state: AirlockState, namespace: ChainNamespace): CaipNetwork | undefined =>
  state.activeNetworks[namespace] ?? state.networks.find((n) => n.chainNamespace === namespace)
