import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Fiber } from "effect"
import { TestClock } from "effect/testing"
import { AlertError } from "../../../core/errors/alerts.ts"
import { FrameError } from "../../../core/errors/catalogue.ts"
import { Frame } from "../../../core/services/Frame.ts"
import type { FrameEvent } from "../../../core/services/FrameShape.ts"
import { alertTitle } from "../../fixtures/englishText.ts"
import { captureLogs, type LoggedLine } from "./captureLogs.ts"
import { makeFlowStore } from "./flowContext.ts"
import { frameLayer, makeFakePage, secureOrigin, settle } from "./frameFake.ts"

const params = { chainId: 8453, rpcUrl: "http://127.0.0.1:8545/rpc" }
const user = { email: "ada@example.com", address: "0xabc", chainId: 8453 }

/** Creates the frame, lets it post READY and waits out the 500 ms. */
const readyFrame = (page: ReturnType<typeof makeFakePage>) =>
  Effect.gen(function* () {
    const frame = yield* Frame
    yield* frame.ensureFrame(params)
    page.deliver({ type: "@airlock-frame/READY" })
    yield* settle
    yield* TestClock.adjust(500)
    yield* frame.ready
    return frame
  })

/** The error a failed fiber ended with. */
const failureOf = <A, E>(exit: Exit.Exit<A, E> | undefined): E => {
  assert.isTrue(exit !== undefined && Exit.isFailure(exit), "the fiber should have failed")
  const found = (exit as Exit.Failure<A, E>).cause.reasons.find((reason) => reason._tag === "Fail")
  return (found as { readonly error: E }).error
}

