import type { ChainNamespace } from "../schema/namespace.ts"
import type { AdapterContext } from "./AdapterContext.ts"
import type { AdapterImplementation } from "./AdapterImplementation.ts"
import { AdapterLoadError } from "./AdapterLoadError.ts"
import type { AdapterLoader } from "./Adapters.ts"
import { type AirlockAdapter, adapterNamespaces } from "./AirlockAdapter.ts"

/** Loads each adapter's code once, on first need, and hands out the cached implementation. */
export interface AdapterRegistry extends AdapterLoader {
  /** The adapter serving `namespace`, loaded (once); `undefined` when no adapter serves it or it has no `load`. */
  load(namespace: ChainNamespace): Promise<AdapterImplementation | undefined>
  /** Loads every adapter (e.g. before a reconnect on start). */
  loadAll(): Promise<ReadonlyArray<AdapterImplementation>>
  /**
   * The adapter that discovered `connectorId` (several adapters may serve one namespace: EVM and WalletConnect),
   * loaded; falls back to the first adapter serving `namespace`.
   */
  loadFor(connectorId: string, namespace: ChainNamespace): Promise<AdapterImplementation | undefined>
  /** Records which adapter discovered these connectors (core's discovery calls it). */
  own(adapter: AirlockAdapter, connectorIds: ReadonlyArray<string>): void
}

/**
 * Creates the registry over the app's adapter descriptors. A failed load is not cached, so the next need retries.
 *
 * @example
 * ```ts
 * import { makeAdapterRegistry } from "./adapterRegistry.ts"
 * const registry = makeAdapterRegistry([{ namespace: "eip155", load: async () => ({}) }])
 * await registry.load("eip155")
 * ```
 */
export const makeAdapterRegistry = (
  adapters: ReadonlyArray<AirlockAdapter>,
  context: AdapterContext = { projectId: undefined, endpoints: { walletApi: "", blockchainApi: "" } }
): AdapterRegistry => {
  const loaded = new Map<AirlockAdapter, Promise<AdapterImplementation>>()
  const loadOne = (adapter: AirlockAdapter, namespace: string): Promise<AdapterImplementation> | undefined => {
    const { load } = adapter
    if (load === undefined) return undefined
    const cached = loaded.get(adapter)
    if (cached !== undefined) return cached
    const pending = Promise.resolve()
      .then(() => load(context))
      .then(
        (implementation) => implementation,
        (cause: unknown) => {
          loaded.delete(adapter)
          throw new AdapterLoadError({ reason: "LoadFailed", params: { namespace }, cause })
        }
      )
    loaded.set(adapter, pending)
    return pending
  }
  const owners = new Map<string, AirlockAdapter>()
  const load = async (namespace: ChainNamespace) => {
    const adapter = adapters.find((a) => adapterNamespaces(a).includes(namespace))
    return adapter === undefined ? undefined : loadOne(adapter, namespace)
  }
  return {
    load,
    loadFor: async (connectorId, namespace) => {
      const owner = owners.get(connectorId)
      return owner === undefined ? load(namespace) : loadOne(owner, namespace)
    },
    own: (adapter, connectorIds) => {
      for (const id of connectorIds) owners.set(id, adapter)
    },
    loadAll: async () => {
      const all = adapters.map((a) => loadOne(a, adapterNamespaces(a).join(", ")))
      return Promise.all(all.filter((p) => p !== undefined))
    }
  }
}
