import * as Effect from "effect/Effect"
import { Adapters } from "../../adapter/Adapters.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { StateStore } from "../../state/StateStore.ts"
import { track } from "../events/track.ts"
import { endConnection } from "./end.ts"

/**
 * Asks the namespace's wallets to end their connections (revoking where they can): the active one's, and with
 * multi-wallet every other listed one's; a failure is only a warning.
 */
export const disconnectWallet = (namespace: ChainNamespace) =>
  Effect.gen(function* () {
    const state = (yield* StateStore).getSnapshot()
    const active = state.activeConnectorIds[namespace]
    const listed = (state.connections[namespace] ?? []).map((c) => c.connectorId).filter((id) => id !== active)
    const ids = active === undefined ? listed : [active, ...listed]
    yield* Effect.forEach(
      ids,
      (connectorId) =>
        Effect.gen(function* () {
          const implementation = yield* (yield* Adapters).loadFor(connectorId, namespace)
          const disconnectIt = implementation?.disconnect
          if (disconnectIt !== undefined) yield* Effect.tryPromise(() => disconnectIt({ connectorId, namespace }))
        }).pipe(
          Effect.catch((error) =>
            Effect.andThen(
              Effect.logWarning("Airlock: the wallet did not confirm the disconnect", error),
              track("DISCONNECT_ERROR", { namespace, message: error instanceof Error ? error.message : String(error) })
            )
          )
        ),
      { concurrency: "unbounded", discard: true }
    )
  })

/**
 * The namespaces a disconnect of `namespace` ends: itself, and when its connection is a WalletConnect session or the
 * embedded wallet's login (AUTH: one login serves EVM and Solana), every other namespace it serves (the session is one
 * thing in the wallet too, so it ends whole).
 */
export const sessionNamespaces = (state: AirlockState, namespace: ChainNamespace): ReadonlyArray<ChainNamespace> => {
  const connectorId = state.activeConnectorIds[namespace]
  const connector = state.connectors.find((c) => c.id === connectorId)
  if (connectorId === undefined || (connector?.type !== "WALLET_CONNECT" && connector?.type !== "AUTH"))
    return [namespace]
  const others = (Object.keys(state.activeConnectorIds) as Array<ChainNamespace>).filter(
    (ns) => ns !== namespace && state.activeConnectorIds[ns] === connectorId
  )
  return [namespace, ...others]
}

/**
 * Disconnects one namespace (with the other namespaces of its WalletConnect session), or every namespace that is not
 * already disconnected; every connection of the namespace ends (multi-wallet: the listed ones too). The stored status follows; an open modal closes (embedded mode shows Connect).
 */
export const disconnect = Effect.fn("disconnect")(function* (namespace?: ChainNamespace) {
  const store = yield* StateStore
  const before = store.getSnapshot()
  const namespaces =
    namespace === undefined
      ? (Object.keys(before.accounts) as Array<ChainNamespace>).filter(
          (ns) => before.accounts[ns].status !== "disconnected"
        )
      : sessionNamespaces(before, namespace)
  // The wallets first (revoking where they can), so none keeps the app's access; a wallet that fails is a warning.
  yield* Effect.forEach(namespaces, disconnectWallet, { concurrency: "unbounded", discard: true })
  for (const ns of namespaces) yield* endConnection(ns, "any")
  if (namespaces.length > 0) yield* track("DISCONNECT_SUCCESS", { namespace: namespace ?? "all" })
})
