import { assert, describe, it } from "@effect/vitest"
import { Effect, Fiber, Layer } from "effect"
import { TestClock } from "effect/testing"
import { loadMoreWallets, searchWallets } from "../../../core/flows/remote/allWallets.ts"
import type { WalletListing } from "../../../core/schema/wallet.ts"
import { WalletApi } from "../../../core/services/WalletApi.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import type { Store } from "../../../core/state/Store.ts"
import { flowContext, makeFlowStore } from "./flowContext.ts"

// A registry the size of the sandbox's: the views must fill themselves from it, nothing is put into the state here.
const registry: ReadonlyArray<WalletListing> = Array.from({ length: 650 }, (_, i) => ({
  id: `w${i}`,
  name: i % 50 === 7 ? `Meta Wallet ${i}` : `Wallet ${i}`,
  image_id: `img${i}`
}))

const setup = (
  wallets: ReadonlyArray<WalletListing> = registry,
  offline?: () => boolean,
  onSearch?: (search: string) => void
) => {
  const store = makeFlowStore()
  const memory = WalletApi.layerMemory({ wallets, imageUrl: (_, id) => `https://img.example/${id}.png`, offline })
  // The registry as the memory layer answers it, with each search it is asked for recorded.
  const recorded = Layer.effect(
    WalletApi,
    Effect.gen(function* () {
      const api = yield* WalletApi
      return WalletApi.of({
        ...api,
        searchWallets: (query) =>
          Effect.sync(() => onSearch?.(query.search)).pipe(Effect.andThen(api.searchWallets(query)))
      })
    })
  ).pipe(Layer.provide(memory))
  const layer = Layer.mergeAll(flowContext(store), recorded)
  return { store, layer }
}

const names = (store: Store<AirlockState>) => store.getSnapshot().wallets.all.map((wallet) => wallet.name)

