import type * as Layer from "effect/Layer"
import type { ChainNamespace } from "../schema/namespace.ts"
import type { CoreServices } from "./types.ts"

/**
 * What an adapter's code provides once loaded. Minimal today; the connection issue adds `connect`, `reconnect`,
 * `disconnect`, `switchNetwork`, `request` and events. Every member is optional so an EIP-1193 bridge, WalletConnect,
 * Wallet Standard or an iframe-backed wallet implements only what it has.
 *
 * @example
 * ```ts
 * import type { AdapterImplementation } from "./AirlockAdapter.ts"
 * const implementation: AdapterImplementation = {}
 * ```
 */
export interface AdapterImplementation {
  /** A name for logs and errors, e.g. "EIP-1193". */
  readonly name?: string | undefined
}

/**
 * A chain adapter as the app passes it to `createAirlock`: which namespaces it serves, and how to fetch its code.
 * `load` is called once, on first need (opening Connect, a connect, a reconnect on start), so an adapter's code is
 * its own chunk. A descriptor without `load` only declares the namespace.
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
  /** Fetches the adapter's code; called at most once per client. */
  readonly load?: (() => Promise<AdapterImplementation>) | undefined
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