describe("Frame: loading", () => {
  it.effect("ensureFrame adds one hidden iframe at <endpoints.frame>/sdk with SPEC §7's query parameters", () => {
    const page = makeFakePage()
    return Effect.gen(function* () {
      const frame = yield* Frame
      yield* frame.ensureFrame({ ...params, enableLogger: true })
      yield* frame.ensureFrame({ chainId: 1, rpcUrl: "http://elsewhere" })
      assert.lengthOf(page.iframes, 1, "a second ensureFrame adds no frame")
      const [iframe] = page.iframes
      const src = new URL(iframe!.attributes.get("src")!)
      assert.strictEqual(`${src.origin}${src.pathname}`, `${secureOrigin}/embedded/sdk`)
      assert.deepStrictEqual(Object.fromEntries(src.searchParams), {
        projectId: "p1",
        chainId: "8453",
        version: "airlock-4.0.0",
        enableLogger: "true",
        rpcUrl: "http://127.0.0.1:8545/rpc"
      })
      assert.isTrue(iframe!.attributes.has("hidden"))
      assert.strictEqual(iframe!.attributes.get("aria-hidden"), "true")
      assert.strictEqual(iframe!.attributes.get("title"), "Airlock secure wallet")
      // The frame runs scripts on its own origin, and nothing else: no popups, top navigation or forms.
      assert.deepStrictEqual(iframe!.attributes.get("sandbox")?.split(" ").sort(), [
        "allow-same-origin",
        "allow-scripts"
      ])
      assert.strictEqual(iframe!.attributes.get("allow"), "")
      assert.strictEqual(frame.status(), "loading")
    }).pipe(Effect.provide(frameLayer(page)))
  })

  it.effect("enableCloudAuthAccount is sent only when asked for", () => {
    const page = makeFakePage()
    return Effect.gen(function* () {
      const frame = yield* Frame
      yield* frame.ensureFrame({
        chainId: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
        rpcUrl: "http://sol",
        enableCloudAuthAccount: true
      })
      const src = new URL(page.iframes[0]!.attributes.get("src")!)
      assert.strictEqual(src.searchParams.get("enableCloudAuthAccount"), "true")
      assert.strictEqual(src.searchParams.get("chainId"), "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")
      assert.strictEqual(src.searchParams.get("enableLogger"), "false")
    }).pipe(Effect.provide(frameLayer(page)))
  })

  it.effect("is not ready until the frame's READY, and counts as initialised 500 ms after it", () => {
    const page = makeFakePage()
    return Effect.gen(function* () {
      const frame = yield* Frame
      yield* frame.ensureFrame(params)
      const waiting = yield* Effect.forkChild(frame.ready)
      yield* TestClock.adjust(15_000)
      assert.strictEqual(frame.status(), "loading")
      assert.isUndefined(waiting.pollUnsafe())
      page.deliver({ type: "@airlock-frame/READY" })
      yield* settle
      assert.strictEqual(frame.status(), "ready")
      yield* TestClock.adjust(499)
      assert.isUndefined(waiting.pollUnsafe(), "not initialised 499 ms after READY")
      yield* TestClock.adjust(1)
      yield* Fiber.join(waiting)
      assert.strictEqual(frame.status(), "initialised")
    }).pipe(Effect.provide(frameLayer(page)))
  })

  it.effect("a READY from another origin or another window does not count, and each warns once", () => {
    const page = makeFakePage()
    const lines: Array<LoggedLine> = []
    return Effect.gen(function* () {
      const frame = yield* Frame
      yield* frame.ensureFrame(params)
      page.deliver({ type: "@airlock-frame/READY" }, { origin: "https://evil.example" })
      page.deliver({ type: "@airlock-frame/READY" }, { source: page.otherWindow })
      page.deliver({ type: "@airlock-frame/READY" }, { origin: `${secureOrigin}:8443` })
      yield* settle
      assert.strictEqual(frame.status(), "loading")
      const warnings = lines.filter((line) => line.level === "Warn")
      assert.lengthOf(warnings, 3)
      assert.include(warnings[0]!.text, "another origin (https://evil.example)")
      assert.include(warnings[1]!.text, "a window other than the frame")
    }).pipe(Effect.provide(frameLayer(page)), captureLogs(lines))
  })

  it.effect(
    "other scripts' messages on the page (not from the secure origin, not frame messages) are left alone",
    () => {
      const page = makeFakePage()
      const lines: Array<LoggedLine> = []
      return Effect.gen(function* () {
        const frame = yield* Frame
        yield* frame.ensureFrame(params)
        page.deliver(
          { target: "metamask-contentscript", data: { name: "metamask-provider" } },
          { origin: "https://dapp.example" }
        )
        page.deliver("webpackHotUpdate", { origin: "https://dapp.example" })
        assert.deepStrictEqual(
          lines.filter((line) => line.level === "Warn"),
          []
        )
      }).pipe(Effect.provide(frameLayer(page)), captureLogs(lines))
    }
  )

  it.effect(
    "no READY within 20 s shows the Wallet Load Failed alert (APKT003); a late READY still initialises it",
    () => {
      const page = makeFakePage()
      const store = makeFlowStore()
      return Effect.gen(function* () {
        const frame = yield* Frame
        yield* frame.ensureFrame(params)
        const waiting = yield* Effect.forkChild(frame.ready)
        yield* TestClock.adjust(19_999)
        assert.isUndefined(store.getSnapshot().alert)
        assert.isUndefined(waiting.pollUnsafe())
        yield* TestClock.adjust(1)
        assert.strictEqual(store.getSnapshot().alert?.code, "APKT003")
        assert.strictEqual(alertTitle(store.getSnapshot().alert), "Network Error: Wallet Load Failed")
        const error = failureOf(waiting.pollUnsafe())
        assert.instanceOf(error, AlertError)
        assert.strictEqual((error as AlertError).shortMessage, "Network Error: Wallet Load Failed")
        assert.strictEqual(frame.status(), "failed")
        // Asking again after the 20 s fails at once, until the frame says it is ready.
        assert.strictEqual((yield* Effect.flip(frame.ready)).shortMessage, "Network Error: Wallet Load Failed")
        page.deliver({ type: "@airlock-frame/READY" })
        yield* settle
        yield* TestClock.adjust(500)
        yield* frame.ready
        assert.strictEqual(frame.status(), "initialised")
      }).pipe(Effect.provide(frameLayer(page, store)))
    }
  )

  it.effect("without endpoints.frame, or before the frame exists, it is 'W3mFrame: iframe is not set'", () => {
    const page = makeFakePage()
    return Effect.gen(function* () {
      const frame = yield* Frame
      const early = yield* Effect.flip(frame.request("IS_CONNECTED"))
      assert.instanceOf(early, FrameError)
      assert.strictEqual(early.shortMessage, "W3mFrame: iframe is not set")
      const unset = yield* Effect.flip(frame.ensureFrame(params))
      assert.strictEqual(unset.shortMessage, "W3mFrame: iframe is not set")
      assert.include(unset.message, "endpoints.frame is not configured")
      assert.lengthOf(page.iframes, 0)
      assert.strictEqual(frame.status(), "absent")
    }).pipe(Effect.provide(frameLayer(page, makeFlowStore(), null)))
  })

  it.effect("closing the client removes the iframe and stops listening", () => {
    const page = makeFakePage()
    return Effect.gen(function* () {
      yield* Effect.scoped(
        Effect.gen(function* () {
          const frame = yield* Frame
          yield* frame.ensureFrame(params)
          assert.isTrue(page.iframes[0]!.connected)
          assert.strictEqual(page.listeners.size, 1)
        }).pipe(Effect.provide(frameLayer(page)))
      )
      assert.isFalse(page.iframes[0]!.connected)
      assert.strictEqual(page.listeners.size, 0)
    })
  })
})

