import { assert, describe, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { addRecentWallet } from "../../../core/rules/connectOrder.ts"
import type { CaipNetworkId } from "../../../core/schema/network.ts"
import type { WalletListing } from "../../../core/schema/wallet.ts"
import { type KeyValueBackend, Platform } from "../../../core/services/Platform.ts"
import { Storage, StorageKeys, storagePrefix } from "../../../core/services/Storage.ts"
import { captureLogs, type LoggedLine } from "./captureLogs.ts"

/** A `localStorage` stand-in whose contents the test can inspect. */
const fakeLocalStorage = () => {
  const items = new Map<string, string>()
  return {
    items,
    storage: {
      getItem: (name: string) => items.get(name) ?? null,
      setItem: (name: string, value: string) => void items.set(name, value),
      removeItem: (name: string) => void items.delete(name)
    }
  }
}

const onLocalStorage = (storage: KeyValueBackend) =>
  Storage.layerLocalStorage.pipe(Layer.provide(Platform.layerTest({ localStorage: storage })))

const metaMask: WalletListing = { id: "metamask", name: "MetaMask", rdns: "io.metamask" }
const rainbow: WalletListing = { id: "rainbow", name: "Rainbow" }
const trust: WalletListing = { id: "trust", name: "Trust Wallet", image_id: null }

describe("Storage keys", () => {
  it("every key name starts with @airlock/", () => {
    const names = [
      ...Object.values(StorageKeys).flatMap((key) => (typeof key === "function" ? [] : [key.name])),
      StorageKeys.connectionStatus("eip155").name,
      StorageKeys.connectedConnectorIds("solana").name
    ]
    assert.isAbove(names.length, 10)
    for (const name of names) assert.isTrue(name.startsWith(storagePrefix), name)
    assert.strictEqual(storagePrefix, "@airlock/")
  })

  it("per-namespace keys of two namespaces do not collide", () => {
    assert.notStrictEqual(StorageKeys.connectionStatus("eip155").name, StorageKeys.connectionStatus("solana").name)
  })

  it("a new recent wallet goes first, replaces its older entry, and only 2 are kept", () => {
    assert.deepStrictEqual(addRecentWallet([], metaMask), [metaMask])
    assert.deepStrictEqual(addRecentWallet([metaMask], rainbow), [rainbow, metaMask])
    assert.deepStrictEqual(addRecentWallet([rainbow, metaMask], trust), [trust, rainbow])
    assert.deepStrictEqual(addRecentWallet([rainbow, metaMask], metaMask), [metaMask, rainbow])
  })
})

describe("Storage", () => {
  it.effect("a stored list of 3 recent wallets (an older version kept 3) is trimmed to the newest 2, not dropped", () =>
    Effect.gen(function* () {
      const storage = yield* Storage
      assert.deepStrictEqual(yield* storage.get(StorageKeys.recentWallets), [trust, rainbow])
    }).pipe(
      Effect.provide(
        Storage.layerMemory([[StorageKeys.recentWallets.name, JSON.stringify([trust, rainbow, metaMask])]])
      )
    )
  )

  it.effect("a stored list of 10,000 recent wallets is trimmed to 2", () =>
    Effect.gen(function* () {
      const storage = yield* Storage
      assert.lengthOf((yield* storage.get(StorageKeys.recentWallets)) ?? [], 2)
    }).pipe(
      Effect.provide(
        Storage.layerMemory([
          [StorageKeys.recentWallets.name, JSON.stringify(Array.from({ length: 10_000 }, () => metaMask))]
        ])
      )
    )
  )

  it.effect("values read back with their decoded types", () =>
    Effect.gen(function* () {
      const storage = yield* Storage
      yield* storage.set(StorageKeys.email, "ada@example.com")
      yield* storage.set(StorageKeys.socialUsername, "ada")
      yield* storage.set(StorageKeys.lastChain, "eip155:8453" as CaipNetworkId)
      yield* storage.set(StorageKeys.emailLoginUsed, true)
      yield* storage.set(StorageKeys.lastEmailLoginTime, 1_767_225_600_000)
      yield* storage.set(StorageKeys.smartAccountNetworks, [1, 8453])
      yield* storage.set(StorageKeys.activeNamespace, "solana")
      yield* storage.set(StorageKeys.recentWallets, [rainbow, metaMask])
      yield* storage.set(StorageKeys.connectionStatus("eip155"), "connected")
      yield* storage.set(StorageKeys.connectedConnectorIds("eip155"), ["io.metamask", "walletConnect"])

      assert.strictEqual(yield* storage.get(StorageKeys.email), "ada@example.com")
      assert.strictEqual(yield* storage.get(StorageKeys.socialUsername), "ada")
      assert.strictEqual(yield* storage.get(StorageKeys.lastChain), "eip155:8453")
      assert.strictEqual(yield* storage.get(StorageKeys.emailLoginUsed), true)
      assert.strictEqual(yield* storage.get(StorageKeys.lastEmailLoginTime), 1_767_225_600_000)
      assert.deepStrictEqual(yield* storage.get(StorageKeys.smartAccountNetworks), [1, 8453])
      assert.strictEqual(yield* storage.get(StorageKeys.activeNamespace), "solana")
      assert.deepStrictEqual(yield* storage.get(StorageKeys.recentWallets), [rainbow, metaMask])
      assert.strictEqual(yield* storage.get(StorageKeys.connectionStatus("eip155")), "connected")
      assert.strictEqual(yield* storage.get(StorageKeys.connectionStatus("solana")), undefined)
      assert.deepStrictEqual(yield* storage.get(StorageKeys.connectedConnectorIds("eip155")), [
        "io.metamask",
        "walletConnect"
      ])
    }).pipe(Effect.provide(Storage.layerMemory()))
  )

  it.effect("a key never written reads as absent", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* (yield* Storage).get(StorageKeys.lastChain), undefined)
    }).pipe(Effect.provide(Storage.layerMemory()))
  )

  it.effect("removed values read as absent", () =>
    Effect.gen(function* () {
      const storage = yield* Storage
      yield* storage.set(StorageKeys.email, "ada@example.com")
      yield* storage.remove(StorageKeys.email)
      assert.strictEqual(yield* storage.get(StorageKeys.email), undefined)
    }).pipe(Effect.provide(Storage.layerMemory()))
  )

  it.effect("smart-account networks are stored as a comma-joined list", () => {
    const local = fakeLocalStorage()
    return Effect.gen(function* () {
      const storage = yield* Storage
      yield* storage.set(StorageKeys.smartAccountNetworks, [1, 10, 8453])
      assert.strictEqual(local.items.get("@airlock/smart_account_networks"), "1,10,8453")
      local.items.set("@airlock/smart_account_networks", "")
      assert.deepStrictEqual(yield* storage.get(StorageKeys.smartAccountNetworks), [])
    }).pipe(Effect.provide(onLocalStorage(local.storage)))
  })

  it.effect("a seeded memory storage reads the seeded raw values", () =>
    Effect.gen(function* () {
      const storage = yield* Storage
      assert.strictEqual(yield* storage.get(StorageKeys.lastChain), "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")
      assert.strictEqual(yield* storage.get(StorageKeys.emailLoginUsed), false)
    }).pipe(
      Effect.provide(
        Storage.layerMemory([
          ["@airlock/last_chain", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"],
          ["@airlock/email_login_used", "false"]
        ])
      )
    )
  )

  const corrupt: ReadonlyArray<readonly [string, string, () => Effect.Effect<unknown, never, Storage>]> = [
    ["email login used", "maybe", () => Storage.use((s) => s.get(StorageKeys.emailLoginUsed))],
    ["last email login time", "yesterday", () => Storage.use((s) => s.get(StorageKeys.lastEmailLoginTime))],
    ["last chain", "mainnet", () => Storage.use((s) => s.get(StorageKeys.lastChain))],
    ["smart-account networks", "1,base", () => Storage.use((s) => s.get(StorageKeys.smartAccountNetworks))],
    ["recent wallets", "[{oops", () => Storage.use((s) => s.get(StorageKeys.recentWallets))],
    ["wallet lists", '{"featured":5}', () => Storage.use((s) => s.get(StorageKeys.walletLists))]
  ]
  const rawNames: Record<string, string> = {
    "email login used": StorageKeys.emailLoginUsed.name,
    "last email login time": StorageKeys.lastEmailLoginTime.name,
    "last chain": StorageKeys.lastChain.name,
    "smart-account networks": StorageKeys.smartAccountNetworks.name,
    "recent wallets": StorageKeys.recentWallets.name,
    "wallet lists": StorageKeys.walletLists.name
  }
  for (const [label, raw, read] of corrupt) {
    it.effect(`a corrupt ${label} value is dropped with a warning and read as absent`, () => {
      const local = fakeLocalStorage()
      const name = rawNames[label]!
      local.items.set(name, raw)
      const lines: Array<LoggedLine> = []
      return Effect.gen(function* () {
        assert.strictEqual(yield* read(), undefined)
        assert.isFalse(local.items.has(name), "the corrupt value is removed")
        const warning = lines.find((line) => line.level === "Warn" && line.text.includes(name))
        assert.isDefined(warning)
        assert.include(warning?.text, "dropped corrupt value")
      }).pipe(Effect.provide(onLocalStorage(local.storage)), captureLogs(lines))
    })
  }

  it.effect("more than 2 recent wallets are refused with a warning instead of stored", () => {
    const lines: Array<LoggedLine> = []
    return Effect.gen(function* () {
      const storage = yield* Storage
      yield* storage.set(StorageKeys.recentWallets, [metaMask])
      yield* storage.set(StorageKeys.recentWallets, [metaMask, rainbow, trust])
      assert.deepStrictEqual(yield* storage.get(StorageKeys.recentWallets), [metaMask])
      assert.isTrue(lines.some((line) => line.level === "Warn" && line.text.includes("recent_wallets")))
    }).pipe(Effect.provide(Storage.layerMemory()), captureLogs(lines))
  })

  it.effect("values written through localStorage survive a new Storage over the same localStorage", () => {
    const local = fakeLocalStorage()
    return Effect.gen(function* () {
      yield* Storage.use((s) => s.set(StorageKeys.lastChain, "eip155:10" as CaipNetworkId)).pipe(
        Effect.provide(onLocalStorage(local.storage))
      )
      const after = yield* Storage.use((s) => s.get(StorageKeys.lastChain)).pipe(
        Effect.provide(onLocalStorage(local.storage))
      )
      assert.strictEqual(after, "eip155:10")
      assert.strictEqual(local.items.get("@airlock/last_chain"), "eip155:10")
    })
  })

  it.effect("a localStorage that throws SecurityError falls back to memory with a warning", () => {
    const lines: Array<LoggedLine> = []
    const blocked = Platform.layerTest({
      get localStorage(): never {
        throw new DOMException("The operation is insecure.", "SecurityError")
      }
    })
    return Effect.gen(function* () {
      const storage = yield* Storage
      yield* storage.set(StorageKeys.email, "ada@example.com")
      assert.strictEqual(yield* storage.get(StorageKeys.email), "ada@example.com")
      assert.isTrue(lines.some((line) => line.level === "Warn" && line.text.includes("localStorage is unavailable")))
    }).pipe(Effect.provide(Storage.layerLocalStorage.pipe(Layer.provide(blocked))), captureLogs(lines))
  })

  it.effect("without localStorage (server rendering) storage works in memory", () =>
    Effect.gen(function* () {
      const storage = yield* Storage
      yield* storage.set(StorageKeys.lastChain, "eip155:8453" as CaipNetworkId)
      assert.strictEqual(yield* storage.get(StorageKeys.lastChain), "eip155:8453")
    }).pipe(Effect.provide(Storage.layerLocalStorage.pipe(Layer.provide(Platform.layerServer))))
  )

  it.effect("a full localStorage makes set log a warning instead of failing", () => {
    const lines: Array<LoggedLine> = []
    const local = fakeLocalStorage()
    let full = false
    const storage: KeyValueBackend = {
      ...local.storage,
      setItem: (name: string, value: string) => {
        if (full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError")
        local.storage.setItem(name, value)
      }
    }
    return Effect.gen(function* () {
      full = true
      yield* Storage.use((s) => s.set(StorageKeys.email, "ada@example.com"))
      assert.isFalse(local.items.has(StorageKeys.email.name))
      assert.isTrue(lines.some((line) => line.level === "Warn" && line.text.includes("write of @airlock/email")))
    }).pipe(Effect.provide(onLocalStorage(storage)), captureLogs(lines))
  })

  it.effect("the noop storage remembers nothing", () =>
    Effect.gen(function* () {
      const storage = yield* Storage
      yield* storage.set(StorageKeys.lastChain, "eip155:1" as CaipNetworkId)
      assert.strictEqual(yield* storage.get(StorageKeys.lastChain), undefined)
    }).pipe(Effect.provide(Storage.layerNoop))
  )
})
