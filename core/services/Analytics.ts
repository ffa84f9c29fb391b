import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Ref from "effect/Ref"
import { AlertError } from "../errors/alerts.ts"
import type { ErrorEvent } from "../schema/events.ts"
import { ClientConfig } from "./ClientConfig.ts"
import { Platform, type PlatformShape } from "./Platform.ts"

/** A product event, such as `{ type: "track", event: "MODAL_OPEN", properties: { connected: false } }`. */
export interface TrackEvent {
  readonly type: "track"
  readonly event: string
  readonly properties?: Readonly<Record<string, unknown>> | undefined
}

/** Anything `sendEvent` accepts. */
export type { ErrorEvent }
export type AnalyticsEvent = TrackEvent | ErrorEvent

/** Who the events are about; added to every event's `props`. */
export interface AnalyticsAccount {
  readonly address?: string | undefined
  readonly caipNetworkId?: string | undefined
}

/** The JSON body of `POST {analytics}/e` (SPEC §7). */
export interface AnalyticsPayload {
  readonly eventId: string
  readonly url: string
  readonly domain: string
  /** Epoch milliseconds from the `Clock`. */
  readonly timestamp: number
  readonly props: AnalyticsEvent & AnalyticsAccount
}

/** Error reports allowed per window (SPEC §8: 5 per minute). */
export const errorReportLimit = 5
/** The sliding window of the error report limit, in ms. */
export const errorReportWindowMs = 60_000

/** How long one event may take to reach the analytics host before it is dropped (and the request cancelled). */
export const analyticsTimeout = Duration.seconds(10)
/**
 * Largest body, in bytes, sent with `keepalive` (so it still arrives when the page is closed or navigated away).
 * Browsers allow 64 KiB of keepalive bodies in flight per page; an event is a few hundred bytes, and a larger one (a
 * long stack trace) goes without keepalive rather than fail on that quota.
 */
export const keepaliveMaxBytes = 8 * 1024

/** A batch goes out as soon as it holds this many events. */
export const analyticsBatchSize = 20
/** The longest an event waits in the queue before its batch goes out (unless the page is hidden first). */
export const analyticsFlushInterval = Duration.seconds(10)

/** Sends and rate-limits events; never fails. */
export interface AnalyticsShape {
  /** Queues one event for the next batch without waiting for the server; failures are logged, never raised. */
  sendEvent(event: AnalyticsEvent): Effect.Effect<void>
  /** Sends the queued events now, without waiting for the server (the memory layer has nothing queued). */
  flush(): Effect.Effect<void>
  /** Reports an error (`errorType` from its `_tag`/`name`, message, stack) as an error event. */
  sendError(error: unknown, event?: string): Effect.Effect<void>
  /** Turns sending on or off (features.analytics, or `/getAnalyticsConfig`'s isAnalyticsEnabled). */
  setEnabled(enabled: boolean): Effect.Effect<void>
  /** The account added to every event's `props`. */
  setAccount(account: AnalyticsAccount): Effect.Effect<void>
}

/** Options of {@link Analytics.layerWith}. */
export interface AnalyticsOptions {
  /** Read before every send; `false` drops the event. Combined with `setEnabled`. @default Effect.succeed(true) */
  readonly enabled?: Effect.Effect<boolean> | undefined
  /** Called with the APKT002 alert, once, on the first 403 from the analytics host. @default none */
  readonly onAlert?: ((alert: AlertError) => void) | undefined
}

/**
 * The page's URL without query and fragment: those can carry OAuth codes, magic-link tokens or other secrets that
 * must not reach the analytics host.
 */
export const pageUrlOf = (href: string | undefined): string => {
  if (href === undefined) return ""
  try {
    const url = new URL(href)
    return `${url.origin}${url.pathname}`
  } catch {
    return ""
  }
}

