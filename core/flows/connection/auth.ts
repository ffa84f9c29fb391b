import * as Effect from "effect/Effect"
import type { AuthConnection } from "../../adapter/AdapterImplementation.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import { forkInClient } from "../../state/ClientScope.ts"
import { StateStore } from "../../state/StateStore.ts"
import { refreshBalance } from "../account/balance.ts"
import { refreshIdentity } from "../account/identity.ts"
import { applyConnection, authOf } from "./apply.ts"

/**
 * Writes what an embedded wallet changed about its login (the active account type, a deployed smart account, a new
 * email) over the namespace's connection through `connectorId`: the accounts when given, else the login's fields.
 */
export const updateAuthConnection = (
  namespace: ChainNamespace,
  connectorId: string,
  update: { readonly accounts?: ReadonlyArray<string> | undefined; readonly auth: Partial<AuthConnection> }
) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const state = store.getSnapshot()
    if (state.activeConnectorIds[namespace] !== connectorId) return
    const before = authOf(state, namespace, connectorId)
    const auth: AuthConnection = { ...before, ...update.auth, user: update.auth.user ?? before?.user ?? {} }
    const accounts =
      update.accounts ??
      (state.accounts[namespace].address === undefined ? [] : [state.accounts[namespace].address as string])
    store.update((s) => applyConnection(s, namespace, { connectorId, accounts, chainId: undefined, auth }, false))
    if (update.accounts !== undefined && update.accounts[0] !== state.accounts[namespace].address) {
      yield* forkInClient(Effect.all([refreshBalance(namespace), refreshIdentity(namespace)], { discard: true }))
    }
  })
