import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { HttpResponse, http } from "msw"
import { setupServer } from "msw/node"
import { afterAll, afterEach, beforeAll } from "vitest"
import { AlertError } from "../../../core/errors/alerts.ts"
import { ApiError } from "../../../core/services/http.ts"
import { WalletApi, walletSearchSize, walletsPageSize } from "../../../core/services/WalletApi.ts"
import { httpLayer, queryOf, walletApiUrl } from "./apiFixtures.ts"

const server = setupServer()
beforeAll(() => server.listen({ onUnhandledFrame: "error" }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const live = WalletApi.layer.pipe(Layer.provide(httpLayer))
const run = <A, E>(effect: Effect.Effect<A, E, WalletApi>) => effect.pipe(Effect.provide(live))

const metamask = { id: "c57ca95b", name: "MetaMask", rdns: "io.metamask", chains: ["eip155:1"] }

const answerOrigins = (response: () => Response) =>
  server.use(http.get(`${walletApiUrl}/projects/v1/origins`, response))

const serverMessages = [
  ["Unauthorized: origin not allowed", "APKT002", "Invalid App Configuration"],
  ["JWT validation error: JWT Token is not yet valid", "APKT006", "Session Expired"],
  ["Unauthorized: invalid key", "APKT007", "Invalid Project ID"]
] as const

describe("WalletApi", () => {
  it.effect("fetches the project config with projectId, st and sv", () =>
    Effect.gen(function* () {
      let query: Record<string, string> = {}
      server.use(
        http.get(`${walletApiUrl}/appkit/v1/config`, ({ request }) => {
          query = queryOf(request)
          return HttpResponse.json({ features: [{ id: "swap", isEnabled: true, config: ["1inch"] }] })
        })
      )
      const config = yield* run(WalletApi.use((api) => api.getProjectConfig))
      assert.deepStrictEqual(config, { features: [{ id: "swap", isEnabled: true, config: ["1inch"] }] })
      assert.deepStrictEqual(query, { projectId: "project-1", st: "airlock", sv: "airlock-4.0.0" })
    })
  )

  it.effect("returns the allowed origins", () =>
    Effect.gen(function* () {
      answerOrigins(() => HttpResponse.json({ allowedOrigins: ["https://app.example", "https://*.example"] }))
      const origins = yield* run(WalletApi.use((api) => api.getAllowedOrigins))
      assert.deepStrictEqual(origins, ["https://app.example", "https://*.example"])
    })
  )

  it.effect("a 429 on allowed origins is the Rate Limited alert APKT010", () =>
    Effect.gen(function* () {
      answerOrigins(() => new HttpResponse(null, { status: 429 }))
      const error = yield* run(WalletApi.use((api) => api.getAllowedOrigins)).pipe(Effect.flip)
      assert.instanceOf(error, AlertError)
      assert.strictEqual(error.code, "APKT010")
      assert.strictEqual(error.shortMessage, "Rate Limited")
    })
  )

  for (const status of [500, 502, 503]) {
    it.effect(`a ${status} on allowed origins is the Server Error alert APKT009`, () =>
      Effect.gen(function* () {
        answerOrigins(() => new HttpResponse("down", { status }))
        const error = yield* run(WalletApi.use((api) => api.getAllowedOrigins)).pipe(Effect.flip)
        assert.strictEqual(error.code, "APKT009")
        assert.strictEqual(error.shortMessage, "Server Error")
      })
    )
  }

  it.effect("any other failure of allowed origins gives the empty list", () =>
    Effect.gen(function* () {
      answerOrigins(() => new HttpResponse("nope", { status: 404 }))
      assert.deepStrictEqual(yield* run(WalletApi.use((api) => api.getAllowedOrigins)), [])
      answerOrigins(() => HttpResponse.json({ allowedOrigins: "everything" }))
      assert.deepStrictEqual(yield* run(WalletApi.use((api) => api.getAllowedOrigins)), [])
      answerOrigins(() => HttpResponse.error())
      assert.deepStrictEqual(yield* run(WalletApi.use((api) => api.getAllowedOrigins)), [])
    })
  )

  for (const [message, code, title] of serverMessages) {
    it.effect(`a 403 saying '${message}' is the alert ${code} (${title})`, () =>
      Effect.gen(function* () {
        answerOrigins(() => HttpResponse.json({ message }, { status: 403 }))
        const onOrigins = yield* run(WalletApi.use((api) => api.getAllowedOrigins)).pipe(Effect.flip)
        assert.strictEqual(onOrigins.code, code)
        assert.strictEqual(onOrigins.shortMessage, title)

        server.use(http.get(`${walletApiUrl}/getWallets`, () => HttpResponse.text(message, { status: 403 })))
        const onWallets = yield* run(WalletApi.use((api) => api.getWallets({ page: 1 }))).pipe(Effect.flip)
        assert.instanceOf(onWallets, AlertError)
        assert.strictEqual(onWallets.code, code)
      })
    )
  }

  it.effect("a 403 with an unknown message is a typed status error carrying the status", () =>
    Effect.gen(function* () {
      server.use(http.get(`${walletApiUrl}/getWallets`, () => HttpResponse.text("Forbidden", { status: 403 })))
      const error = yield* run(WalletApi.use((api) => api.getWallets({ page: 1 }))).pipe(Effect.flip)
      assert.instanceOf(error, ApiError)
      assert.strictEqual(error.reason, "Status")
      assert.strictEqual(error.status, 403)
      assert.strictEqual(error.shortMessage, "The wallet API answered with status 403")
    })
  )

  it.effect("asks for wallets in pages of 40 with the filters comma-joined", () =>
    Effect.gen(function* () {
      let query: Record<string, string> = {}
      server.use(
        http.get(`${walletApiUrl}/getWallets`, ({ request }) => {
          query = queryOf(request)
          return HttpResponse.json({ data: [metamask], count: 321 })
        })
      )
      const page = yield* run(
        WalletApi.use((api) =>
          api.getWallets({
            page: 2,
            include: ["a", "b"],
            exclude: ["c"],
            chains: ["eip155:1", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"],
            badge: "certified"
          })
        )
      )
      assert.strictEqual(walletsPageSize, 40)
      assert.deepStrictEqual(query, {
        projectId: "project-1",
        st: "airlock",
        sv: "airlock-4.0.0",
        page: "2",
        entries: "40",
        include: "a,b",
        exclude: "c",
        chains: "eip155:1,solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
        badge_type: "certified"
      })
      assert.strictEqual(page.count, 321)
      assert.strictEqual(page.data[0]?.name, "MetaMask")
    })
  )

  it.effect("a search asks for 100 entries of page 1 with the text trimmed", () =>
    Effect.gen(function* () {
      let query: Record<string, string> = {}
      server.use(
        http.get(`${walletApiUrl}/getWallets`, ({ request }) => {
          query = queryOf(request)
          return HttpResponse.json({ data: [], count: 0 })
        })
      )
      yield* run(WalletApi.use((api) => api.searchWallets({ search: "  meta ", exclude: ["c"] })))
      assert.strictEqual(walletSearchSize, 100)
      assert.strictEqual(query.page, "1")
      assert.strictEqual(query.entries, "100")
      assert.strictEqual(query.search, "meta")
      assert.strictEqual(query.exclude, "c")
    })
  )

  it.effect("a wallets body of the wrong shape is a typed decode error, not a crash", () =>
    Effect.gen(function* () {
      server.use(http.get(`${walletApiUrl}/getWallets`, () => HttpResponse.json({ data: [{ id: 7 }], count: "x" })))
      const wrongShape = yield* run(WalletApi.use((api) => api.getWallets({ page: 1 }))).pipe(Effect.flip)
      assert.instanceOf(wrongShape, ApiError)
      assert.strictEqual(wrongShape.reason, "Decode")
      assert.strictEqual(wrongShape.shortMessage, "The wallet API sent an unexpected response")

      server.use(http.get(`${walletApiUrl}/getWallets`, () => HttpResponse.text("<html>oops</html>")))
      const notJson = yield* run(WalletApi.use((api) => api.getWallets({ page: 1 }))).pipe(Effect.flip)
      assert.instanceOf(notJson, ApiError)
      assert.strictEqual(notJson.reason, "Decode")
    })
  )

  it.effect("a 5xx on the wallet list is the Server Error alert", () =>
    Effect.gen(function* () {
      server.use(http.get(`${walletApiUrl}/getWallets`, () => new HttpResponse(null, { status: 500 })))
      const error = yield* run(WalletApi.use((api) => api.getWallets({ page: 1 }))).pipe(Effect.flip)
      assert.strictEqual(error.code, "APKT009")
    })
  )

  it.effect("an unreachable wallet API is a typed transport error", () =>
    Effect.gen(function* () {
      server.use(http.get(`${walletApiUrl}/getWallets`, () => HttpResponse.error()))
      const error = yield* run(WalletApi.use((api) => api.getWallets({ page: 1 }))).pipe(Effect.flip)
      assert.instanceOf(error, ApiError)
      assert.strictEqual(error.reason, "Transport")
    })
  )

  it.effect("reads whether analytics is enabled", () =>
    Effect.gen(function* () {
      server.use(http.get(`${walletApiUrl}/getAnalyticsConfig`, () => HttpResponse.json({ isAnalyticsEnabled: false })))
      assert.deepStrictEqual(yield* run(WalletApi.use((api) => api.getAnalyticsConfig)), { isAnalyticsEnabled: false })
    })
  )

  it.effect("builds image URLs with the common query parameters", () =>
    Effect.gen(function* () {
      const api = yield* run(WalletApi.use(Effect.succeed))
      const common = "projectId=project-1&st=airlock&sv=airlock-4.0.0"
      assert.strictEqual(api.walletImageUrl("img 1"), `${walletApiUrl}/getWalletImage/img%201?${common}`)
      assert.strictEqual(api.assetImageUrl("net-1"), `${walletApiUrl}/public/getAssetImage/net-1?${common}`)
      assert.strictEqual(api.currencyImageUrl("USD"), `${walletApiUrl}/public/getCurrencyImage/USD?${common}`)
      assert.strictEqual(api.tokenImageUrl("USDC"), `${walletApiUrl}/public/getTokenImage/USDC?${common}`)
    })
  )
})

describe("WalletApi.layerMemory", () => {
  const wallets = Array.from({ length: 45 }, (_, i) => ({
    id: `w${i}`,
    name: i === 3 ? "MetaMask" : `Wallet ${i}`,
    chains: i % 2 === 0 ? ["eip155:1"] : ["solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"]
  }))
  const memory = WalletApi.layerMemory({ wallets, allowedOrigins: ["https://app.example"] })

  it.effect("pages the registry by 40 and counts every match", () =>
    Effect.gen(function* () {
      const api = yield* WalletApi
      const first = yield* api.getWallets({ page: 1 })
      const second = yield* api.getWallets({ page: 2 })
      assert.strictEqual(first.data.length, 40)
      assert.deepStrictEqual(
        second.data.map((w) => w.id),
        ["w40", "w41", "w42", "w43", "w44"]
      )
      assert.strictEqual(second.count, 45)
    }).pipe(Effect.provide(memory))
  )

  it.effect("filters by search, exclusions and chains like the real API", () =>
    Effect.gen(function* () {
      const api = yield* WalletApi
      const found = yield* api.searchWallets({ search: " metamask " })
      assert.deepStrictEqual(
        found.data.map((w) => w.name),
        ["MetaMask"]
      )
      const evm = yield* api.getWallets({ page: 1, chains: ["eip155:1"], exclude: ["w0"] })
      assert.strictEqual(evm.count, 22)
      assert.isFalse(evm.data.some((w) => w.id === "w0"))
      assert.deepStrictEqual(yield* api.getAllowedOrigins, ["https://app.example"])
    }).pipe(Effect.provide(memory))
  )
})
