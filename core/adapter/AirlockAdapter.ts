import type * as Layer from "effect/Layer"
import type { ConnectorData } from "../schema/connector.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import type { AdapterContext } from "./AdapterContext.ts"
import type { AdapterImplementation } from "./AdapterImplementation.ts"
import type { CoreServices } from "./CoreServices.ts"

/**
 * A chain adapter as the app passes it to `createAirlock`: which namespaces it serves, how it discovers wallets, and
 * how to fetch its code. `load` is called once, on first need (opening Connect, a connect, a reconnect on start), so
 * an adapter's code is its own chunk; `watchConnectors` is the only part that runs before the first click (EIP-6963
 * announcements arrive with the page), so keep it small. A descriptor with neither only declares the namespace.
 *
 * @example
 * ```ts
 * import type { AirlockAdapter } from "./AirlockAdapter.ts"
 * const evm: AirlockAdapter = { namespace: "eip155", load: async () => ({}) }
 * ```
 */
export interface AirlockAdapter {
  /** The namespace this adapter serves; use `namespaces` for an adapter serving several. */
  readonly namespace?: ChainNamespace | undefined
  readonly namespaces?: ReadonlyArray<ChainNamespace> | undefined
  /**
   * Discovery: calls `onChange` with every connector found so far, now and whenever the list changes; returns the
   * function that stops it. Core checks each connector's URLs (an unsafe icon is dropped) before it reaches state.
   */
  readonly watchConnectors?: ((onChange: (connectors: ReadonlyArray<ConnectorData>) => void) => () => void) | undefined
  /** Fetches the adapter's code; called at most once per client, with the app's project and hosts. */
  readonly load?: ((context: AdapterContext) => Promise<AdapterImplementation>) | undefined
  /**
   * Services the adapter adds to the client's runtime (a relay client, a provider bridge…), built with the client's
   * own services available. Wrap its construction in `Layer.unwrap(Effect.promise(() => import(…)))` to keep its
   * code off the first load.
   */
  readonly layer?: Layer.Layer<never, never, CoreServices> | undefined
}

/**
 * The namespaces an adapter serves.
 *
 * @example
 * ```ts
 * import { adapterNamespaces } from "./AirlockAdapter.ts"
 * adapterNamespaces({ namespaces: ["eip155", "solana"] }) // ["eip155", "solana"]
 * ```
 */
export const adapterNamespaces = (adapter: AirlockAdapter): ReadonlyArray<ChainNamespace> => [
  ...(adapter.namespace === undefined ? [] : [adapter.namespace]),
  ...(adapter.namespaces ?? [])
]
