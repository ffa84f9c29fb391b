import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import { afterAll, afterEach, beforeAll } from "vitest"
import { fetchRemoteConfig } from "../../../core/flows/remote/remoteConfig.ts"
import { WalletApi } from "../../../core/services/WalletApi.ts"
import { httpLayer, walletApiUrl } from "../services/apiFixtures.ts"

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const live = WalletApi.layer.pipe(Layer.provide(httpLayer))
const answerConfig = (response: () => Response) => {
  let requests = 0
  server.use(
    http.get(`${walletApiUrl}/appkit/v1/config`, () => {
      requests++
      return response()
    })
  )
  return () => requests
}

describe("fetchRemoteConfig", () => {
  it.effect("the remote configuration decides the remote features", () =>
    Effect.gen(function* () {
      const config = yield* fetchRemoteConfig().pipe(
        Effect.provide(
          WalletApi.layerMemory({
            projectConfig: {
              features: [
                { id: "social_login", isEnabled: true, config: ["email", "google"] },
                { id: "swap", isEnabled: false, config: [] },
                { id: "multi_wallet", isEnabled: true, config: [] }
              ]
            }
          })
        )
      )
      assert.isTrue(config.features.email)
      assert.deepStrictEqual(config.features.socials, ["google"])
      assert.isFalse(config.features.swaps)
      assert.isFalse(config.features.onramp)
      assert.isTrue(config.features.multiWallet)
      assert.strictEqual(config.alert, undefined)
      assert.strictEqual(config.warning, undefined)
    })
  )

  it.effect("local settings overridden by a fetched configuration produce a warning", () =>
    Effect.gen(function* () {
      const config = yield* fetchRemoteConfig({ local: { swaps: false } }).pipe(Effect.provide(WalletApi.layerMemory()))
      assert.deepStrictEqual(config.features.swaps, ["1inch"])
      assert.include(config.warning ?? "", "features.swaps")
    })
  )

  it.effect("a server error falls back to the defaults and raises the Server Error alert APKT009", () =>
    Effect.gen(function* () {
      answerConfig(() => new HttpResponse(null, { status: 500 }))
      const config = yield* fetchRemoteConfig().pipe(Effect.provide(live))
      assert.strictEqual(config.remote, undefined)
      assert.deepStrictEqual(config.features.swaps, ["1inch"])
      assert.deepStrictEqual(config.features.onramp, ["meld"])
      assert.isTrue(config.features.email)
      assert.isFalse(config.features.multiWallet)
      assert.isFalse(config.features.emailCapture)
      assert.strictEqual(config.alert?.code, "APKT009")
      assert.strictEqual(config.alert?.shortMessage, "Server Error")
    })
  )

  it.effect("a malformed configuration is APKT009 too, and the local settings still apply", () =>
    Effect.gen(function* () {
      answerConfig(() => HttpResponse.json({ features: "all" }))
      const config = yield* fetchRemoteConfig({ local: { swaps: false } }).pipe(Effect.provide(live))
      assert.isFalse(config.features.swaps)
      assert.strictEqual(config.alert?.code, "APKT009")
      assert.strictEqual(config.warning, undefined)
    })
  )

  it.effect("a rate-limited fetch keeps the Rate Limited alert APKT010", () =>
    Effect.gen(function* () {
      answerConfig(() => new HttpResponse(null, { status: 429 }))
      const config = yield* fetchRemoteConfig().pipe(Effect.provide(live))
      assert.strictEqual(config.alert?.code, "APKT010")
    })
  )

  it.effect("basic mode asks for nothing and turns every remote feature off", () =>
    Effect.gen(function* () {
      const requests = answerConfig(() => HttpResponse.json({ features: [] }))
      const config = yield* fetchRemoteConfig({ basic: true }).pipe(Effect.provide(live))
      assert.strictEqual(requests(), 0)
      assert.isFalse(config.features.email)
      assert.isFalse(config.features.swaps)
      assert.strictEqual(config.alert, undefined)
    })
  )
})
