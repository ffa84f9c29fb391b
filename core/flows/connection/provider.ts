import * as Effect from "effect/Effect"
import { Adapters } from "../../adapter/Adapters.ts"
import type { CoreServices } from "../../adapter/CoreServices.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import { StateStore } from "../../state/StateStore.ts"
import { authProvider } from "../approval/provider.ts"
import { bringWalletForward, withWalletForward } from "./forward.ts"

/**
 * The live object of `namespace`'s active connection, for libraries that speak to the wallet directly (an EIP-1193
 * provider for viem): `undefined` while disconnected. A wallet core asks the user for (`approveInModal`: the
 * embedded wallet) gets core's own provider over `client.request`, so its requests pass ApproveTransaction too; a
 * WalletConnect wallet's provider brings the phone wallet forward before each signing request, as `request` does.
 */
export const getProvider = Effect.fn("getProvider")(function* (
  namespace: ChainNamespace,
  client: Parameters<typeof authProvider>[0]
) {
  const state = (yield* StateStore).getSnapshot()
  const connectorId = state.activeConnectorIds[namespace]
  if (connectorId === undefined) return undefined
  const implementation = yield* (yield* Adapters).loadFor(connectorId, namespace)
  if (implementation?.approveInModal === true) return authProvider(client, namespace)
  const provider = yield* Effect.promise(async () => implementation?.getProvider?.(connectorId))
  if (state.connectors.find((c) => c.id === connectorId)?.type !== "WALLET_CONNECT") return provider
  const context = yield* Effect.context<CoreServices>()
  return withWalletForward(provider, (method) =>
    Effect.runPromiseWith(context)(bringWalletForward(method, connectorId))
  )
})
