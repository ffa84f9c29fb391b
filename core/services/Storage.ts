import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"
import { type KeyValueBackend, Platform, type PlatformShape } from "./Platform.ts"
import { type StorageKey, storagePrefix } from "./StorageKeys.ts"

export * from "./StorageKeys.ts"

/** Typed, schema-checked access to the visitor's persistent storage. Nothing here ever fails. */
export interface StorageShape {
  /** The decoded value, or `undefined` when absent or corrupt (a corrupt value is removed, with a warning). */
  get<A>(key: StorageKey<A>): Effect.Effect<A | undefined>
  /** Encodes and stores `value`; a value the key's schema rejects, or a full storage, is skipped with a warning. */
  set<A>(key: StorageKey<A>, value: A): Effect.Effect<void>
  remove(key: StorageKey<unknown>): Effect.Effect<void>
}

const memoryBackend = (seed?: Iterable<readonly [string, string]>): KeyValueBackend => {
  const map = new Map<string, string>(seed)
  return {
    getItem: (name) => map.get(name) ?? null,
    setItem: (name, value) => void map.set(name, value),
    removeItem: (name) => void map.delete(name)
  }
}

/** Runs a storage call; browsers throw from storage (quota, privacy mode), which must never reach the caller. */
const attempt = <A>(what: string, name: string, run: () => A): Effect.Effect<A | undefined> =>
  Effect.try({ try: run, catch: (cause) => cause }).pipe(
    Effect.catch((cause) =>
      Effect.as(Effect.logWarning(`Airlock storage: ${what} of ${name} failed`, String(cause)), undefined)
    )
  )

/**
 * The typed service over any string key-value backend.
 *
 * @example
 * ```ts
 * const storage = makeStorage(window.localStorage)
 * ```
 */
export const makeStorage = (backend: KeyValueBackend): StorageShape => ({
  get: <A>(key: StorageKey<A>) =>
    Effect.gen(function* () {
      const raw = yield* attempt("read", key.name, () => backend.getItem(key.name))
      if (raw === undefined || raw === null) return undefined
      const decoded = Schema.decodeUnknownResult(key.schema)(raw)
      if (Result.isSuccess(decoded)) return decoded.success
      yield* Effect.logWarning(`Airlock storage: dropped corrupt value of ${key.name}`, decoded.failure.message)
      yield* attempt("remove", key.name, () => backend.removeItem(key.name))
      return undefined
    }),
  set: <A>(key: StorageKey<A>, value: A) =>
    Effect.gen(function* () {
      const encoded = Schema.encodeResult(key.schema)(value)
      if (Result.isFailure(encoded)) {
        return yield* Effect.logWarning(`Airlock storage: refused to store ${key.name}`, encoded.failure.message)
      }
      yield* attempt("write", key.name, () => backend.setItem(key.name, encoded.success))
    }),
  remove: (key) => Effect.asVoid(attempt("remove", key.name, () => backend.removeItem(key.name)))
})

const probeKey = `${storagePrefix}probe`

/** The page's `localStorage` if it can be read and written, else `undefined` (SSR, sandboxed frames, privacy modes). */
const usableLocalStorage = (platform: PlatformShape): KeyValueBackend | undefined => {
  try {
    const storage = platform.localStorage
    if (storage === undefined || storage === null) return undefined
    storage.setItem(probeKey, "1")
    storage.removeItem(probeKey)
    return storage
  } catch {
    return undefined
  }
}

/**
 * Persistent storage for Airlock's keys (SPEC §9): the last chain, email login state, recent wallets, connections.
 *
 * @example
 * ```ts
 * import { CaipNetworkId } from "../schema/network.ts"
 * import { StorageKeys } from "./StorageKeys.ts"
 * const program = Effect.gen(function* () {
 *   const storage = yield* Storage
 *   yield* storage.set(StorageKeys.lastChain, CaipNetworkId.make("eip155:1"))
 *   return yield* storage.get(StorageKeys.lastChain)
 * })
 * Effect.runSync(program.pipe(Effect.provide(Storage.layerMemory())))
 * ```
 */
export class Storage extends Context.Service<Storage, StorageShape>()("airlock/Storage") {
  /**
   * Storage in a `Map`, optionally seeded with raw stored strings (full key names, e.g. `@airlock/last_chain`).
   * @default seed none
   */
  static readonly layerMemory = (seed?: Iterable<readonly [string, string]>) =>
    Layer.sync(Storage, () => makeStorage(memoryBackend(seed)))

  /** The Platform's `localStorage`; where it is missing or blocked, falls back to memory with a warning. */
  static readonly layerLocalStorage = Layer.effect(
    Storage,
    Effect.gen(function* () {
      const platform = yield* Platform
      const local = usableLocalStorage(platform)
      if (local !== undefined) return makeStorage(local)
      yield* Effect.logWarning("Airlock storage: localStorage is unavailable, state will not survive a reload")
      return makeStorage(memoryBackend())
    })
  )

  /** Storage that remembers nothing (every read is absent). */
  static readonly layerNoop = Layer.succeed(
    Storage,
    Storage.of({ get: () => Effect.undefined, set: () => Effect.void, remove: () => Effect.void })
  )
}
