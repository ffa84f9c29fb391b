import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Layer } from "effect"
import { TestClock } from "effect/testing"
import { loadProject } from "../../../core/flows/remote/project.ts"
import type { WalletListing } from "../../../core/schema/wallet.ts"
import { Analytics } from "../../../core/services/Analytics.ts"
import { Platform } from "../../../core/services/Platform.ts"
import { Storage, StorageKeys } from "../../../core/services/Storage.ts"
import { WalletApi } from "../../../core/services/WalletApi.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import type { Store } from "../../../core/state/Store.ts"
import { flowContext, makeFlowStore } from "./flowContext.ts"

const registry: ReadonlyArray<WalletListing> = Array.from({ length: 30 }, (_, i) => ({ id: `w${i}`, name: `W${i}` }))
const cached = { featured: [], recommended: [{ id: "old", name: "Last Visit Wallet" }] }

// Every wallet API call answers after 200 ms of the TestClock: the "slow API" of the issue, without real time.
const slowApi = Layer.effect(
  WalletApi,
  Effect.gen(function* () {
    const api = yield* WalletApi
    return WalletApi.of({
      ...api,
      getProjectConfig: Effect.delay(api.getProjectConfig, "200 millis"),
      getAllowedOrigins: Effect.delay(api.getAllowedOrigins, "200 millis"),
      getAnalyticsConfig: Effect.delay(api.getAnalyticsConfig, "200 millis"),
      getWallets: (params) => Effect.delay(api.getWallets(params), "200 millis")
    })
  })
).pipe(
  Layer.provide(
    WalletApi.layerMemory({
      wallets: registry,
      allowedOrigins: ["https://app.example"],
      projectConfig: { features: [{ id: "swap", isEnabled: false, config: null }] }
    })
  )
)

const setup = (storage: Layer.Layer<Storage>) => {
  const store: Store<AirlockState> = makeFlowStore()
  // walletConnect()'s connector, listed at discovery: without one the registry's lists are not fetched.
  const walletConnect = { id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect", chain: "eip155" } as const
  store.update((state) => ({ ...state, connectors: [walletConnect] }))
  const layer = Layer.mergeAll(
    flowContext(store),
    slowApi,
    storage,
    Analytics.layerMemory([]).pipe(Layer.provide(Platform.layerTest({ origin: "https://app.example" }))),
    Platform.layerTest({ origin: "https://app.example" })
  )
  return { store, layer }
}

const recommendedNames = (store: Store<AirlockState>) => store.getSnapshot().wallets.recommended.map((w) => w.name)

describe("wallet rows on a slow API", () => {
  it.effect("config and wallet list are fetched in parallel: both are in after one 200 ms round trip", () => {
    const { store, layer } = setup(Storage.layerMemory())
    return Effect.gen(function* () {
      const loading = yield* Effect.forkChild(loadProject)
      yield* TestClock.adjust("200 millis")
      yield* Fiber.join(loading)
      assert.lengthOf(store.getSnapshot().wallets.recommended, 4)
      assert.isFalse(store.getSnapshot().features.swaps)
    }).pipe(Effect.provide(layer))
  })

  it.effect("the All Wallets entry knows the registry's size before All Wallets is opened", () => {
    const { store, layer } = setup(Storage.layerMemory())
    return Effect.gen(function* () {
      assert.strictEqual(store.getSnapshot().wallets.count, 0)
      const loading = yield* Effect.forkChild(loadProject)
      yield* TestClock.adjust("200 millis")
      yield* Fiber.join(loading)
      assert.strictEqual(store.getSnapshot().wallets.count, 30)
    }).pipe(Effect.provide(layer))
  })

  it.effect("the last visit's lists are drawn at once, then replaced by the fresh ones", () => {
    const { store, layer } = setup(Storage.layerMemory([[StorageKeys.walletLists.name, JSON.stringify(cached)]]))
    return Effect.gen(function* () {
      const loading = yield* Effect.forkChild(loadProject)
      yield* TestClock.adjust("1 millis")
      assert.deepStrictEqual(recommendedNames(store), ["Last Visit Wallet"], "drawn before the API answers")
      yield* TestClock.adjust("199 millis")
      yield* Fiber.join(loading)
      assert.deepStrictEqual(recommendedNames(store), ["W0", "W1", "W2", "W3"])
    }).pipe(Effect.provide(layer))
  })

  it.effect("the fresh lists are kept for the next visit", () => {
    const { layer } = setup(Storage.layerMemory())
    return Effect.gen(function* () {
      const loading = yield* Effect.forkChild(loadProject)
      yield* TestClock.adjust("200 millis")
      yield* Fiber.join(loading)
      const kept = yield* Storage.use((storage) => storage.get(StorageKeys.walletLists))
      assert.deepStrictEqual(
        kept?.recommended.map((w) => w.id),
        ["w0", "w1", "w2", "w3"]
      )
    }).pipe(Effect.provide(layer))
  })

  it.effect("a corrupt stored value is dropped: nothing is drawn until the API answers", () => {
    const corrupt = Storage.layerMemory([[StorageKeys.walletLists.name, '{"featured": 5, "recommended": [{']])
    const { store, layer } = setup(corrupt)
    return Effect.gen(function* () {
      const loading = yield* Effect.forkChild(loadProject)
      yield* TestClock.adjust("1 millis")
      assert.deepStrictEqual(recommendedNames(store), [])
      yield* TestClock.adjust("199 millis")
      yield* Fiber.join(loading)
      assert.lengthOf(store.getSnapshot().wallets.recommended, 4)
    }).pipe(Effect.provide(layer))
  })
})
