/**
 * The embedded wallet's hidden iframe (docs/frame-protocol.md): one frame from the configured secure origin, every
 * message both ways checked by `core/schema/frame.ts`, replies matched to requests by id. Loaded on demand by the
 * embedded adapter (`import()`), never on the first load.
 * @module
 */
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type { FrameClient } from "../client/AirlockAdapter.ts"
import type { AlertError } from "../errors/alerts.ts"
import type { FrameError } from "../errors/catalogue.ts"
import type { FrameAction, FrameRequestPayload, FrameSuccessPayload } from "../schema/frame.ts"

/**
 * The frame's timings in ms (SPEC §9): `READY` within `ready` or the load alert shows; `initialised` after `READY`;
 * a reply within `request`; sign-out waits at most `signOut`.
 * @example
 * ```ts
 * const seconds = frameTimings.request / 1000 // 120
 * ```
 */
export const frameTimings = { ready: 20_000, initialised: 500, request: 120_000, signOut: 3_000 } as const

/** The frame's SPEC §7 query parameters besides `projectId` and `version`, which come from the client's config. */
export interface FrameParams {
  /** The active EVM chain id (a number), or a CAIP-2 id for another namespace. */
  readonly chainId: number | string
  /** The active network's RPC URL. */
  readonly rpcUrl: string
  /** @default false */
  readonly enableLogger?: boolean | undefined
  /** Sent only when true. @default false */
  readonly enableCloudAuthAccount?: boolean | undefined
}

/**
 * Where the frame is: not created, waiting for `READY`, ready (the 500 ms have not passed), initialised, or failed
 * (no `READY` within 20 s; a late `READY` still makes it ready).
 */
export type FrameStatus = "absent" | "loading" | "ready" | "initialised" | "failed"

/** What the frame says unasked: the login changed inside it, or the social popup brought a result back. */
export type FrameEvent =
  | { readonly type: "SESSION_UPDATE"; readonly isConnected: boolean }
  | { readonly type: "SOCIAL_RESULT"; readonly uri: string }

/** The payload argument of {@link FrameShape.request}: none for an action that takes none. */
export type FramePayloadArgs<A extends FrameAction> = [FrameRequestPayload<A>] extends [undefined]
  ? []
  : [payload: FrameRequestPayload<A>]

/** The embedded wallet's frame, as the embedded adapter drives it. */
export interface FrameShape {
  /**
   * Creates the hidden iframe, once: `<endpoints.frame>/sdk` with SPEC §7's query parameters. Later calls do nothing.
   * Fails with `W3mFrame: iframe is not set` where there is no document or no `endpoints.frame`.
   */
  ensureFrame(params: FrameParams): Effect.Effect<void, FrameError>
  /**
   * Succeeds once the frame is initialised (500 ms after its `READY`). Fails with the Wallet Load Failed alert
   * (APKT003) when no `READY` came within 20 s of its creation, and with `W3mFrame: iframe is not set` before
   * {@link FrameShape.ensureFrame}.
   */
  readonly ready: Effect.Effect<void, FrameError | AlertError>
  /** Where the frame is now. */
  status(): FrameStatus
  /**
   * Sends one action once the frame is initialised and waits for its reply: the success payload, or a `FrameError`
   * with the frame's message. No reply within 120 s fails with the Wallet Request Timeout alert (APKT004), shown too.
   */
  request<A extends FrameAction>(
    action: A,
    ...payload: FramePayloadArgs<A>
  ): Effect.Effect<FrameSuccessPayload<A>, FrameError | AlertError>
  /** Fails every pending `RPC_REQUEST` with `Request was aborted` and tells the frame (`RPC_ABORT`). */
  readonly abort: Effect.Effect<void>
  /** Asks the frame to sign out; never fails, and returns after 3 s at most, answered or not. */
  readonly signOut: Effect.Effect<void>
  /**
   * Waits for the social popup's `SOCIAL_RESULT` (from the secure origin and, when given, from `popup`) and gives
   * its URL. The message is accepted only while such a wait runs.
   */
  socialResult(popup?: Window): Effect.Effect<string>
  /** Calls `listener` with each `SESSION_UPDATE` and accepted `SOCIAL_RESULT`; returns the unsubscribe. */
  subscribe(listener: (event: FrameEvent) => void): () => void
}

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
export class Frame extends Context.Service<Frame, FrameShape>()("airlock/Frame") {
  /**
   * The frame in the page's document, over `ClientConfig`, `Platform` and the alerts of `StateStore`. Its code
   * (`frameLive.ts`) is fetched when the layer is built, so importing this module costs the first load nothing.
   */
  static readonly layer = Layer.unwrap(
    Effect.promise(() => import("./frameLive.ts")).pipe(Effect.map((m) => Layer.effect(Frame, m.makeFrame)))
  )
}

/**
 * The client's frame as adapters reach it (`AdapterContext.frame`): the service and a runner on the client's runtime;
 * `undefined` when no adapter added the Frame layer.
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
