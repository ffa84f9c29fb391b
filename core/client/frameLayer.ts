/**
 * The embedded wallet's frame as a service of the client's runtime: `embedded()` adds this layer. Building it fetches
 * the embedded wallet's part of core (`./embedded.ts`: the live frame and the login flows), so importing this module
 * costs the first load nothing.
 *
 * A module of its own, not a static member of the `Frame` tag (as other services' layers are): the flows, the
 * client's frame lookup and the live frame import the tag, and none of them may lead to the `import()` of a lazy part
 * (each lazy part imports core's kernel, which reaches them: that would be an import circle).
 * @module
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { Frame } from "../services/Frame.ts"

/**
 * The frame in the page's document, over `ClientConfig`, `Platform` and the alerts of `StateStore`.
 * @example
 * ```ts
 * import type { AirlockAdapter } from "../adapter/AirlockAdapter.ts"
 * declare const adapter: AirlockAdapter
 * const withFrame: AirlockAdapter = { ...adapter, layer: frameLayer }
 * ```
 */
export const frameLayer = Layer.unwrap(
  Effect.promise(() => import("./embedded.ts")).pipe(Effect.map((m) => Layer.effect(Frame, m.makeFrame)))
)
