import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { FetchHttpClient, HttpClient, HttpClientResponse } from "effect/http"
import { TestClock } from "effect/testing"
import { HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import { afterAll, afterEach, beforeAll, vi } from "vitest"
import { AlertError } from "../../../core/errors/alerts.ts"
import { ConnectionError } from "../../../core/errors/catalogue.ts"
import {
  Analytics,
  type AnalyticsPayload,
  analyticsBatchSize,
  errorEventOf,
  keepaliveMaxBytes
} from "../../../core/services/Analytics.ts"
import { ClientConfig } from "../../../core/services/ClientConfig.ts"
import { Platform } from "../../../core/services/Platform.ts"
import { captureLogs, type LoggedLine } from "./captureLogs.ts"

const analyticsHost = "https://pulse.airlock.test"
const endpoints = {
  walletApi: "https://api.airlock.test",
  blockchainApi: "https://rpc.airlock.test",
  analytics: analyticsHost
}
const config = ClientConfig.layer({ projectId: "p1", sdkType: "airlock", sdkVersion: "airlock-4.0.0", endpoints })
const page = Platform.layerTest({
  origin: "https://dapp.example",
  href: "https://dapp.example/swap?code=oauth-secret#token=abc"
})

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

interface Received {
  readonly url: URL
  readonly body: AnalyticsPayload
}

/** Collects POSTs to the analytics host (each a batch: a JSON array) and answers each with `status`. */
const sink = (status: number) => {
  const received: Array<Received> = []
  const batches: Array<number> = []
  let notify: () => void = () => {}
  server.use(
    http.post(`${analyticsHost}/e`, async ({ request }) => {
      const batch = (await request.json()) as ReadonlyArray<AnalyticsPayload>
      batches.push(batch.length)
      for (const body of batch) received.push({ url: new URL(request.url), body })
      notify()
      return status === 200 ? HttpResponse.json({}) : new HttpResponse(null, { status })
    })
  )
  /** Waits until `count` events arrived. */
  const waitFor = (count: number) =>
    Effect.promise(
      () =>
        new Promise<void>((resolve) => {
          const check = () => (received.length >= count ? resolve() : undefined)
          notify = check
          check()
        })
    )
  return { received, batches, waitFor }
}

/** Waits (polling, bounded by vitest's own timeout) until `condition` holds. */
const until = (condition: () => boolean) =>
  Effect.promise(() => vi.waitFor(() => assert.isTrue(condition()), { timeout: 4000, interval: 5 }))

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const live = (options?: Parameters<typeof Analytics.layerWith>[0]) =>
  (options ? Analytics.layerWith(options) : Analytics.layer).pipe(
    Layer.provide(Layer.mergeAll(FetchHttpClient.layer, config, page))
  )

describe("Analytics over HTTP", () => {
  it.live("an event is POSTed to {analytics}/e with projectId, st and sv and the SPEC §7 body", () => {
    const { received, waitFor } = sink(200)
    return Effect.gen(function* () {
      const analytics = yield* Analytics
      yield* analytics.setAccount({ address: "0xabc", caipNetworkId: "eip155:1" })
      yield* analytics.sendEvent({ type: "track", event: "MODAL_OPEN", properties: { connected: false } })
      yield* analytics.flush()
      yield* waitFor(1)
      const [request] = received
      assert.strictEqual(request?.url.pathname, "/e")
      assert.deepStrictEqual(Object.fromEntries(request?.url.searchParams ?? []), {
        projectId: "p1",
        st: "airlock",
        sv: "airlock-4.0.0"
      })
      const body = request!.body
      assert.match(body.eventId, uuid)
      // query and fragment can carry secrets (OAuth codes, magic links): only origin and path are sent
      assert.strictEqual(body.url, "https://dapp.example/swap")
      assert.strictEqual(body.domain, "dapp.example")
      assert.isNumber(body.timestamp)
      assert.deepStrictEqual(body.props, {
        type: "track",
        event: "MODAL_OPEN",
        properties: { connected: false },
        address: "0xabc",
        caipNetworkId: "eip155:1"
      })
    }).pipe(Effect.provide(live()))
  })

  it.live("sendEvent returns before the server answers (fire and forget)", () => {
    let release: () => void = () => {}
    const answered = new Promise<void>((resolve) => {
      release = resolve
    })
    server.use(
      http.post(`${analyticsHost}/e`, async () => {
        await answered
        return HttpResponse.json({})
      })
    )
    return Effect.gen(function* () {
      const analytics = yield* Analytics
      yield* analytics.sendEvent({ type: "track", event: "MODAL_OPEN" }).pipe(Effect.timeout("1 second"))
      yield* analytics.flush().pipe(Effect.timeout("1 second"))
      release()
    }).pipe(Effect.provide(live()))
  })

  it.live("sending never fails the caller when the analytics host is unreachable; the failure is logged", () => {
    server.use(http.post(`${analyticsHost}/e`, () => HttpResponse.error()))
    const lines: Array<LoggedLine> = []
    return Effect.gen(function* () {
      yield* Analytics.use((a) => a.sendEvent({ type: "track", event: "MODAL_OPEN" }).pipe(Effect.andThen(a.flush())))
      // Waits for the condition (the warning), not for a guessed amount of real time.
      yield* until(() => lines.some((line) => line.level === "Warn" && line.text.includes("events not sent")))
    }).pipe(Effect.provide(live()), captureLogs(lines))
  })

  it.live("a 500 from the analytics host is logged and raises no alert", () => {
    const { waitFor } = sink(500)
    const lines: Array<LoggedLine> = []
    const alerts: Array<AlertError> = []
    return Effect.gen(function* () {
      yield* Analytics.use((a) => a.sendEvent({ type: "track", event: "MODAL_OPEN" }).pipe(Effect.andThen(a.flush())))
      yield* waitFor(1)
      yield* until(() => lines.some((line) => line.level === "Warn" && line.text.includes("HTTP 500")))
      assert.lengthOf(alerts, 0)
    }).pipe(Effect.provide(live({ onAlert: (alert) => alerts.push(alert) })), captureLogs(lines))
  })

  it.live("a 403 from the analytics host shows 'Invalid App Configuration' once and stops all sending", () => {
    const { received, waitFor } = sink(403)
    const callbacks: Array<AlertError> = []
    return Effect.gen(function* () {
      const analytics = yield* Analytics
      yield* analytics.sendEvent({ type: "track", event: "MODAL_OPEN" })
      yield* analytics.flush()
      yield* waitFor(1)
      yield* until(() => callbacks.length === 1)
      // Nothing more leaves the page: neither a flush nor a full batch nor the timer sends again.
      for (let i = 0; i < analyticsBatchSize + 3; i++) {
        yield* analytics.sendEvent({ type: "track", event: "MODAL_CLOSE" })
      }
      yield* analytics.flush()
      yield* analytics.sendError(new Error("boom"))
      yield* analytics.flush()
      // A request would be on its way by now; the host sees none.
      for (let i = 0; i < 50; i++) yield* Effect.yieldNow
      assert.lengthOf(received, 1)
      assert.lengthOf(callbacks, 1)
      const alert = callbacks[0]!
      assert.instanceOf(alert, AlertError)
      assert.strictEqual(alert.code, "APKT002")
      assert.strictEqual(alert.shortMessage, "Invalid App Configuration")
    }).pipe(Effect.provide(live({ onAlert: (alert) => callbacks.push(alert) })))
  })
})

describe("Analytics without a project id", () => {
  /** An HTTP client that records every request and answers 200 at once. */
  const recording = (requests: Array<string>) =>
    Layer.succeed(
      HttpClient.HttpClient,
      HttpClient.make((request) =>
        Effect.sync(() => {
          requests.push(request.url)
          return HttpClientResponse.fromWeb(request, new Response("{}", { status: 200 }))
        })
      )
    )
  const withProject = (projectId: string, requests: Array<string>) =>
    Analytics.layer.pipe(
      Layer.provide(
        Layer.mergeAll(
          recording(requests),
          ClientConfig.layer({ projectId, sdkType: "airlock", sdkVersion: "airlock-4.0.0", endpoints }),
          page
        )
      )
    )
  const sendAndSettle = Effect.gen(function* () {
    yield* Analytics.use((a) => a.sendEvent({ type: "track", event: "MODAL_OPEN" }).pipe(Effect.andThen(a.flush())))
    // The send is forked: let every ready fiber run (TestClock: no real time passes).
    for (let i = 0; i < 20; i++) yield* Effect.yieldNow
  })

  it.effect("with a project id the event goes out (the control case)", () => {
    const requests: Array<string> = []
    return sendAndSettle.pipe(
      Effect.andThen(Effect.sync(() => assert.lengthOf(requests, 1))),
      Effect.provide(withProject("p1", requests))
    )
  })

  it.effect("with no project id no analytics request is sent at all", () => {
    const requests: Array<string> = []
    return sendAndSettle.pipe(
      Effect.andThen(Effect.sync(() => assert.lengthOf(requests, 0))),
      Effect.provide(withProject("", requests))
    )
  })
})

describe("Analytics rules", () => {
  const memory = (sent: Array<AnalyticsPayload>, options?: Parameters<typeof Analytics.layerMemory>[1]) =>
    Analytics.layerMemory(sent, options).pipe(Layer.provide(page))
  const report = (n: number) =>
    Analytics.use((a) =>
      Effect.repeat(a.sendError(new ConnectionError({ reason: "FailedToConnect" })), { times: n - 1 })
    )

  it.effect("the 6th error report within a minute is not sent but one after 60 s is", () => {
    const sent: Array<AnalyticsPayload> = []
    return Effect.gen(function* () {
      yield* report(5)
      assert.lengthOf(sent, 5)
      yield* TestClock.adjust("59 seconds")
      yield* report(1)
      assert.lengthOf(sent, 5, "the 6th report within the minute is dropped")
      yield* TestClock.adjust("1 second")
      yield* report(1)
      assert.lengthOf(sent, 6, "a report 60 s after the first five is sent")
    }).pipe(Effect.provide(memory(sent)))
  })

  it.effect("the error limit is a sliding window: old reports free their slot one by one", () => {
    const sent: Array<AnalyticsPayload> = []
    return Effect.gen(function* () {
      yield* report(3)
      yield* TestClock.adjust("30 seconds")
      yield* report(3)
      assert.lengthOf(sent, 5)
      yield* TestClock.adjust("30 seconds")
      yield* report(5)
      assert.lengthOf(sent, 8, "the three reports at 0 s expired; the two at 30 s still count")
    }).pipe(Effect.provide(memory(sent)))
  })

  it.effect("track events are not limited", () => {
    const sent: Array<AnalyticsPayload> = []
    return Effect.gen(function* () {
      const analytics = yield* Analytics
      for (let i = 0; i < 12; i++) yield* analytics.sendEvent({ type: "track", event: "SELECT_WALLET" })
      assert.lengthOf(sent, 12)
    }).pipe(Effect.provide(memory(sent)))
  })

  it.effect("error events carry errorType, errorMessage and stackTrace", () => {
    const sent: Array<AnalyticsPayload> = []
    return Effect.gen(function* () {
      yield* report(1)
      const props = sent[0]?.props
      assert.strictEqual(props?.type, "error")
      if (props?.type !== "error") return
      assert.strictEqual(props.event, "ERROR")
      assert.strictEqual(props.errorType, "ConnectionError")
      assert.strictEqual(props.errorMessage, "Failed to connect")
      assert.include(props.stackTrace, "Failed to connect")
    }).pipe(Effect.provide(memory(sent)))
  })

  it("a thrown string or plain Error becomes an error event too", () => {
    assert.deepStrictEqual(errorEventOf("boom"), {
      type: "error",
      event: "ERROR",
      errorType: "string",
      errorMessage: "boom",
      stackTrace: undefined
    })
    const event = errorEventOf(new TypeError("bad input"), "CONNECT_ERROR")
    assert.strictEqual(event.errorType, "TypeError")
    assert.strictEqual(event.errorMessage, "bad input")
    assert.strictEqual(event.event, "CONNECT_ERROR")
  })

  it.effect("the timestamp comes from the Clock", () => {
    const sent: Array<AnalyticsPayload> = []
    return Effect.gen(function* () {
      yield* TestClock.adjust("90 seconds")
      yield* Analytics.use((a) => a.sendEvent({ type: "track", event: "MODAL_OPEN" }))
      assert.strictEqual(sent[0]?.timestamp, 90_000)
    }).pipe(Effect.provide(memory(sent)))
  })

  it.effect("every event gets its own eventId", () => {
    const sent: Array<AnalyticsPayload> = []
    return Effect.gen(function* () {
      yield* Analytics.use((a) => a.sendEvent({ type: "track", event: "MODAL_OPEN" }))
      yield* Analytics.use((a) => a.sendEvent({ type: "track", event: "MODAL_OPEN" }))
      assert.match(sent[0]!.eventId, uuid)
      assert.notStrictEqual(sent[0]?.eventId, sent[1]?.eventId)
    }).pipe(Effect.provide(memory(sent)))
  })

  it.effect("disabled analytics sends nothing until enabled again", () => {
    const sent: Array<AnalyticsPayload> = []
    return Effect.gen(function* () {
      const analytics = yield* Analytics
      yield* analytics.setEnabled(false)
      yield* analytics.sendEvent({ type: "track", event: "MODAL_OPEN" })
      yield* report(1)
      assert.lengthOf(sent, 0)
      yield* analytics.setEnabled(true)
      yield* analytics.sendEvent({ type: "track", event: "MODAL_OPEN" })
      assert.lengthOf(sent, 1)
    }).pipe(Effect.provide(memory(sent)))
  })

  it.effect("analytics switched off by its enabled source (isAnalyticsEnabled false) sends nothing", () => {
    const sent: Array<AnalyticsPayload> = []
    let remoteEnabled = false
    return Effect.gen(function* () {
      yield* Analytics.use((a) => a.sendEvent({ type: "track", event: "MODAL_OPEN" }))
      assert.lengthOf(sent, 0)
      remoteEnabled = true
      yield* Analytics.use((a) => a.sendEvent({ type: "track", event: "MODAL_OPEN" }))
      assert.lengthOf(sent, 1)
    }).pipe(Effect.provide(memory(sent, { enabled: Effect.sync(() => remoteEnabled) })))
  })

  it.effect("dropped reports while disabled do not use up the error limit", () => {
    const sent: Array<AnalyticsPayload> = []
    return Effect.gen(function* () {
      const analytics = yield* Analytics
      yield* analytics.setEnabled(false)
      yield* report(5)
      yield* analytics.setEnabled(true)
      yield* report(5)
      assert.lengthOf(sent, 5)
    }).pipe(Effect.provide(memory(sent)))
  })

  it.effect("without a Platform (server) url and domain are empty", () => {
    const sent: Array<AnalyticsPayload> = []
    return Effect.gen(function* () {
      yield* Analytics.use((a) => a.sendEvent({ type: "track", event: "MODAL_OPEN" }))
      assert.strictEqual(sent[0]?.url, "")
      assert.strictEqual(sent[0]?.domain, "")
    }).pipe(Effect.provide(Analytics.layerMemory(sent)))
  })
})

describe("Analytics delivery over fetch", () => {
  interface Sent {
    readonly init: RequestInit
    readonly response: Response
  }
  /** A `fetch` that records each call; `answer` gives the response (or a promise that never settles). */
  const recordingFetch = (sent: Array<Sent>, answer: (init: RequestInit) => Promise<Response> | undefined) =>
    ((_url: string | URL | Request, init?: RequestInit) => {
      const response = new Response(JSON.stringify({ accepted: true }), { status: 202 })
      sent.push({ init: init ?? {}, response })
      return answer(init ?? {}) ?? Promise.resolve(response)
    }) as typeof globalThis.fetch
  const settle = Effect.gen(function* () {
    for (let i = 0; i < 50; i++) yield* Effect.yieldNow
  })

  it.live(
    "each event goes with keepalive (it still arrives when the page closes) and its answer is read to the end",
    () => {
      const sent: Array<Sent> = []
      return Effect.gen(function* () {
        yield* Analytics.use((a) =>
          a.sendEvent({ type: "track", event: "MODAL_CLOSE" }).pipe(Effect.andThen(a.flush()))
        )
        yield* until(() => sent.length === 1 && sent[0]!.response.bodyUsed)
        assert.isTrue(sent[0]?.init.keepalive)
        // An unread answer leaves the request open until the HttpClient aborts it (Chromium: net::ERR_ABORTED).
        assert.isFalse(sent[0]?.init.signal?.aborted)
      }).pipe(
        Effect.provide(live()),
        Effect.provideService(
          FetchHttpClient.Fetch,
          recordingFetch(sent, () => undefined)
        )
      )
    }
  )

  it.live("an event over the keepalive budget (a long stack trace) is still sent, without keepalive", () => {
    const sent: Array<Sent> = []
    const error = new Error("boom")
    error.stack = "x".repeat(keepaliveMaxBytes)
    return Effect.gen(function* () {
      yield* Analytics.use((a) => a.sendError(error).pipe(Effect.andThen(a.flush())))
      yield* until(() => sent.length === 1)
      assert.isFalse(sent[0]?.init.keepalive)
    }).pipe(
      Effect.provide(live()),
      Effect.provideService(
        FetchHttpClient.Fetch,
        recordingFetch(sent, () => undefined)
      )
    )
  })

  it.effect(
    "an event the host does not answer within 10 s is dropped: its request is cancelled and a warning logged",
    () => {
      const sent: Array<Sent> = []
      const lines: Array<LoggedLine> = []
      const never = (init: RequestInit) =>
        new Promise<Response>((_, reject) => init.signal?.addEventListener("abort", () => reject(new Error("aborted"))))
      return Effect.gen(function* () {
        yield* Analytics.use((a) => a.sendEvent({ type: "track", event: "MODAL_OPEN" }).pipe(Effect.andThen(a.flush())))
        yield* settle
        assert.lengthOf(sent, 1)
        yield* TestClock.adjust("9999 millis")
        yield* settle
        assert.isFalse(sent[0]?.init.signal?.aborted)
        yield* TestClock.adjust("1 millis")
        yield* settle
        assert.isTrue(sent[0]?.init.signal?.aborted)
        assert.isTrue(lines.some((line) => line.level === "Warn" && line.text.includes("within 10 s")))
      }).pipe(
        Effect.provide(live()),
        Effect.provideService(FetchHttpClient.Fetch, recordingFetch(sent, never)),
        captureLogs(lines)
      )
    }
  )
})

describe("Analytics batching", () => {
  /** An HTTP client that records each request's batch and answers 202 at once. */
  const recordingClient = (batches: Array<ReadonlyArray<AnalyticsPayload>>, urls: Array<string> = []) =>
    Layer.succeed(
      HttpClient.HttpClient,
      HttpClient.make((request) =>
        Effect.sync(() => {
          urls.push(request.url)
          const body = request.body._tag === "Uint8Array" ? new TextDecoder().decode(request.body.body) : "[]"
          batches.push(JSON.parse(body) as ReadonlyArray<AnalyticsPayload>)
          return HttpClientResponse.fromWeb(request, new Response("{}", { status: 202 }))
        })
      )
    )

  /** A page whose visibility the test changes, with a `navigator.sendBeacon` that records (or refuses) beacons. */
  const fakePage = (beacon: "accept" | "refuse" | "none" = "accept") => {
    const document = Object.assign(new EventTarget(), { visibilityState: "visible" as DocumentVisibilityState })
    const window = new EventTarget()
    const beacons: Array<{ readonly url: URL; readonly body: ReadonlyArray<AnalyticsPayload> }> = []
    const navigator =
      beacon === "none"
        ? {}
        : {
            sendBeacon(url: string, body: string) {
              if (beacon === "refuse") return false
              beacons.push({ url: new URL(url), body: JSON.parse(body) as ReadonlyArray<AnalyticsPayload> })
              return true
            }
          }
    const platform = Platform.layerTest({
      origin: "https://dapp.example",
      href: "https://dapp.example/",
      document: document as unknown as Document,
      window: window as unknown as Window,
      navigator: navigator as unknown as Navigator
    })
    return {
      platform,
      beacons,
      hide: () => {
        document.visibilityState = "hidden"
        document.dispatchEvent(new Event("visibilitychange"))
      },
      show: () => {
        document.visibilityState = "visible"
        document.dispatchEvent(new Event("visibilitychange"))
      },
      pagehide: () => window.dispatchEvent(new Event("pagehide"))
    }
  }

  const layerOn = (
    platform: Layer.Layer<Platform>,
    batches: Array<ReadonlyArray<AnalyticsPayload>>,
    urls?: Array<string>
  ) => Analytics.layer.pipe(Layer.provide(Layer.mergeAll(recordingClient(batches, urls), config, platform)))

  const settle = Effect.gen(function* () {
    for (let i = 0; i < 20; i++) yield* Effect.yieldNow
  })
  const track = (event: string) => Analytics.use((a) => a.sendEvent({ type: "track", event }))
  const names = (batch: ReadonlyArray<AnalyticsPayload> | undefined) => batch?.map((p) => p.props.event)

  it.effect("events wait for the 10 s timer, then go out together as one batch, in order", () => {
    const batches: Array<ReadonlyArray<AnalyticsPayload>> = []
    const urls: Array<string> = []
    return Effect.gen(function* () {
      yield* track("MODAL_OPEN")
      yield* TestClock.adjust("4 seconds")
      yield* track("SELECT_WALLET")
      yield* track("CONNECT_SUCCESS")
      yield* settle
      assert.lengthOf(batches, 0, "nothing is sent before the oldest event waited 10 s")
      yield* TestClock.adjust("5999 millis")
      yield* settle
      assert.lengthOf(batches, 0)
      yield* TestClock.adjust("1 millis")
      yield* settle
      assert.deepStrictEqual(names(batches[0]), ["MODAL_OPEN", "SELECT_WALLET", "CONNECT_SUCCESS"])
      assert.strictEqual(new URL(urls[0]!).pathname, "/e")
      // The next event starts a new 10 s wait.
      yield* track("MODAL_CLOSE")
      yield* TestClock.adjust("10 seconds")
      yield* settle
      assert.deepStrictEqual(names(batches[1]), ["MODAL_CLOSE"])
      assert.lengthOf(batches, 2)
    }).pipe(Effect.provide(layerOn(fakePage().platform, batches, urls)))
  })

  it.effect(`${analyticsBatchSize} queued events go out at once, without waiting for the timer`, () => {
    const batches: Array<ReadonlyArray<AnalyticsPayload>> = []
    return Effect.gen(function* () {
      for (let i = 0; i < analyticsBatchSize - 1; i++) yield* track(`E${i}`)
      yield* settle
      assert.lengthOf(batches, 0)
      yield* track("LAST")
      yield* settle
      assert.lengthOf(batches, 1)
      assert.lengthOf(batches[0]!, analyticsBatchSize)
      assert.strictEqual(batches[0]?.at(-1)?.props.event, "LAST")
    }).pipe(Effect.provide(layerOn(fakePage().platform, batches)))
  })

  it.effect("the page hidden: the queue goes at once with sendBeacon (not over HTTP), to the same URL", () => {
    const batches: Array<ReadonlyArray<AnalyticsPayload>> = []
    const page = fakePage()
    return Effect.gen(function* () {
      yield* track("MODAL_OPEN")
      yield* track("MODAL_CLOSE")
      page.hide()
      // Synchronously, in the listener: a page being hidden may never run another task.
      assert.lengthOf(page.beacons, 1)
      const [beacon] = page.beacons
      assert.deepStrictEqual(names(beacon?.body), ["MODAL_OPEN", "MODAL_CLOSE"])
      assert.strictEqual(beacon?.url.origin, analyticsHost)
      assert.strictEqual(beacon?.url.pathname, "/e")
      assert.deepStrictEqual(Object.fromEntries(beacon?.url.searchParams ?? []), {
        projectId: "p1",
        st: "airlock",
        sv: "airlock-4.0.0"
      })
      // The queue is empty: the timer and a second hide send nothing more.
      page.show()
      page.hide()
      yield* TestClock.adjust("10 seconds")
      yield* settle
      assert.lengthOf(page.beacons, 1)
      assert.lengthOf(batches, 0)
    }).pipe(Effect.provide(layerOn(page.platform, batches)))
  })

  it.effect("pagehide sends the queue with sendBeacon too; a visible page's visibilitychange sends nothing", () => {
    const batches: Array<ReadonlyArray<AnalyticsPayload>> = []
    const page = fakePage()
    return Effect.gen(function* () {
      yield* track("MODAL_OPEN")
      page.show()
      assert.lengthOf(page.beacons, 0)
      page.pagehide()
      assert.deepStrictEqual(names(page.beacons[0]?.body), ["MODAL_OPEN"])
    }).pipe(Effect.provide(layerOn(page.platform, batches)))
  })

  it.effect("no sendBeacon (Node, old browsers): hiding the page sends the queue over HTTP", () => {
    const batches: Array<ReadonlyArray<AnalyticsPayload>> = []
    const page = fakePage("none")
    return Effect.gen(function* () {
      yield* track("MODAL_OPEN")
      page.hide()
      yield* settle
      assert.deepStrictEqual(names(batches[0]), ["MODAL_OPEN"])
    }).pipe(Effect.provide(layerOn(page.platform, batches)))
  })

  it.effect("a beacon the browser refuses (over its quota) goes over HTTP instead; nothing is lost", () => {
    const batches: Array<ReadonlyArray<AnalyticsPayload>> = []
    const page = fakePage("refuse")
    return Effect.gen(function* () {
      yield* track("MODAL_OPEN")
      page.hide()
      yield* settle
      assert.deepStrictEqual(names(batches[0]), ["MODAL_OPEN"])
    }).pipe(Effect.provide(layerOn(page.platform, batches)))
  })

  it.effect("the client going away (its scope closed) sends what is queued with a beacon and stops listening", () => {
    const batches: Array<ReadonlyArray<AnalyticsPayload>> = []
    const page = fakePage()
    return Effect.gen(function* () {
      yield* track("DISCONNECT_SUCCESS").pipe(Effect.provide(layerOn(page.platform, batches)))
      assert.deepStrictEqual(names(page.beacons[0]?.body), ["DISCONNECT_SUCCESS"])
      page.hide()
      assert.lengthOf(page.beacons, 1, "the listeners are gone with the client")
    })
  })

  it.effect("error reports are capped at 5 a minute on the client's clock, batched or not", () => {
    const batches: Array<ReadonlyArray<AnalyticsPayload>> = []
    return Effect.gen(function* () {
      const analytics = yield* Analytics
      for (let i = 0; i < 8; i++) yield* analytics.sendError(new TypeError(`bug ${i}`))
      yield* TestClock.adjust("10 seconds")
      yield* settle
      const errors = batches.flat().filter((p) => p.props.type === "error")
      assert.lengthOf(errors, 5)
      assert.deepStrictEqual(
        errors.map((p) => (p.props.type === "error" ? p.props.errorMessage : "")),
        ["bug 0", "bug 1", "bug 2", "bug 3", "bug 4"]
      )
      yield* TestClock.adjust("50 seconds")
      yield* analytics.sendError(new TypeError("a minute later"))
      yield* TestClock.adjust("10 seconds")
      yield* settle
      assert.lengthOf(batches.flat(), 6)
    }).pipe(Effect.provide(layerOn(fakePage().platform, batches)))
  })
})
