/**
 * The embedded wallet's frame as a contract: its timings, parameters, events and the service's shape. Apart from
 * `Frame.ts` (the tag, which imports the live frame on demand) so that `frameLive.ts` implements it without importing
 * the module that loads it.
 * @module
 */
import type * as Effect from "effect/Effect"
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
 * The frame as an adapter reaches it: the service, and `run`, which runs its effects on the client's runtime (its
 * clock: the 120 s and 3 s limits follow a test's clock too).
 */
export interface FrameClient {
  readonly frame: FrameShape
  readonly run: <A, E>(effect: Effect.Effect<A, E>) => Promise<A>
}