describe("All Wallets loads the registry itself", () => {
  it.effect("opening loads the first page of 40, with image URLs, and the registry's count", () => {
    const { store, layer } = setup()
    return Effect.gen(function* () {
      yield* loadMoreWallets
      const { all, count } = store.getSnapshot().wallets
      assert.lengthOf(all, 40)
      assert.strictEqual(count, 650)
      assert.strictEqual(all[0]?.image_url, "https://img.example/img0.png")
    }).pipe(Effect.provide(layer))
  })

  it.effect("each scroll to the end adds the next 40 until all 650 are there, each once", () => {
    const { store, layer } = setup()
    return Effect.gen(function* () {
      for (let i = 0; i < 20; i++) yield* loadMoreWallets
      const ids = store.getSnapshot().wallets.all.map((wallet) => wallet.id)
      assert.lengthOf(ids, 650)
      assert.strictEqual(new Set(ids).size, 650)
    }).pipe(Effect.provide(layer))
  })

  it.effect("a search shows its matches no sooner than 300 ms, then an empty search returns to the pages", () => {
    const { store, layer } = setup()
    return Effect.gen(function* () {
      yield* loadMoreWallets
      const search = yield* Effect.forkChild(searchWallets("  meta "))
      yield* TestClock.adjust("299 millis")
      assert.lengthOf(store.getSnapshot().wallets.all, 40, "still the page while the search runs")
      yield* TestClock.adjust("1 millis")
      yield* Fiber.join(search)
      assert.deepStrictEqual(
        names(store),
        registry.filter((w) => w.name.startsWith("Meta")).map((w) => w.name)
      )
      yield* searchWallets("")
      assert.lengthOf(store.getSnapshot().wallets.all, 40)
      assert.strictEqual(store.getSnapshot().wallets.all[0]?.name, "Wallet 0")
    }).pipe(Effect.provide(layer))
  })

  it.effect("a search returns at most 100 matches", () => {
    const { store, layer } = setup()
    return Effect.gen(function* () {
      const search = yield* Effect.forkChild(searchWallets("wallet"))
      yield* TestClock.adjust("300 millis")
      yield* Fiber.join(search)
      assert.lengthOf(store.getSnapshot().wallets.all, 100)
      assert.strictEqual(store.getSnapshot().wallets.count, 650)
    }).pipe(Effect.provide(layer))
  })

  it.effect("a newer search wins over an older one still in flight", () => {
    const { store, layer } = setup()
    return Effect.gen(function* () {
      const first = yield* Effect.forkChild(searchWallets("wallet 1"))
      yield* TestClock.adjust("100 millis")
      const second = yield* Effect.forkChild(searchWallets("meta"))
      yield* TestClock.adjust("300 millis")
      yield* Fiber.join(first)
      yield* Fiber.join(second)
      assert.isTrue(names(store).every((name) => name.startsWith("Meta")))
    }).pipe(Effect.provide(layer))
  })

  it.effect("keystrokes within 300 ms of each other ask the registry once, for the last text", () => {
    const asked: Array<string> = []
    const { store, layer } = setup(
      registry,
      () => false,
      (search) => asked.push(search)
    )
    return Effect.gen(function* () {
      const typing: Array<Fiber.Fiber<void, unknown>> = []
      for (const text of ["m", "me", "met", "meta"]) {
        typing.push(yield* Effect.forkChild(searchWallets(text)))
        yield* TestClock.adjust("120 millis")
      }
      yield* TestClock.adjust("300 millis")
      for (const fiber of typing) yield* Fiber.join(fiber)
      assert.deepStrictEqual(asked, ["meta"])
      assert.isTrue(names(store).every((name) => name.startsWith("Meta")))
    }).pipe(Effect.provide(layer))
  })

  it.effect("an empty search cancels one still waiting out its delay: the pages stay, nothing is asked", () => {
    const asked: Array<string> = []
    const { store, layer } = setup(
      registry,
      () => false,
      (search) => asked.push(search)
    )
    return Effect.gen(function* () {
      yield* loadMoreWallets
      const pages = store.getSnapshot().wallets.all
      const typed = yield* Effect.forkChild(searchWallets("m"))
      yield* TestClock.adjust("100 millis")
      yield* searchWallets("")
      yield* TestClock.adjust("300 millis")
      yield* Fiber.join(typed)
      assert.deepStrictEqual(asked, [])
      assert.strictEqual(store.getSnapshot().wallets.all, pages)
      assert.strictEqual(store.getSnapshot().wallets.status, "idle")
    }).pipe(Effect.provide(layer))
  })

  it.effect("scrolling during a search does not mix pages into the results", () => {
    const { store, layer } = setup()
    return Effect.gen(function* () {
      const search = yield* Effect.forkChild(searchWallets("meta"))
      yield* TestClock.adjust("300 millis")
      yield* Fiber.join(search)
      const found = names(store)
      yield* loadMoreWallets
      assert.deepStrictEqual(names(store), found)
    }).pipe(Effect.provide(layer))
  })

  it.effect("a failed page marks the list failed (the view's Retry); the retry loads it and clears the mark", () => {
    let offline = true
    const { store, layer } = setup(registry, () => offline)
    return Effect.gen(function* () {
      yield* loadMoreWallets
      assert.strictEqual(store.getSnapshot().wallets.status, "failed")
      assert.strictEqual(store.getSnapshot().alert?.code, "APKT003")
      assert.lengthOf(store.getSnapshot().wallets.all, 0)
      offline = false
      yield* loadMoreWallets
      assert.strictEqual(store.getSnapshot().wallets.status, "idle")
      assert.lengthOf(store.getSnapshot().wallets.all, 40)
    }).pipe(Effect.provide(layer))
  })

  it.effect("a failed search marks the list failed; the loaded pages stay for when the search is cleared", () => {
    let offline = false
    const { store, layer } = setup(registry, () => offline)
    return Effect.gen(function* () {
      yield* loadMoreWallets
      offline = true
      const search = yield* Effect.forkChild(searchWallets("meta"))
      yield* TestClock.adjust("299 millis")
      assert.strictEqual(store.getSnapshot().wallets.status, "idle", "nothing asked before the delay")
      yield* TestClock.adjust("1 millis")
      yield* Fiber.join(search)
      assert.strictEqual(store.getSnapshot().wallets.status, "failed")
      offline = false
      yield* searchWallets("")
      assert.strictEqual(store.getSnapshot().wallets.status, "idle")
      assert.lengthOf(store.getSnapshot().wallets.all, 40)
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "an empty search while the pages are shown keeps them (a letter typed and deleted within the delay)",
    () => {
      const { store, layer } = setup()
      return Effect.gen(function* () {
        yield* loadMoreWallets
        yield* loadMoreWallets
        const pages = store.getSnapshot().wallets.all
        yield* searchWallets(" ")
        assert.strictEqual(store.getSnapshot().wallets.all, pages)
        assert.lengthOf(pages, 80)
      }).pipe(Effect.provide(layer))
    }
  )
})
