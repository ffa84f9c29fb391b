import * as SubscriptionRef from "effect/SubscriptionRef"
import type { Cell } from "./timings.ts"

/**
 * Views a `SubscriptionRef` as a {@link Cell}; every write is published to its subscribers.
 *
 * @example
 * ```ts
 * import * as Effect from "effect/Effect"
 * import * as SubscriptionRef from "effect/SubscriptionRef"
 * import { cellFromSubscriptionRef, shake } from "./timings.ts"
 * const program = Effect.flatMap(SubscriptionRef.make(false), (ref) => shake(cellFromSubscriptionRef(ref)))
 * ```
 */
export const cellFromSubscriptionRef = <A>(ref: SubscriptionRef.SubscriptionRef<A>): Cell<A> => ({
  get: SubscriptionRef.get(ref),
  set: (value) => SubscriptionRef.set(ref, value),
  update: (f) => SubscriptionRef.update(ref, f),
  modify: (f) => SubscriptionRef.modify(ref, f)
})
