/**
 * The Frame service's implementation (see `Frame.ts` for its contract and docs/frame-protocol.md for the messages):
 * the iframe, the one `message` listener that checks origin, window, size and schema, the pending requests by id,
 * and the timings on Effect's `Clock`.
 * @module
 */
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import { AlertError } from "../errors/alerts.ts"
import { FrameError } from "../errors/catalogue.ts"
import {
  appMessagePrefix,
  type FrameAction,
  type FrameSuccessPayload,
  frameMessageData,
  frameMessageLimit,
  frameMessagePrefix
} from "../schema/frame.ts"
import { StateStore } from "../state/StateStore.ts"
import { showAlert } from "../state/showAlert.ts"
import { ClientConfig } from "./ClientConfig.ts"
import { type FrameEvent, type FrameParams, type FrameShape, type FrameStatus, frameTimings } from "./FrameShape.ts"
import { claimedType, decodeAppMessage, decodeFrameMessage, frameUrl, newId, replyError } from "./frameMessages.ts"
import { Platform } from "./Platform.ts"

interface Pending {
  readonly action: FrameAction
  readonly deferred: Deferred.Deferred<unknown, FrameError>
}

interface Loaded {
  readonly element: HTMLIFrameElement
  readonly origin: string
  /** `READY` arrived. */
  readonly received: Deferred.Deferred<void>
  /** `READY` arrived within 20 s, or not (the load alert). */
  readonly loaded: Deferred.Deferred<void, AlertError>
  /** 500 ms after `READY`. */
  readonly initialised: Deferred.Deferred<void>
}

/**
 * The frame service over the page of `Platform`: what `Frame.layer` provides. Its scope holds the iframe, the
 * `message` listener and the load timer.
 * @example
 * ```ts
 * import { Frame } from "./Frame.ts"
 * const layer = Layer.effect(Frame, makeFrame)
 * ```
 */