describe("Frame: requests", () => {
  it.effect(
    "a request waits for initialisation, posts to the secure origin only, and gives the success payload",
    () => {
      const page = makeFakePage()
      return Effect.gen(function* () {
        const frame = yield* Frame
        yield* frame.ensureFrame(params)
        const asking = yield* Effect.forkChild(frame.request("CONNECT_EMAIL", { email: "ada@example.com" }))
        yield* settle
        assert.lengthOf(page.posted, 0, "nothing is posted before READY + 500 ms")
        page.deliver({ type: "@airlock-frame/READY" })
        yield* settle
        yield* TestClock.adjust(500)
        yield* settle
        assert.lengthOf(page.posted, 1)
        const [{ message, targetOrigin }] = page.posted as [(typeof page.posted)[number]]
        assert.strictEqual(targetOrigin, secureOrigin)
        assert.strictEqual(message.type, "@airlock-app/CONNECT_EMAIL")
        assert.deepStrictEqual(message.payload, { email: "ada@example.com" })
        assert.isTrue(message.id.length > 0 && message.id.length <= 64)
        page.reply("SUCCESS", { action: "VERIFY_OTP", extra: "dropped" })
        assert.deepStrictEqual(yield* Fiber.join(asking), { action: "VERIFY_OTP" })
      }).pipe(Effect.provide(frameLayer(page)))
    }
  )

  it.effect("the user comes back decoded, and an RPC result is whatever JSON the frame gives", () => {
    const page = makeFakePage()
    return Effect.gen(function* () {
      const frame = yield* readyFrame(page)
      const getting = yield* Effect.forkChild(frame.request("GET_USER", { chainId: 8453 }))
      yield* settle
      page.reply("SUCCESS", user)
      assert.deepStrictEqual(yield* Fiber.join(getting), user)
      const rpc = yield* Effect.forkChild(
        frame.request("RPC_REQUEST", { method: "eth_chainId", chainId: 8453, chainNamespace: "eip155" })
      )
      yield* settle
      page.reply("SUCCESS", "0x2105")
      assert.strictEqual(yield* Fiber.join(rpc), "0x2105")
    }).pipe(Effect.provide(frameLayer(page)))
  })

  it.effect("an _ERROR reply fails with the frame's message; an empty one with 'Something went wrong'", () => {
    const page = makeFakePage()
    return Effect.gen(function* () {
      const frame = yield* readyFrame(page)
      const otp = yield* Effect.forkChild(frame.request("CONNECT_OTP", { otp: "000000" }))
      yield* settle
      page.reply("ERROR", { message: "Invalid code" })
      const error = yield* Effect.flip(Fiber.join(otp))
      assert.instanceOf(error, FrameError)
      assert.strictEqual(error.shortMessage, "Invalid code")
      const blank = yield* Effect.forkChild(frame.request("IS_CONNECTED"))
      yield* settle
      page.reply("ERROR", { message: "" })
      assert.strictEqual((yield* Effect.flip(Fiber.join(blank))).shortMessage, "Something went wrong")
      const aborted = yield* Effect.forkChild(
        frame.request("RPC_REQUEST", { method: "personal_sign", chainId: 1, chainNamespace: "eip155" })
      )
      yield* settle
      page.reply("ERROR", { message: "Request was aborted" })
      const abortError = yield* Effect.flip(Fiber.join(aborted))
      assert.strictEqual((abortError as FrameError).reason, "Aborted")
    }).pipe(Effect.provide(frameLayer(page)))
  })

  it.effect("a reply whose id is not pending, or names another action, is ignored with a warning", () => {
    const page = makeFakePage()
    const lines: Array<LoggedLine> = []
    return Effect.gen(function* () {
      const frame = yield* readyFrame(page)
      const asking = yield* Effect.forkChild(frame.request("IS_CONNECTED"))
      yield* settle
      const { id } = page.posted[0]!.message
      page.deliver({ type: "@airlock-frame/IS_CONNECTED_SUCCESS", id: "not-pending", payload: { isConnected: true } })
      page.deliver({ type: "@airlock-frame/GET_CHAIN_ID_SUCCESS", id, payload: { chainId: 1 } })
      page.deliver({ type: "@airlock-frame/IS_CONNECTED_SUCCESS", id, payload: { isConnected: "yes" } })
      yield* settle
      assert.isUndefined(asking.pollUnsafe())
      assert.lengthOf(
        lines.filter((line) => line.level === "Warn"),
        3
      )
      page.reply("SUCCESS", { isConnected: true })
      assert.deepStrictEqual(yield* Fiber.join(asking), { isConnected: true })
      // Answered once: the same reply again is not pending any more.
      page.reply("SUCCESS", { isConnected: false })
      assert.lengthOf(
        lines.filter((line) => line.level === "Warn"),
        4
      )
    }).pipe(Effect.provide(frameLayer(page)), captureLogs(lines))
  })

  it.effect("no reply within 120 s fails with the Wallet Request Timeout alert (APKT004), shown on the modal", () => {
    const page = makeFakePage()
    const store = makeFlowStore()
    return Effect.gen(function* () {
      const frame = yield* readyFrame(page)
      const asking = yield* Effect.forkChild(frame.request("GET_USER", {}))
      yield* settle
      yield* TestClock.adjust(119_999)
      assert.isUndefined(asking.pollUnsafe())
      yield* TestClock.adjust(1)
      const error = failureOf(asking.pollUnsafe())
      assert.instanceOf(error, AlertError)
      assert.strictEqual((error as AlertError).code, "APKT004")
      assert.strictEqual(alertTitle(store.getSnapshot().alert), "Wallet Request Timeout")
    }).pipe(Effect.provide(frameLayer(page, store)))
  })

  it.effect("abort fails the pending RPC request with 'Request was aborted' and sends RPC_ABORT", () => {
    const page = makeFakePage()
    return Effect.gen(function* () {
      const frame = yield* readyFrame(page)
      const signing = yield* Effect.forkChild(
        frame.request("RPC_REQUEST", {
          method: "personal_sign",
          params: ["0x68656c6c6f", "0xabc"],
          chainId: 8453,
          chainNamespace: "eip155"
        })
      )
      const user = yield* Effect.forkChild(frame.request("GET_USER", {}))
      yield* settle
      yield* frame.abort
      const error = yield* Effect.flip(Fiber.join(signing))
      assert.instanceOf(error, FrameError)
      assert.strictEqual(error.shortMessage, "Request was aborted")
      yield* settle
      assert.deepStrictEqual(
        page.posted.map(({ message }) => message.type),
        ["@airlock-app/RPC_REQUEST", "@airlock-app/GET_USER", "@airlock-app/RPC_ABORT"]
      )
      assert.isUndefined(user.pollUnsafe(), "other requests keep waiting")
      // The frame's late error for the aborted request changes nothing.
      page.reply("ERROR", { message: "Request was aborted" }, 0)
      page.reply("SUCCESS", undefined, 2)
      page.reply("SUCCESS", { address: "0xabc", chainId: 8453 }, 1)
      assert.strictEqual((yield* Fiber.join(user)).address, "0xabc")
    }).pipe(Effect.provide(frameLayer(page)))
  })

  it.effect("sign-out is over after 3 s when the frame does not answer, and at once when it does", () => {
    const page = makeFakePage()
    return Effect.gen(function* () {
      const frame = yield* readyFrame(page)
      const silent = yield* Effect.forkChild(frame.signOut)
      yield* settle
      assert.strictEqual(page.posted.at(-1)?.message.type, "@airlock-app/SIGN_OUT")
      yield* TestClock.adjust(2_999)
      assert.isUndefined(silent.pollUnsafe())
      yield* TestClock.adjust(1)
      assert.isTrue(Exit.isSuccess(silent.pollUnsafe()!))
      const answered = yield* Effect.forkChild(frame.signOut)
      yield* settle
      page.reply("SUCCESS")
      yield* settle
      assert.isTrue(Exit.isSuccess(answered.pollUnsafe()!))
      const failing = yield* Effect.forkChild(frame.signOut)
      yield* settle
      page.reply("ERROR", { message: "Not signed in" })
      yield* settle
      assert.isTrue(Exit.isSuccess(failing.pollUnsafe()!), "sign-out never fails")
    }).pipe(Effect.provide(frameLayer(page)))
  })

  it.effect(
    "a request that breaks the protocol (a 2 MB email, params over 1 MB) fails before anything is posted",
    () => {
      const page = makeFakePage()
      return Effect.gen(function* () {
        const frame = yield* readyFrame(page)
        const long = yield* Effect.flip(
          frame.request("CONNECT_EMAIL", { email: `${"a".repeat(2_000_000)}@example.com` })
        )
        assert.strictEqual(long.shortMessage, "An error occurred")
        const huge = yield* Effect.flip(
          frame.request("RPC_REQUEST", {
            method: "personal_sign",
            params: ["x".repeat(1_100_000)],
            chainId: 1,
            chainNamespace: "eip155"
          })
        )
        assert.include(huge.message, "over 1 MB")
        assert.lengthOf(page.posted, 0)
      }).pipe(Effect.provide(frameLayer(page)))
    }
  )
})

