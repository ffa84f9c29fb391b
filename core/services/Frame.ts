/**
 * The embedded wallet's hidden iframe (docs/frame-protocol.md): one frame from the configured secure origin, every
 * message both ways checked by `core/schema/frame.ts`, replies matched to requests by id. This module is the tag; the
 * layer that provides it (`core/client/frameLayer.ts`) fetches the implementation on demand, never on the first load.
 * @module
 */
import * as Context from "effect/Context"
import type { FrameShape } from "./FrameShape.ts"

/**
 * The embedded wallet's frame. Messages are accepted only from the secure origin (`endpoints.frame`) and the frame's
 * own window (a `SOCIAL_RESULT`: from the secure origin while a social login waits), and only when they decode;
 * anything else is ignored with a console warning.
 *
 * @example
 * ```ts
 * const user = Effect.gen(function* () {
 *   const frame = yield* Frame
 *   yield* frame.ensureFrame({ chainId: 1, rpcUrl: "http://127.0.0.1:8545" })
 *   yield* frame.request("CONNECT_EMAIL", { email: "ada@example.com" })
 *   return yield* frame.request("GET_USER", {})
 * })
 * ```
 */
export class Frame extends Context.Service<Frame, FrameShape>()("airlock/Frame") {}