export const makeFrame = Effect.gen(function* () {
  const config = yield* ClientConfig
  const platform = yield* Platform
  const store = yield* StateStore
  const scope = yield* Effect.scope
  const context = yield* Effect.context<never>()
  const run = Effect.runSyncWith(context)

  let frame: Loaded | undefined
  const requests = new Map<string, Pending>()
  const socialWaiters = new Set<{ readonly popup: Window | undefined; readonly deferred: Deferred.Deferred<string> }>()
  const listeners = new Set<(event: FrameEvent) => void>()

  const warn = (text: string) => run(Effect.logWarning(`Airlock: ${text}`))
  const emit = (event: FrameEvent) => {
    for (const listener of listeners) {
      try {
        listener(event)
      } catch (error) {
        run(Effect.logWarning("Airlock: a frame event listener threw", error))
      }
    }
  }

  /**
   * One message: `undefined` when accepted, `null` when it is another script's traffic (not from the secure origin
   * and not claiming to be a frame message: ignored quietly), otherwise why it was ignored.
   */
  const accept = (current: Loaded, event: MessageEvent): string | null | undefined => {
    if (event.origin !== current.origin) {
      return claimedType(event.data)?.startsWith(frameMessagePrefix) === true
        ? `ignored a frame message from another origin (${String(event.origin).slice(0, 100)})`
        : null
    }
    const fromFrame = event.source !== null && event.source === current.element.contentWindow
    if (!fromFrame && socialWaiters.size === 0) return "ignored a message from a window other than the frame"
    const data = frameMessageData(event.data)
    if (data === undefined)
      return `ignored a frame message that is not plain JSON or is over ${frameMessageLimit} characters`
    const decoded = decodeFrameMessage(data)
    if (decoded._tag === "Failure") return "ignored a frame message that does not match the protocol"
    const message = decoded.success
    const name = message.type.slice(frameMessagePrefix.length)
    if (message.type === `${frameMessagePrefix}SOCIAL_RESULT`) {
      const waiting = [...socialWaiters].filter(({ popup }) => popup === undefined || popup === event.source)
      if (waiting.length === 0) return "ignored a social result nobody waits for"
      for (const waiter of waiting) {
        socialWaiters.delete(waiter)
        Deferred.doneUnsafe(waiter.deferred, Effect.succeed(message.payload.uri))
      }
      emit({ type: "SOCIAL_RESULT", uri: message.payload.uri })
      return undefined
    }
    if (!fromFrame) return "ignored a message from a window other than the frame"
    if (message.type === `${frameMessagePrefix}READY`) {
      Deferred.doneUnsafe(current.received, Effect.void)
      return undefined
    }
    if (message.type === `${frameMessagePrefix}SESSION_UPDATE`) {
      emit({ type: "SESSION_UPDATE", isConnected: message.payload.isConnected })
      return undefined
    }
    if (!("id" in message)) return "ignored a frame message that does not match the protocol"
    const failed = name.endsWith("_ERROR")
    const action = name.slice(0, name.lastIndexOf("_"))
    const pending = requests.get(message.id)
    if (pending === undefined || pending.action !== action) return `ignored a reply to no pending request (${name})`
    requests.delete(message.id)
    const payload = "payload" in message ? message.payload : undefined
    Deferred.doneUnsafe(
      pending.deferred,
      failed ? Effect.fail(replyError((payload as { message: string }).message)) : Effect.succeed(payload)
    )
    return undefined
  }

  const onMessage = (event: MessageEvent) => {
    const current = frame
    if (current === undefined) return
    let ignored: string | null | undefined
    try {
      ignored = accept(current, event)
    } catch {
      ignored = "ignored a frame message that could not be read"
    }
    if (typeof ignored === "string") warn(ignored)
  }

  /** Waits for `READY` (20 s at most, then the load alert, once), then 500 ms more. */
  const load = (current: Loaded) =>
    Effect.gen(function* () {
      const inTime = yield* Deferred.await(current.received).pipe(
        Effect.as(true),
        Effect.timeoutOrElse({ duration: frameTimings.ready, orElse: () => Effect.succeed(false) })
      )
      if (inTime) yield* Deferred.succeed(current.loaded, undefined)
      else {
        const alert = new AlertError({
          code: "APKT003",
          details: `The embedded wallet's frame (${current.origin}) did not report ready within ${frameTimings.ready / 1000} s.`
        })
        yield* Deferred.fail(current.loaded, alert)
        yield* showAlert(alert).pipe(Effect.provideService(StateStore, store))
        yield* Deferred.await(current.received)
      }
      yield* Effect.sleep(frameTimings.initialised)
      yield* Deferred.succeed(current.initialised, undefined)
    })

  const ensureFrame = (params: FrameParams): Effect.Effect<void, FrameError> =>
    Effect.suspend(() => {
      if (frame !== undefined) return Effect.void
      const notSet = (details: string) => Effect.fail(new FrameError({ reason: "IframeNotSet", details }))
      const base = config.endpoints.frame
      if (base === undefined) return notSet("endpoints.frame is not configured")
      let origin: string
      try {
        origin = new URL(base).origin
      } catch {
        return notSet(`endpoints.frame is not a URL: ${base}`)
      }
      const window = platform.window
      const document = platform.document
      if (window === undefined || document?.body == null) return notSet("there is no document to hold the frame")
      const element = document.createElement("iframe")
      element.setAttribute("src", frameUrl(base, config.projectId, config.sdkVersion, params))
      element.setAttribute("title", "Airlock secure wallet")
      element.setAttribute("hidden", "")
      element.setAttribute("aria-hidden", "true")
      element.setAttribute("tabindex", "-1")
      // Scripts and its own origin's storage only: no popups, forms, top navigation or downloads.
      element.setAttribute("sandbox", "allow-scripts allow-same-origin")
      // No permission (camera, clipboard, payment…) is delegated to the frame.
      element.setAttribute("allow", "")
      // The frame reads the embedding origin from the referrer where `ancestorOrigins` is missing: send just that.
      element.setAttribute("referrerpolicy", "origin")
      const current: Loaded = {
        element,
        origin,
        received: Deferred.makeUnsafe(),
        loaded: Deferred.makeUnsafe(),
        initialised: Deferred.makeUnsafe()
      }
      frame = current
      window.addEventListener("message", onMessage)
      document.body.appendChild(element)
      return load(current).pipe(Effect.forkIn(scope), Effect.asVoid)
    })

  const ready: Effect.Effect<void, FrameError | AlertError> = Effect.suspend(
    (): Effect.Effect<void, FrameError | AlertError> => {
      const current = frame
      if (current === undefined) return Effect.fail(new FrameError({ reason: "IframeNotSet" }))
      const initialised = Deferred.await(current.initialised)
      return Deferred.isDoneUnsafe(current.received)
        ? initialised
        : Deferred.await(current.loaded).pipe(Effect.andThen(initialised))
    }
  )

  const status = (): FrameStatus => {
    if (frame === undefined) return "absent"
    if (Deferred.isDoneUnsafe(frame.initialised)) return "initialised"
    if (Deferred.isDoneUnsafe(frame.received)) return "ready"
    return Deferred.isDoneUnsafe(frame.loaded) ? "failed" : "loading"
  }

  const timedOut = (action: FrameAction, alert: boolean) =>
    Effect.gen(function* () {
      const error = new AlertError({
        code: "APKT004",
        details: `The embedded wallet's frame did not answer ${action} within ${frameTimings.request / 1000} s.`
      })
      if (alert) yield* showAlert(error).pipe(Effect.provideService(StateStore, store))
      return yield* Effect.fail(error)
    })

  const send = (action: FrameAction, payload: unknown, alertOnTimeout: boolean) =>
    Effect.gen(function* () {
      yield* ready
      const current = frame
      const target = current?.element.contentWindow
      if (current === undefined || target == null) return yield* new FrameError({ reason: "IframeNotSet" })
      const id = newId()
      const outgoing = frameMessageData(
        payload === undefined
          ? { type: `${appMessagePrefix}${action}`, id }
          : { type: `${appMessagePrefix}${action}`, id, payload }
      )
      const checked = outgoing === undefined ? undefined : decodeAppMessage(outgoing)
      if (checked === undefined || checked._tag === "Failure") {
        return yield* new FrameError({
          reason: "Unknown",
          details: `The ${action} request does not match the frame protocol${checked === undefined ? " (not plain JSON, or over 1 MB)" : `: ${checked.failure.message}`}`
        })
      }
      const deferred = Deferred.makeUnsafe<unknown, FrameError>()
      return yield* Effect.suspend(() => {
        requests.set(id, { action, deferred })
        try {
          target.postMessage(checked.success, current.origin)
        } catch (cause) {
          return Effect.fail(new FrameError({ reason: "Unknown", details: `${action} could not be posted`, cause }))
        }
        return Deferred.await(deferred)
      }).pipe(
        Effect.timeoutOrElse({ duration: frameTimings.request, orElse: () => timedOut(action, alertOnTimeout) }),
        Effect.ensuring(Effect.sync(() => requests.delete(id)))
      )
    })

  const abort = Effect.suspend(() => {
    for (const [id, pending] of requests) {
      if (pending.action !== "RPC_REQUEST") continue
      requests.delete(id)
      Deferred.doneUnsafe(pending.deferred, Effect.fail(new FrameError({ reason: "Aborted" })))
    }
    if (frame === undefined) return Effect.void
    // The frame's acknowledgement is awaited in the background: the caller has its answer already.
    return send("RPC_ABORT", undefined, false).pipe(Effect.ignore, Effect.forkIn(scope), Effect.asVoid)
  })

  const signOut = send("SIGN_OUT", undefined, false).pipe(
    Effect.timeoutOrElse({ duration: frameTimings.signOut, orElse: () => Effect.void }),
    Effect.catch((error) => Effect.logDebug("Airlock: the frame's sign-out failed", error))
  )

  const socialResult = (popup?: Window): Effect.Effect<string> =>
    Effect.suspend(() => {
      const waiter = { popup, deferred: Deferred.makeUnsafe<string>() }
      socialWaiters.add(waiter)
      return Deferred.await(waiter.deferred).pipe(Effect.ensuring(Effect.sync(() => socialWaiters.delete(waiter))))
    })

  const subscribe = (listener: (event: FrameEvent) => void) => {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }

  yield* Effect.addFinalizer(() =>
    Effect.sync(() => {
      platform.window?.removeEventListener("message", onMessage)
      frame?.element.remove()
      frame = undefined
      listeners.clear()
    })
  )

  const shape: FrameShape = {
    ensureFrame,
    ready,
    status,
    request: (action, ...payload) =>
      send(action, payload[0], true) as Effect.Effect<FrameSuccessPayload<typeof action>, FrameError | AlertError>,
    abort,
    signOut,
    socialResult,
    subscribe
  }
  return shape
})