describe("Frame: events", () => {
  it.effect("SESSION_UPDATE reaches every subscriber until it unsubscribes", () => {
    const page = makeFakePage()
    return Effect.gen(function* () {
      const frame = yield* readyFrame(page)
      const seen: Array<FrameEvent> = []
      const stop = frame.subscribe((event) => seen.push(event))
      page.deliver({ type: "@airlock-frame/SESSION_UPDATE", payload: { isConnected: false } })
      page.deliver(
        { type: "@airlock-frame/SESSION_UPDATE", payload: { isConnected: false } },
        { source: page.otherWindow }
      )
      stop()
      page.deliver({ type: "@airlock-frame/SESSION_UPDATE", payload: { isConnected: true } })
      assert.deepStrictEqual(seen, [{ type: "SESSION_UPDATE", isConnected: false }])
    }).pipe(Effect.provide(frameLayer(page)))
  })

  it.effect("SOCIAL_RESULT is taken only while a social login waits, from the secure origin and the popup", () => {
    const page = makeFakePage()
    const popup = { postMessage: () => {} }
    const result = (uri: string) => ({ type: "@airlock-frame/SOCIAL_RESULT", payload: { uri } })
    return Effect.gen(function* () {
      const frame = yield* readyFrame(page)
      const seen: Array<FrameEvent> = []
      frame.subscribe((event) => seen.push(event))
      page.deliver(result(`${secureOrigin}/social/callback?code=early`), { source: popup })
      const waiting = yield* Effect.forkChild(frame.socialResult(popup as unknown as Window))
      yield* settle
      page.deliver(result("https://evil.example/?code=stolen"), { origin: "https://evil.example", source: popup })
      page.deliver(result(`${secureOrigin}/social/callback?code=other-window`), { source: page.otherWindow })
      yield* settle
      assert.isUndefined(waiting.pollUnsafe())
      page.deliver(result(`${secureOrigin}/social/callback?code=c1&state=s1`), { source: popup })
      assert.strictEqual(yield* Fiber.join(waiting), `${secureOrigin}/social/callback?code=c1&state=s1`)
      assert.deepStrictEqual(seen, [{ type: "SOCIAL_RESULT", uri: `${secureOrigin}/social/callback?code=c1&state=s1` }])
      // Over: a second result is not taken.
      page.deliver(result(`${secureOrigin}/social/callback?code=late`), { source: popup })
      assert.lengthOf(seen, 1)
    }).pipe(Effect.provide(frameLayer(page)))
  })
})