const newEventId = (): string => {
  const crypto = globalThis.crypto
  if (typeof crypto?.randomUUID === "function") return crypto.randomUUID()
  // randomUUID exists only in secure contexts; plain-http dev hosts still get a v4-shaped id.
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const domainOf = (platform: PlatformShape | undefined): string => {
  const origin = platform?.origin
  if (origin === undefined) return ""
  try {
    return new URL(origin).hostname
  } catch {
    return origin
  }
}

/** Turns any thrown value into an error event; Airlock errors report their tag and exact short message. */
export const errorEventOf = (error: unknown, event = "ERROR"): ErrorEvent => {
  const record = (typeof error === "object" && error !== null ? error : {}) as {
    readonly _tag?: unknown
    readonly name?: unknown
    readonly shortMessage?: unknown
    readonly message?: unknown
    readonly stack?: unknown
  }
  const text = (value: unknown) => (typeof value === "string" ? value : undefined)
  return {
    type: "error",
    event,
    errorType: text(record._tag) ?? text(record.name) ?? typeof error,
    errorMessage: text(record.shortMessage) ?? text(record.message) ?? String(error),
    stackTrace: text(record.stack)
  }
}

/**
 * The service over a transport: applies the enabled switch and the error-report limit, builds the payload, and hands
 * it to `deliver`, which must not fail.
 */
export const makeAnalytics = (
  deliver: (payload: AnalyticsPayload) => Effect.Effect<void>,
  options: AnalyticsOptions = {},
  flush?: Effect.Effect<void>
) =>
  Effect.gen(function* () {
    const platform = Option.getOrUndefined(yield* Effect.serviceOption(Platform))
    const switchedOn = yield* Ref.make(true)
    const account = yield* Ref.make<AnalyticsAccount>({})
    const errorTimes = yield* Ref.make<ReadonlyArray<number>>([])
    const enabledFromOptions = options.enabled ?? Effect.succeed(true)

    /** Claims a slot in the sliding window; false when 5 reports already went out in the last minute. */
    const claimErrorSlot = (now: number) =>
      Ref.modify(errorTimes, (times) => {
        const recent = times.filter((time) => now - time < errorReportWindowMs)
        return recent.length >= errorReportLimit ? [false, recent] : [true, [...recent, now]]
      })

    const sendEvent = (event: AnalyticsEvent) =>
      Effect.gen(function* () {
        if (!(yield* Ref.get(switchedOn)) || !(yield* enabledFromOptions)) return
        const now = yield* Clock.currentTimeMillis
        if (event.type === "error" && !(yield* claimErrorSlot(now))) {
          return yield* Effect.logDebug("Airlock analytics: error report dropped (5 per minute)")
        }
        const { address, caipNetworkId } = yield* Ref.get(account)
        yield* deliver({
          eventId: newEventId(),
          url: pageUrlOf(platform?.href),
          domain: domainOf(platform),
          timestamp: now,
          props: { ...event, address, caipNetworkId }
        })
      })

    return Analytics.of({
      sendEvent,
      flush: () => flush ?? Effect.void,
      sendError: (error, event) => sendEvent(errorEventOf(error, event)),
      setEnabled: (enabled) => Ref.set(switchedOn, enabled),
      setAccount: (next) => Ref.set(account, next)
    })
  })

/** A function property of an object that may not have it (a `navigator` without `sendBeacon`). */
type Beacon = (url: string, data: string) => boolean

/**
 * The live transport: events wait in a queue and go out together, as one JSON array, to
 * `POST {endpoints.analytics}/e?projectId&st&sv`: when {@link analyticsBatchSize} are queued, when the oldest has waited
 * {@link analyticsFlushInterval}, and with `navigator.sendBeacon` the moment the page is hidden (`visibilitychange` to
 * hidden, `pagehide`) or the client is destroyed. A 403 shows APKT002 once and stops all sending.
 */
const httpAnalytics = (options: AnalyticsOptions) =>
  Effect.gen(function* () {
    const client = yield* HttpClient.HttpClient
    const config = yield* ClientConfig
    const platform = Option.getOrUndefined(yield* Effect.serviceOption(Platform))
    const scope = yield* Effect.scope
    const services = yield* Effect.context<never>()
    const alertShown = yield* Ref.make(false)
    // Plain variables: the page-hide listener must drain the queue synchronously, before the page goes away.
    const queue: Array<AnalyticsPayload> = []
    let refused = false
    let timerArmed = false

    const raiseInvalidConfiguration = Effect.gen(function* () {
      refused = true
      queue.length = 0
      if (yield* Ref.getAndSet(alertShown, true)) return
      const alert = new AlertError({ code: "APKT002", details: "The analytics host answered 403 Forbidden." })
      yield* Effect.sync(() => options.onAlert?.(alert))
    })

    const sink = config.endpoints.analytics
    const params = { projectId: config.projectId, st: config.sdkType, sv: config.sdkVersion }
    const execute = (request: HttpClientRequest.HttpClientRequest) =>
      client.execute(request).pipe(
        // The answer is read to its end: an unread body leaves the request open until the HttpClient aborts it once
        // the response is garbage-collected, which the browser logs as a failed request (net::ERR_ABORTED) although
        // the batch arrived.
        Effect.tap((response) => Effect.ignore(response.arrayBuffer)),
        // keepalive: a batch sent as the page goes away (closed, reloaded, navigated) still reaches the host.
        Effect.provideService(FetchHttpClient.RequestInit, {
          keepalive: request.body._tag === "Uint8Array" && request.body.contentLength <= keepaliveMaxBytes
        })
      )
    const post = (batch: ReadonlyArray<AnalyticsPayload>) =>
      HttpClientRequest.post(`${sink}/e`).pipe(
        HttpClientRequest.setUrlParams(params),
        HttpClientRequest.bodyJson(batch),
        Effect.flatMap(execute),
        Effect.flatMap((response) => {
          if (response.status === 403) return raiseInvalidConfiguration
          if (response.status >= 200 && response.status < 300) return Effect.void
          return Effect.logWarning(`Airlock analytics: events not accepted (HTTP ${response.status})`)
        }),
        // A host that does not answer in time: the batch is dropped (its request cancelled), never retried.
        Effect.timeoutOrElse({
          duration: analyticsTimeout,
          orElse: () => Effect.logWarning("Airlock analytics: events dropped, the host did not answer within 10 s")
        }),
        Effect.catch((error) => Effect.logWarning("Airlock analytics: events not sent", error.message)),
        Effect.catchDefect((defect) => Effect.logWarning("Airlock analytics: events not sent", String(defect)))
      )

    /** Everything queued, now, over HTTP in the background. */
    const flush = Effect.suspend(() => {
      timerArmed = false
      const batch = queue.splice(0)
      return batch.length === 0 || refused ? Effect.void : Effect.asVoid(Effect.forkIn(post(batch), scope))
    })

    /** Everything queued, now, with `sendBeacon` (the page is going away); over HTTP where there is no beacon. */
    const flushWithBeacon = () => {
      const navigator = platform?.navigator as { sendBeacon?: Beacon } | undefined
      const beacon = navigator?.sendBeacon
      if (queue.length === 0 || refused) return
      if (typeof beacon !== "function") {
        Effect.runForkWith(services)(flush)
        return
      }
      const batch = queue.splice(0)
      const url = `${sink}/e?${new URLSearchParams(params).toString()}`
      let accepted = false
      try {
        // A string body goes as text/plain: a beacon with a JSON content type is refused by browsers (CORS).
        accepted = beacon.call(navigator, url, JSON.stringify(batch))
      } catch {
        accepted = false
      }
      // Refused (over the browser's beacon quota): the batch goes over HTTP with keepalive instead.
      if (!accepted) Effect.runForkWith(services)(Effect.forkIn(post(batch), scope))
    }

    const enqueue = (payload: AnalyticsPayload) =>
      Effect.suspend(() => {
        if (refused) return Effect.void
        queue.push(payload)
        if (queue.length >= analyticsBatchSize) return flush
        if (timerArmed) return Effect.void
        timerArmed = true
        return Effect.asVoid(Effect.forkIn(Effect.andThen(Effect.sleep(analyticsFlushInterval), flush), scope))
      })

    // No analytics host, or no project id (the page already shows APKT008): nothing leaves the page. Without the
    // project id check every event came back 403 and replaced "Project ID Missing" with a vaguer alert.
    const silent = sink === undefined || config.projectId === ""
    if (!silent) {
      const document = platform?.document
      const window = platform?.window
      const onVisibility = () => {
        if (document?.visibilityState === "hidden") flushWithBeacon()
      }
      document?.addEventListener("visibilitychange", onVisibility)
      window?.addEventListener("pagehide", flushWithBeacon)
      yield* Effect.addFinalizer(() =>
        Effect.sync(() => {
          document?.removeEventListener("visibilitychange", onVisibility)
          window?.removeEventListener("pagehide", flushWithBeacon)
          // The client is destroyed: what is still queued goes out with a beacon where there is one.
          const navigator = platform?.navigator as { sendBeacon?: Beacon } | undefined
          if (typeof navigator?.sendBeacon === "function") flushWithBeacon()
        })
      )
    }
    const deliver = (payload: AnalyticsPayload) => (silent ? Effect.void : enqueue(payload))
    return yield* makeAnalytics(deliver, options, flush)
  })

/**
 * Product analytics (SPEC §7 `POST /e`): fire and forget, at most 5 error reports a minute, and an
 * 'Invalid App Configuration' alert (APKT002) the first time the analytics host answers 403, after which nothing more
 * is sent. Without a project id no event is sent. Events are batched: one request carries a JSON array of payloads,
 * sent when {@link analyticsBatchSize} events are queued or {@link analyticsFlushInterval} after the first, with
 * `navigator.sendBeacon` when the page is hidden or closed, and with `keepalive` otherwise; its answer is read to the
 * end. A batch is dropped on purpose (logged as a warning) when the host does not answer within
 * {@link analyticsTimeout}; an event silently when analytics is off or the error-report limit is reached.
 *
 * @example
 * ```ts
 * yield* Analytics.use((a) => a.sendEvent({ type: "track", event: "MODAL_OPEN" }))
 * ```
 */
export class Analytics extends Context.Service<Analytics, AnalyticsShape>()("airlock/Analytics") {
  /** Sends over `HttpClient`; needs `HttpClient`, `ClientConfig` and (optionally read) `Platform`. */
  static readonly layer = Layer.effect(Analytics, httpAnalytics({}))
  /** {@link Analytics.layer} with an `enabled` source and an alert callback. */
  static readonly layerWith = (options: AnalyticsOptions) => Layer.effect(Analytics, httpAnalytics(options))
  /**
   * Records every payload that would be sent into `sent` (same enabled switch and rate limit), for tests.
   * @example
   * ```ts
   * const sent: Array<AnalyticsPayload> = []
   * Effect.provide(Analytics.layerMemory(sent))
   * ```
   */
  static readonly layerMemory = (sent: Array<AnalyticsPayload> = [], options: AnalyticsOptions = {}) =>
    Layer.effect(
      Analytics,
      makeAnalytics((payload) => Effect.sync(() => void sent.push(payload)), options)
    )
}
