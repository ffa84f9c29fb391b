import type { AirlockAdapter } from "../../adapter/AirlockAdapter.ts"
import type { AdapterRegistry } from "../../adapter/adapterRegistry.ts"
import type { Connector } from "../../schema/connector.ts"
import { sanitizeConnector } from "../../schema/sanitizeConnector.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { withExplorerIds } from "../../state/explorerIds.ts"
import type { Store } from "../../state/Store.ts"

/**
 * Starts connector discovery (from `createAirlock`: EIP-6963 announcements and Wallet Standard registrations come
 * with the page): each adapter's connectors replace its previous ones in the state, after their URLs are checked, and
 * the registry learns which adapter serves each. When the registry's wallet lists arrive, the browser wallets are
 * matched to their listings again. Returns the function that stops it all; an adapter whose discovery throws is
 * skipped with a warning.
 */
export const startDiscovery = (
  adapters: ReadonlyArray<AirlockAdapter>,
  store: Store<AirlockState>,
  registry: Pick<AdapterRegistry, "own">
): (() => void) => {
  const stops: Array<() => void> = []
  const discovered = new Map<AirlockAdapter, ReadonlyArray<Connector>>()
  for (const adapter of adapters) {
    const watchConnectors = adapter?.watchConnectors
    if (watchConnectors === undefined) continue
    try {
      const stop = watchConnectors((connectors) => {
        discovered.set(adapter, connectors.map(sanitizeConnector))
        registry.own(
          adapter,
          connectors.map((c) => c.id)
        )
        const all = [...discovered.values()].flat()
        store.update((state) => ({
          ...state,
          connectors: withExplorerIds(
            [...state.connectors.filter((c) => c.type === "AUTH" && !all.some((d) => d.id === c.id)), ...all],
            state.wallets
          ),
          hasInjectedWallet: all.some((c) => c.type === "INJECTED" || c.type === "ANNOUNCED")
        }))
      })
      stops.push(stop)
    } catch (error) {
      console.warn("Airlock: an adapter's wallet discovery failed", error)
    }
  }
  stops.push(
    store.watch(
      (state) => state.wallets,
      () =>
        store.update((state) => {
          const connectors = withExplorerIds(state.connectors, state.wallets)
          return connectors === state.connectors ? state : { ...state, connectors }
        })
    )
  )
  return () => {
    for (const stop of stops) stop()
  }
}
