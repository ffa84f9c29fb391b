/**
 * Core's Frame service in real Chromium with a real cross-origin iframe: the test page runs on one loopback name
 * (`localhost` or `127.0.0.1`) and the fixture secure site (`frame-site/sdk.html`) is served from the other, so the
 * origin and window checks meet real `MessageEvent`s. The 500 ms after READY runs on a TestClock; waits for the frame
 * are waits for a condition.
 */
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import { TestClock } from "effect/testing"
import { assert, describe, it, vi } from "vitest"
import { frameLayer } from "../../../core/client/frameLayer.ts"
import { ClientConfig } from "../../../core/services/ClientConfig.ts"
import { Frame } from "../../../core/services/Frame.ts"
import type { FrameEvent } from "../../../core/services/FrameShape.ts"
import { Platform } from "../../../core/services/Platform.ts"
import { StateStore } from "../../../core/state/StateStore.ts"
import { makeFlowStore } from "./flowContext.ts"

const otherName = location.hostname === "localhost" ? "127.0.0.1" : "localhost"
const secureSite = `${location.protocol}//${otherName}:${location.port}/test/core/services/frame-site`

const layer = frameLayer.pipe(
  Layer.provide(
    Layer.mergeAll(
      ClientConfig.layer({
        projectId: "p1",
        sdkType: "airlock",
        sdkVersion: "airlock-4.0.0",
        endpoints: { walletApi: "http://127.0.0.1:9", blockchainApi: "http://127.0.0.1:9", frame: secureSite }
      }),
      Platform.layerBrowser,
      StateStore.layer(makeFlowStore())
    )
  )
)

/** The warnings logged while `self` runs (deep imports only: the browser project pre-bundles a fixed list). */
const withWarnings =
  (warnings: Array<string>) =>
  <A, E, R>(self: Effect.Effect<A, E, R>) =>
    Effect.provide(
      self,
      Logger.layer([
        Logger.make(({ logLevel, message }) => {
          if (logLevel === "Warn") warnings.push((Array.isArray(message) ? message : [message]).map(String).join(" "))
        })
      ])
    )

/**
 * Runs a test body on a TestClock, with the Frame layer closed at its end. The real frame loads in real time while the
 * service's timers wait on the TestClock: the clock's own warning about unadvanced time (after 1 s by default, which a
 * busy machine's frame load passed) is moved past the waits' bound, so `warnings` holds the service's warnings only.
 */
const run = <A, E>(body: Effect.Effect<A, E, Frame>, warnings: Array<string>) =>
  Effect.runPromise(
    body.pipe(
      Effect.provide(layer),
      withWarnings(warnings),
      Effect.provide(TestClock.layer({ warningDelay: "1 minute" })),
      Effect.scoped
    )
  )

/** Waits (polling, bounded) until `condition` holds. */
const until = (condition: () => boolean) =>
  Effect.promise(() => vi.waitFor(() => assert.isTrue(condition()), { timeout: 5_000, interval: 10 }))

describe("Frame with a real cross-origin iframe", () => {
  it("loads the hidden frame, takes its READY, and gets replies matched by id", async () => {
    const warnings: Array<string> = []
    const body = Effect.gen(function* () {
      const frame = yield* Frame
      yield* frame.ensureFrame({ chainId: 8453, rpcUrl: "http://127.0.0.1:9/rpc" })
      const iframe = document.querySelector("iframe[title='Airlock secure wallet']") as HTMLIFrameElement
      assert.isTrue(iframe.hidden)
      assert.strictEqual(new URL(iframe.src).origin, new URL(secureSite).origin)
      assert.notStrictEqual(new URL(iframe.src).origin, location.origin, "the frame is cross-origin to the page")
      yield* until(() => frame.status() === "ready")
      yield* TestClock.adjust(500)
      yield* frame.ready

      const [connected, chain] = yield* Effect.all([frame.request("IS_CONNECTED"), frame.request("GET_CHAIN_ID")], {
        concurrency: "unbounded"
      })
      assert.deepStrictEqual(connected, { isConnected: true })
      assert.deepStrictEqual(chain, { chainId: 8453 })
      const refused = yield* Effect.flip(frame.request("RELOAD"))
      assert.strictEqual(refused.shortMessage, "Unknown action RELOAD")
    })
    await run(body, warnings)
    assert.deepStrictEqual(warnings, [])
  })

  it("a message the page forges as the frame is ignored with a warning; the frame's own is taken", async () => {
    const warnings: Array<string> = []
    const body = Effect.gen(function* () {
      const frame = yield* Frame
      yield* frame.ensureFrame({ chainId: 1, rpcUrl: "http://127.0.0.1:9/rpc" })
      yield* until(() => frame.status() === "ready")
      yield* TestClock.adjust(500)
      const seen: Array<FrameEvent> = []
      frame.subscribe((event) => seen.push(event))
      // Another script of the app's own origin pretends to be the frame.
      window.postMessage({ type: "@airlock-frame/SESSION_UPDATE", payload: { isConnected: true } }, "*")
      // The fixture says SESSION_UPDATE { isConnected: false } before it answers GET_CHAIN_ID.
      yield* frame.request("GET_CHAIN_ID")
      assert.deepStrictEqual(seen, [{ type: "SESSION_UPDATE", isConnected: false }])
    })
    await run(body, warnings)
    assert.lengthOf(warnings, 1)
    assert.include(warnings[0], "another origin")
  })
})
