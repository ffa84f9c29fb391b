import * as Context from "effect/Context"
import * as Layer from "effect/Layer"
import type { AirlockState } from "./AirlockState.ts"
import type { Store } from "./Store.ts"

/** The client's one state store, shared by every flow and read by renderers. */
export class StateStore extends Context.Service<StateStore, Store<AirlockState>>()("airlock/StateStore") {
  static readonly layer = (store: Store<AirlockState>) => Layer.succeed(StateStore, store)
}
