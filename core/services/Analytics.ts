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
import { ClientConfig } from "./ClientConfig.ts"
import { Platform, type PlatformShape } from "./Platform.ts"

/** A product event, such as `{ type: "track", event: "MODAL_OPEN", properties: { connected: false } }`. */
export interface TrackEvent {
  readonly type: "track"
  readonly event: string
  readonly properties?: Readonly<Record<string, unknown>> | undefined
}

/** An error report: SPEC §7 says error events carry errorType, errorMessage and stackTrace. */
export interface ErrorEvent {
  readonly type: "error"
  readonly event: string
  readonly errorType: string
  readonly errorMessage: string
  readonly stackTrace?: string | undefined
  readonly properties?: Readonly<Record<string, unknown>> | undefined
}

/** Anything `sendEvent` accepts. */
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

/** Sends and rate-limits events; never fails. */
export interface AnalyticsShape {
  /** Sends one event without waiting for the server; failures are logged, never raised. */
  sendEvent(event: AnalyticsEvent): Effect.Effect<void>
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
  options: AnalyticsOptions = {}
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
      sendError: (error, event) => sendEvent(errorEventOf(error, event)),
      setEnabled: (enabled) => Ref.set(switchedOn, enabled),
      setAccount: (next) => Ref.set(account, next)
    })
  })

/** The live transport: `POST {endpoints.analytics}/e?projectId&st&sv`, in the background of the layer's scope. */
const httpAnalytics = (options: AnalyticsOptions) =>
  Effect.gen(function* () {
    const client = yield* HttpClient.HttpClient
    const config = yield* ClientConfig
    const scope = yield* Effect.scope
    const alertShown = yield* Ref.make(false)

    const raiseInvalidConfiguration = Effect.gen(function* () {
      if (yield* Ref.getAndSet(alertShown, true)) return
      const alert = new AlertError({ code: "APKT002", details: "The analytics host answered 403 Forbidden." })
      yield* Effect.sync(() => options.onAlert?.(alert))
    })

    const sink = config.endpoints.analytics
    const execute = (request: HttpClientRequest.HttpClientRequest) =>
      client.execute(request).pipe(
        // The answer is read to its end: an unread body leaves the request open until the HttpClient aborts it once
        // the response is garbage-collected, which the browser logs as a failed request (net::ERR_ABORTED) although
        // the event arrived.
        Effect.tap((response) => Effect.ignore(response.arrayBuffer)),
        // keepalive: an event sent as the page goes away (closed, reloaded, navigated) still reaches the host.
        Effect.provideService(FetchHttpClient.RequestInit, {
          keepalive: request.body._tag === "Uint8Array" && request.body.contentLength <= keepaliveMaxBytes
        })
      )
    const post = (payload: AnalyticsPayload) =>
      HttpClientRequest.post(`${sink}/e`).pipe(
        HttpClientRequest.setUrlParams({ projectId: config.projectId, st: config.sdkType, sv: config.sdkVersion }),
        HttpClientRequest.bodyJson(payload),
        Effect.flatMap(execute),
        Effect.flatMap((response) => {
          if (response.status === 403) return raiseInvalidConfiguration
          if (response.status >= 200 && response.status < 300) return Effect.void
          return Effect.logWarning(`Airlock analytics: event not accepted (HTTP ${response.status})`)
        }),
        // A host that does not answer in time: the event is dropped (its request cancelled), never retried.
        Effect.timeoutOrElse({
          duration: analyticsTimeout,
          orElse: () => Effect.logWarning("Airlock analytics: event dropped, the host did not answer within 10 s")
        }),
        Effect.catch((error) => Effect.logWarning("Airlock analytics: event not sent", error.message)),
        Effect.catchDefect((defect) => Effect.logWarning("Airlock analytics: event not sent", String(defect)))
      )

    // No analytics host, or no project id (the page already shows APKT008): nothing leaves the page. Without the
    // project id check every event came back 403 and replaced "Project ID Missing" with a vaguer alert.
    const deliver = (payload: AnalyticsPayload) =>
      sink === undefined || config.projectId === "" ? Effect.void : Effect.asVoid(Effect.forkIn(post(payload), scope))
    return yield* makeAnalytics(deliver, options)
  })

/**
 * Product analytics (SPEC §7 `POST /e`): fire and forget, at most 5 error reports a minute, and an
 * 'Invalid App Configuration' alert (APKT002) the first time the analytics host answers 403. Without a project id
 * no event is sent. Each event is one request, sent with `keepalive` so it survives the page closing; its answer is
 * read to the end. An event is dropped on purpose (logged as a warning) when the host does not answer within
 * {@link analyticsTimeout}, and silently when analytics is off or the error-report limit is reached.
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
