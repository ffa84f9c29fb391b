/**
 * The `Adapters` service's layer: in core's lazy part (the runtime is built over it), so its code is off the first load.
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { ChainNamespace } from "../schema/namespace.ts"
import type { AdapterLoadError } from "./AdapterLoadError.ts"
import { type AdapterLoader, Adapters } from "./Adapters.ts"

/**
 * The service over a registry; stops every listener when the client's runtime ends.
 * @example
 * ```ts
 * import { makeAdapterRegistry } from "./adapterRegistry.ts"
 * const layer = adaptersLayer(makeAdapterRegistry([]))
 * ```
 */
export const adaptersLayer = (registry: AdapterLoader): Layer.Layer<Adapters> =>
  Layer.effect(
    Adapters,
    Effect.gen(function* () {
      const listeners = new Map<string, () => void>()
      const approvals = new Map<string, (approved: boolean) => void>()
      const prepared = new Map<string, ChainNamespace>()
      yield* Effect.addFinalizer(() =>
        Effect.sync(() => {
          for (const stop of listeners.values()) stop()
          listeners.clear()
          for (const answer of approvals.values()) answer(false)
          approvals.clear()
          // A pairing made in advance is given up with the client (its code is loaded: it was asked to prepare).
          for (const [connectorId, namespace] of prepared) {
            registry.loadFor(connectorId, namespace).then(
              (implementation) => implementation?.cancelConnect?.(connectorId),
              () => undefined
            )
          }
          prepared.clear()
        })
      )
      return Adapters.of({
        load: (namespace) =>
          Effect.tryPromise({
            try: () => registry.load(namespace),
            catch: (error) => error as AdapterLoadError
          }),
        loadFor: (connectorId, namespace) =>
          Effect.tryPromise({
            try: () => registry.loadFor(connectorId, namespace),
            catch: (error) => error as AdapterLoadError
          }),
        listeners,
        approvals,
        prepared
      })
    })
  )
