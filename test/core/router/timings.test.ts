import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"
import {
  FARCASTER_RELOAD_DELAY_MS,
  HEADER_TEXT_TRANSITION_MS,
  MODAL_HEIGHT_TRANSITION_MS,
  MODAL_WIDTH_PX,
  MODAL_Z_INDEX,
  SHAKE_MS,
  SNACK_REPLACE_MS,
  VIEW_TRANSITION_MS
} from "../../../core/router/constants.ts"
import { hideSnack, runRouterEffects, type SnackMessage, shake, showSnack } from "../../../core/router/timings.ts"
import { cell, makeStore } from "../../../core/state/Store.ts"

const copied: SnackMessage = { message: { id: "common.addressCopied" }, variant: "success" }
const failed: SnackMessage = { message: { id: "AccountDataError.TransactionsFailed" }, variant: "error" }

/** A cell over a one-slice store, as the client hands its state slices to the timed helpers. */
const makeCell = <A>(value: A) => Effect.sync(() => cell(makeStore({ value }), "value"))

const makeSnack = (value: SnackMessage | undefined = undefined) =>
  Effect.map(makeCell<SnackMessage | undefined>(value), (ref) => ({ ref, cell: ref }))

describe("modal constants", () => {
  it("animation timings are 120 ms header text, 150 ms modal height, 150 ms view transition", () => {
    assert.deepStrictEqual([HEADER_TEXT_TRANSITION_MS, MODAL_HEIGHT_TRANSITION_MS, VIEW_TRANSITION_MS], [120, 150, 150])
  })

  it("the modal is 360px wide on z-index 999", () => {
    assert.deepStrictEqual([MODAL_WIDTH_PX, MODAL_Z_INDEX], [360, 999])
  })
})

describe("shake", () => {
  it.effect("the modal shakes for 500 ms when shake is triggered", () =>
    Effect.gen(function* () {
      assert.strictEqual(SHAKE_MS, 500)
      const ref = yield* makeCell(false)
      const fiber = yield* Effect.forkChild(shake(ref))
      yield* Effect.yieldNow
      assert.isTrue(yield* ref.get)
      yield* TestClock.adjust("499 millis")
      assert.isTrue(yield* ref.get)
      yield* TestClock.adjust("1 millis")
      yield* Fiber.join(fiber)
      assert.isFalse(yield* ref.get)
    })
  )

  it.effect("a second shake while shaking does not extend the 500 ms", () =>
    Effect.gen(function* () {
      const ref = yield* makeCell(false)
      const cell = ref
      const first = yield* Effect.forkChild(shake(cell))
      yield* TestClock.adjust("300 millis")
      yield* shake(cell)
      yield* TestClock.adjust("200 millis")
      yield* Fiber.join(first)
      assert.isFalse(yield* ref.get)
    })
  )

  it.effect("interrupting a shake stops it", () =>
    Effect.gen(function* () {
      const ref = yield* makeCell(false)
      const fiber = yield* Effect.forkChild(shake(ref))
      yield* TestClock.adjust("100 millis")
      yield* Fiber.interrupt(fiber)
      assert.isFalse(yield* ref.get)
    })
  )
})

describe("snack messages", () => {
  it.effect("a message shows at once when none is open", () =>
    Effect.gen(function* () {
      const { ref, cell } = yield* makeSnack()
      yield* showSnack(cell, copied)
      assert.deepStrictEqual(yield* ref.get, copied)
    })
  )

  it.effect("a new message while one is open closes it and shows the new one after 150 ms", () =>
    Effect.gen(function* () {
      assert.strictEqual(SNACK_REPLACE_MS, 150)
      const { ref, cell } = yield* makeSnack(copied)
      const fiber = yield* Effect.forkChild(showSnack(cell, failed))
      yield* Effect.yieldNow
      assert.isUndefined(yield* ref.get)
      yield* TestClock.adjust("149 millis")
      assert.isUndefined(yield* ref.get)
      yield* TestClock.adjust("1 millis")
      yield* Fiber.join(fiber)
      assert.deepStrictEqual(yield* ref.get, failed)
    })
  )

  it.effect("a message arriving during the 150 ms gap wins over the one waiting", () =>
    Effect.gen(function* () {
      const { ref, cell } = yield* makeSnack(copied)
      const waiting = yield* Effect.forkChild(showSnack(cell, failed))
      yield* TestClock.adjust("50 millis")
      const newest: SnackMessage = {
        message: { id: "common.appText", params: { text: "Network switched" } },
        variant: "info"
      }
      yield* showSnack(cell, newest)
      yield* TestClock.adjust("100 millis")
      yield* Fiber.join(waiting)
      assert.deepStrictEqual(yield* ref.get, newest)
    })
  )

  it.effect("hiding removes the message shown", () =>
    Effect.gen(function* () {
      const { ref, cell } = yield* makeSnack(copied)
      yield* hideSnack(cell)
      assert.isUndefined(yield* ref.get)
    })
  )
})

describe("router effects", () => {
  it.effect("the auth connector reloads 100 ms after the Farcaster url is cleared", () =>
    Effect.gen(function* () {
      assert.strictEqual(FARCASTER_RELOAD_DELAY_MS, 100)
      const log: Array<string> = []
      const record = (entry: string) => Effect.sync(() => void log.push(entry))
      const fiber = yield* Effect.forkChild(
        runRouterEffects([{ _tag: "ClearFarcasterUrl" }, { _tag: "ReloadAuthConnector", delayMs: 100 }], {
          switchNamespace: (namespace) => record(`switch ${namespace}`),
          clearFarcasterUrl: record("clear"),
          reloadAuthConnector: record("reload")
        })
      )
      yield* Effect.yieldNow
      assert.deepStrictEqual(log, ["clear"])
      yield* TestClock.adjust("99 millis")
      assert.deepStrictEqual(log, ["clear"])
      yield* TestClock.adjust("1 millis")
      yield* Fiber.join(fiber)
      assert.deepStrictEqual(log, ["clear", "reload"])
    })
  )

  it.effect("a namespace switch runs with the namespace asked for", () =>
    Effect.gen(function* () {
      const switched: Array<string> = []
      yield* runRouterEffects([{ _tag: "SwitchNamespace", namespace: "solana" }], {
        switchNamespace: (namespace) => Effect.sync(() => void switched.push(namespace)),
        clearFarcasterUrl: Effect.void,
        reloadAuthConnector: Effect.void
      })
      assert.deepStrictEqual(switched, ["solana"])
    })
  )
})
