import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"

/**
 * The client's lifetime: work forked into it (delayed router effects, timers) is interrupted by `client.destroy()`,
 * which disposes the runtime and so closes this scope.
 */
export class ClientScope extends Context.Service<ClientScope, Scope.Scope>()("airlock/ClientScope") {
  static readonly layer = Layer.effect(ClientScope, Effect.scope)
}

/**
 * Runs `effect` in the background of the client: on its runtime (its clock, its services) and in its scope, so
 * `destroy()` interrupts it. For work a flow starts and does not wait for (a balance refresh, a snack's timer).
 * @example
 * ```ts
 * yield* forkInClient(Effect.log("later"))
 * ```
 */
export const forkInClient = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<void, never, R | ClientScope> =>
  ClientScope.use((scope) => Effect.asVoid(Effect.forkIn(effect, scope)))
