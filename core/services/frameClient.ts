import * as Effect from "effect/Effect"
import { Frame } from "./Frame.ts"
import type { FrameClient } from "./FrameShape.ts"

/**
 * The client's frame as adapters reach it (`AdapterContext.frame`): the service and a runner on the client's runtime;
 * `undefined` when no adapter added the Frame layer. The client reaches it through its lazy part (`client/lazy.ts`).
 * @example
 * ```ts
 * const client = await frameClient(airlock.runtime) // undefined without `embedded()`
 * ```
 */
export const frameClient = (runtime: {
  runPromise<A, E>(effect: Effect.Effect<A, E>): Promise<A>
}): Promise<FrameClient | undefined> =>
  runtime
    .runPromise(Effect.serviceOption(Frame))
    .then((found) =>
      found._tag === "Some" ? { frame: found.value, run: (effect) => runtime.runPromise(effect) } : undefined
    )
