/**
 * 10,000 random and hostile messages at a ready frame with requests pending: from another origin, from another
 * window, malformed, oversized, with prototype-pollution keys, replies to ids nobody asked or to the wrong action.
 * None may be accepted (no pending request settles, no event reaches a subscriber), none may throw, and the service
 * still answers the right replies afterwards.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import * as Schema from "effect/Schema"
import { TestClock } from "effect/testing"
import * as fc from "fast-check"
import { EmbeddedUser } from "../../../core/schema/embedded.ts"
import { frameActions, frameMessageData } from "../../../core/schema/frame.ts"
import { Frame } from "../../../core/services/Frame.ts"
import type { FrameEvent } from "../../../core/services/FrameShape.ts"
import { captureLogs, type LoggedLine } from "./captureLogs.ts"
import { frameLayer, makeFakePage, secureOrigin, settle } from "./frameFake.ts"

const runs = 10_000
const huge = "x".repeat(1_100_000)

describe("Frame under hostile messages", () => {
  it.effect(
    `ignores ${runs.toLocaleString("en")} random and hostile messages without throwing or changing state`,
    () => {
      const page = makeFakePage()
      const lines: Array<LoggedLine> = []
      return Effect.gen(function* () {
        const frame = yield* Frame
        yield* frame.ensureFrame({ chainId: 1, rpcUrl: "http://127.0.0.1:8545" })
        page.deliver({ type: "@airlock-frame/READY" })
        yield* settle
        yield* TestClock.adjust(500)
        yield* frame.ready
        const user = yield* Effect.forkChild(frame.request("GET_USER", {}))
        const rpc = yield* Effect.forkChild(
          frame.request("RPC_REQUEST", { method: "eth_accounts", chainId: 1, chainNamespace: "eip155" })
        )
        yield* settle
        const [userId, rpcId] = page.posted.map(({ message }) => message.id) as [string, string]
        const seen: Array<FrameEvent> = []
        frame.subscribe((event) => seen.push(event))

        const replyTypes = frameActions.flatMap((action) => [
          `@airlock-frame/${action}_SUCCESS`,
          `@airlock-frame/${action}_ERROR`
        ])
        const strangeTypes = [
          "@airlock-app/GET_USER",
          "@airlock-frame/",
          "@airlock-frame/__proto__",
          "@airlock-frame/_ERROR"
        ]
        const validUser = { address: "0xabc", chainId: 1 }
        const notPending = fc.string({ maxLength: 80 }).filter((id) => id !== userId && id !== rpcId)
        const payload = fc.oneof(
          fc.anything(),
          fc.constant(validUser),
          fc.constant({ isConnected: true }),
          fc.constant({ message: "boom" }),
          fc.constant({ uri: `${secureOrigin}/social/callback?code=1` })
        )
        /** Any type (a reply's, a strange one, a random string) with an id nobody asked. */
        const shaped = fc.record(
          { type: fc.oneof(fc.constantFrom(...replyTypes, ...strangeTypes), fc.string()), id: notPending, payload },
          { requiredKeys: ["type"] }
        )
        const isUser = Schema.is(EmbeddedUser)
        const isErrorPayload = (value: unknown) =>
          typeof value === "object" && value !== null && typeof (value as { message?: unknown }).message === "string"
        const isSession = (value: unknown) =>
          typeof value === "object" &&
          value !== null &&
          typeof (value as { isConnected?: unknown }).isConnected === "boolean"
        /** The right type and a pending id (or an event's type), with a payload that does not decode. */
        const broken = fc.oneof(
          fc.record({
            type: fc.constant("@airlock-frame/GET_USER_SUCCESS"),
            id: fc.constant(userId),
            payload: fc.anything().filter((value) => !isUser(frameMessageData(value)))
          }),
          fc.record({
            type: fc.constantFrom("@airlock-frame/GET_USER_ERROR", "@airlock-frame/RPC_REQUEST_ERROR"),
            id: fc.constantFrom(userId, rpcId),
            payload: fc.anything().filter((value) => !isErrorPayload(value))
          }),
          fc.record({
            type: fc.constant("@airlock-frame/SESSION_UPDATE"),
            payload: fc.anything().filter((value) => !isSession(value))
          })
        )
        /** A message that decodes and would be accepted from the frame: only its origin or window is wrong. */
        const wellFormed = fc.constantFrom(
          { type: "@airlock-frame/GET_USER_SUCCESS", id: userId, payload: validUser },
          { type: "@airlock-frame/RPC_REQUEST_SUCCESS", id: rpcId, payload: ["0xabc"] },
          { type: "@airlock-frame/RPC_REQUEST_ERROR", id: rpcId, payload: { message: "nope" } },
          { type: "@airlock-frame/SESSION_UPDATE", payload: { isConnected: false } }
        )
        const hostile = fc.oneof(
          // Right origin and window, wrong content.
          fc.record({ data: fc.anything(), from: fc.constant({}) }),
          fc.record({ data: shaped, from: fc.constant({}) }),
          fc.record({ data: broken, from: fc.constant({}) }),
          // A reply in the right shape for a pending id, but for another action.
          fc.record({
            data: fc.constantFrom(
              { type: "@airlock-frame/GET_CHAIN_ID_SUCCESS", id: userId, payload: { chainId: 1 } },
              { type: "@airlock-frame/GET_USER_SUCCESS", id: rpcId, payload: validUser }
            ),
            from: fc.constant({})
          }),
          // Replies in the right shape to ids nobody asked.
          fc.record({
            data: fc.record({
              type: fc.constant("@airlock-frame/GET_USER_SUCCESS"),
              id: fc.string({ minLength: 1, maxLength: 64 }).filter((id) => id !== userId && id !== rpcId),
              payload: fc.constant(validUser)
            }),
            from: fc.constant({})
          }),
          // Oversized: a valid reply carrying 1.1 MB, an id past 64 characters, a 10,000-entry list.
          fc.record({
            data: fc.constantFrom(
              { type: "@airlock-frame/RPC_REQUEST_SUCCESS", id: rpcId, payload: huge },
              { type: "@airlock-frame/GET_USER_SUCCESS", id: `${userId}${"0".repeat(64)}`, payload: validUser },
              {
                type: "@airlock-frame/RPC_REQUEST_SUCCESS",
                id: rpcId,
                payload: Array.from({ length: 10_000 }, () => huge.slice(0, 200))
              }
            ),
            from: fc.constant({})
          }),
          // Prototype pollution: `__proto__` / `constructor` keys as JSON.parse and structured clone give them.
          fc.record({
            data: fc.constantFrom(
              JSON.parse('{"__proto__":{"polluted":true},"type":"@airlock-frame/SESSION_UPDATE"}'),
              JSON.parse(
                `{"type":"@airlock-frame/GET_USER_ERROR","id":"${userId}","payload":{"__proto__":{"message":"x"}}}`
              ),
              JSON.parse('{"constructor":{"prototype":{"polluted":true}},"type":"@airlock-frame/READY"}'),
              JSON.parse(
                `{"type":"@airlock-frame/RPC_REQUEST_SUCCESS","id":"nobody","payload":{"__proto__":{"polluted":true}}}`
              )
            ),
            from: fc.constant({})
          }),
          // Values no JSON holds, and objects that fight back.
          fc.record({
            data: fc.constantFrom(
              new Map([["type", "@airlock-frame/READY"]]),
              Object.assign(Object.create({ type: "@airlock-frame/SESSION_UPDATE" }), {
                payload: { isConnected: true }
              }),
              {
                get type(): string {
                  throw new Error("getter")
                }
              },
              new Proxy(
                {},
                {
                  ownKeys: () => {
                    throw new Error("proxy")
                  }
                }
              ),
              {
                type: "@airlock-frame/GET_USER_SUCCESS",
                id: userId,
                payload: { address: "0xabc", chainId: Number.NaN }
              },
              { type: "@airlock-frame/GET_USER_SUCCESS", id: userId, payload: { ...validUser, chainId: 10n } }
            ),
            from: fc.constant({})
          }),
          // Well-formed, but from another origin or another window.
          fc.record({
            data: wellFormed,
            from: fc.oneof(
              fc.record({
                origin: fc.oneof(
                  fc.webUrl().map((url) => new URL(url).origin),
                  fc.constantFrom("null", `${secureOrigin}.evil.example`, "http://secure.airlock.test")
                )
              }),
              fc.constant({ source: page.otherWindow }),
              fc.constant({ source: null })
            )
          }),
          // A social result nobody waits for.
          fc.record({
            data: fc.constant({
              type: "@airlock-frame/SOCIAL_RESULT",
              payload: { uri: `${secureOrigin}/social/callback?code=1` }
            }),
            from: fc.constantFrom({}, { source: page.otherWindow })
          })
        )

        yield* Effect.sync(() =>
          fc.assert(
            fc.property(hostile, ({ data, from }) => {
              page.deliver(data, from)
            }),
            { numRuns: runs }
          )
        )
        yield* settle
        assert.isUndefined(user.pollUnsafe(), "no hostile message settled GET_USER")
        assert.isUndefined(rpc.pollUnsafe(), "no hostile message settled RPC_REQUEST")
        assert.deepStrictEqual(seen, [])
        assert.isUndefined(({} as { polluted?: unknown }).polluted)
        assert.isFalse(Object.hasOwn(Object.prototype, "polluted"))
        assert.strictEqual(frame.status(), "initialised")
        const warnings = lines.filter((line) => line.level === "Warn").length
        assert.isAtMost(warnings, runs, "at most one warning a message")

        // Still listening: the real replies settle both requests.
        page.reply("SUCCESS", { address: "0xdef", chainId: 1, extra: "dropped" }, 0)
        page.reply("SUCCESS", ["0xdef"], 1)
        assert.deepStrictEqual(yield* Fiber.join(user), { address: "0xdef", chainId: 1 })
        assert.deepStrictEqual(yield* Fiber.join(rpc), ["0xdef"])
      }).pipe(Effect.provide(frameLayer(page)), captureLogs(lines))
    },
    60_000
  )
})
