import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import { afterAll, afterEach, beforeAll } from "vitest"
import { checkOrigin } from "../../../core/flows/remote/checkOrigin.ts"
import { WalletApi } from "../../../core/services/WalletApi.ts"
import { httpLayer, walletApiUrl } from "../services/apiFixtures.ts"

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const live = WalletApi.layer.pipe(Layer.provide(httpLayer))

/** Serves the allowed origins and counts the requests. */
const allow = (origins: ReadonlyArray<string> | (() => Response)) => {
  let requests = 0
  server.use(
    http.get(`${walletApiUrl}/projects/v1/origins`, () => {
      requests++
      return typeof origins === "function" ? origins() : HttpResponse.json({ allowedOrigins: origins })
    })
  )
  return () => requests
}

describe("checkOrigin", () => {
  it.effect("localhost and 127.0.0.1 are always allowed, without asking", () =>
    Effect.gen(function* () {
      const requests = allow(["https://app.example"])
      yield* checkOrigin("http://localhost:3000")
      yield* checkOrigin("http://127.0.0.1:5173")
      assert.strictEqual(requests(), 0)
    }).pipe(Effect.provide(live))
  )

  it.effect("an origin listed exactly or by wildcard is allowed", () =>
    Effect.gen(function* () {
      const requests = allow(["https://app.example", "https://*.shop.example"])
      yield* checkOrigin("https://app.example")
      yield* checkOrigin("https://eu.shop.example")
      assert.strictEqual(requests(), 2)
    }).pipe(Effect.provide(live))
  )

  it.effect("an origin not listed is the Invalid App Configuration alert APKT002", () =>
    Effect.gen(function* () {
      allow(["https://app.example"])
      const error = yield* Effect.flip(checkOrigin("https://evil.example"))
      assert.strictEqual(error.code, "APKT002")
      assert.strictEqual(error.shortMessage, "Invalid App Configuration")
      assert.include(error.message, "https://evil.example")
    }).pipe(Effect.provide(live))
  )

  it.effect("a 403 'Unauthorized: origin not allowed' is APKT002 as well", () =>
    Effect.gen(function* () {
      allow(() => HttpResponse.json({ message: "Unauthorized: origin not allowed" }, { status: 403 }))
      const error = yield* Effect.flip(checkOrigin("https://app.example"))
      assert.strictEqual(error.code, "APKT002")
    }).pipe(Effect.provide(live))
  )

  it.effect("rate limiting and server errors surface as APKT010 and APKT009", () =>
    Effect.gen(function* () {
      allow(() => new HttpResponse(null, { status: 429 }))
      assert.strictEqual((yield* Effect.flip(checkOrigin("https://app.example"))).code, "APKT010")
      allow(() => new HttpResponse(null, { status: 503 }))
      assert.strictEqual((yield* Effect.flip(checkOrigin("https://app.example"))).code, "APKT009")
    }).pipe(Effect.provide(live))
  )

  it.effect("when the list is empty (none configured, or not fetched) nothing is blocked", () =>
    Effect.gen(function* () {
      allow(() => new HttpResponse("missing", { status: 404 }))
      yield* checkOrigin("https://app.example")
      allow([])
      yield* checkOrigin("https://app.example")
    }).pipe(Effect.provide(live))
  )
})
