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
