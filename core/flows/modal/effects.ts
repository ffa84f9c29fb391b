import * as Effect from "effect/Effect"
import type { AdapterLoadError } from "../../adapter/AdapterLoadError.ts"
import { Adapters } from "../../adapter/Adapters.ts"
import type { ChainError, ConnectionError } from "../../errors/catalogue.ts"
import { type RouterEffectHandlers, type RouterResult, runRouterEffects } from "../../router/index.ts"
import type { Analytics } from "../../services/Analytics.ts"
import type { BlockchainApi } from "../../services/BlockchainApi.ts"
import type { Options } from "../../services/Options.ts"
import type { Storage } from "../../services/Storage.ts"
import { ClientScope } from "../../state/ClientScope.ts"
import { StateStore } from "../../state/StateStore.ts"
import { switchNamespace } from "../network/switchNetwork.ts"

const reloadAuthConnector = Effect.gen(function* () {
  const store = yield* StateStore
  const adapters = yield* Adapters
  for (const connector of store.getSnapshot().connectors) {
    if (connector.type !== "AUTH") continue
    const implementation = yield* adapters.loadFor(connector.id, connector.chain)
    const reload = implementation?.reloadConnector
    if (reload !== undefined) yield* Effect.promise(async () => reload(connector.id))
  }
}).pipe(Effect.catch((error) => Effect.logWarning("Airlock: the auth connector did not reload", error)))

const clearFarcasterUrl = Effect.gen(function* () {
  const store = yield* StateStore
  store.update((state) => {
    const namespace = state.activeNamespace
    if (namespace === undefined || state.accounts[namespace].farcasterUrl === undefined) return state
    const { farcasterUrl: _, ...account } = state.accounts[namespace]
    return { ...state, accounts: { ...state.accounts, [namespace]: account } }
  })
})

export const handlers: RouterEffectHandlers<
  ChainError | ConnectionError | AdapterLoadError,
  StateStore | Storage | Adapters | BlockchainApi | Analytics | ClientScope | Options
> = {
  switchNamespace,
  clearFarcasterUrl,
  reloadAuthConnector
}

/** Applies a router transition and runs its effects; delayed effects run in the background. */
export const apply = (result: RouterResult) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    store.update((state) => (state.modal === result.state ? state : { ...state, modal: result.state }))
    if (result.effects.length === 0) return
    const [now, later] = [
      result.effects.filter((e) => e._tag !== "ReloadAuthConnector"),
      result.effects.filter((e) => e._tag === "ReloadAuthConnector")
    ]
    yield* runRouterEffects(now, handlers)
    if (later.length > 0) yield* Effect.forkIn(runRouterEffects(later, handlers), yield* ClientScope)
  })
