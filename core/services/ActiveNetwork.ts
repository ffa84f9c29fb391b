import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { CaipNetworkId } from "../schema/network.ts"

/** Reads the network the user is on now. */
export interface ActiveNetworkShape {
  /** The active network's CAIP id, or `undefined` when none is selected. */
  readonly get: Effect.Effect<CaipNetworkId | undefined>
}

/**
 * The active network, as the services that must check it see it (the blockchain API serves only supported networks).
 * The client wires it to its network state; tests pin it.
 * @example
 * ```ts
 * import { CaipNetworkId } from "../schema/network.ts"
 * Effect.provide(ActiveNetwork.layerFixed(CaipNetworkId.make("eip155:1")))
 * ```
 */
export class ActiveNetwork extends Context.Service<ActiveNetwork, ActiveNetworkShape>()("airlock/ActiveNetwork") {
  /**
   * Reads the active network with the given effect, e.g. a `SubscriptionRef.get` of the network slice.
   * @example
   * ```ts
   * import * as SubscriptionRef from "effect/SubscriptionRef"
   * import type { CaipNetwork } from "../schema/network.ts"
   * const networkRef = yield* SubscriptionRef.make<CaipNetwork | undefined>(undefined)
   * const layer = ActiveNetwork.layer(Effect.map(SubscriptionRef.get(networkRef), (n) => n?.caipNetworkId))
   * ```
   */
  static readonly layer = (get: Effect.Effect<CaipNetworkId | undefined>): Layer.Layer<ActiveNetwork> =>
    Layer.succeed(ActiveNetwork, ActiveNetwork.of({ get }))

  /**
   * Always the same network (or none).
   * @example
   * ```ts
   * ActiveNetwork.layerFixed(undefined) // no network selected
   * ```
   */
  static readonly layerFixed = (id: CaipNetworkId | undefined): Layer.Layer<ActiveNetwork> =>
    ActiveNetwork.layer(Effect.succeed(id))
}
