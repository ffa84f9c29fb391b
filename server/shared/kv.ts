/**
 * The small async key-value store several server instances share (pending logins, one-time codes, wake-ups), so a
 * user's next step may land on any instance behind a load balancer. Two implementations keep the same contract:
 * {@link createMemoryKv} (one process; the default) and `createRedisKv` (`./kvRedis.ts`, every instance on one Redis).
 *
 * Values are JSON: objects, arrays, strings, finite numbers, booleans and null. A bigint (or anything
 * `JSON.stringify` refuses) is a {@link KvError}; store a bigint as a decimal string.
 */
import { EventEmitter } from "node:events"

/** Options of {@link Kv.set}. */
export interface KvSetOptions {
  /** How long the entry lives, in ms (> 0). */
  readonly ttlMs: number
  /** Write only when the key holds nothing; `set` then answers false when it did. */
  readonly onlyIfAbsent?: boolean
  /**
   * Bounds the key's group (the part of the key before its last `:`) to this many live entries set with `max`: a full
   * group refuses with {@link KvFullError} rather than evicting anyone's entry.
   */
  readonly max?: number
}

/** What an {@link Kv.update} step decides: its result, and the entry's change (none, a new value, or deletion). */
export interface KvStep<T, R> {
  readonly result: R
  /**
   * `{ value }` writes (keeping the entry's remaining lifetime unless `ttlMs` is given; a new lifetime also holds the
   * entry's place in its bounded group that long), `"delete"` removes it.
   */
  readonly change?: { readonly value: T; readonly ttlMs?: number } | "delete" | undefined
}

/**
 * The shared store's contract. Every method may reject with a {@link KvError} (a {@link KvTimeoutError} when the
 * backend did not answer in time).
 */
export interface Kv {
  /** The entry's value, or undefined (never set, deleted or expired). */
  get<T>(key: string): Promise<T | undefined>
  /** Writes an entry; false only when `onlyIfAbsent` found one. Throws {@link KvFullError} when `max` is reached. */
  set(key: string, value: unknown, options: KvSetOptions): Promise<boolean>
  /** Reads and deletes an entry in one step: of two racing takers, only one gets the value. */
  take<T>(key: string): Promise<T | undefined>
  /**
   * Atomic read-modify-write: `step` sees the current value (or undefined) and decides. `step` may run more than once
   * (when another writer raced it), so it must not have side effects; act on the returned result instead.
   */
  update<T, R>(key: string, step: (current: T | undefined) => KvStep<T, R>): Promise<R>
  /** Adds one to a counter and answers the new count; a new counter lives `ttlMs`. */
  incr(key: string, ttlMs: number): Promise<number>
  del(key: string): Promise<void>
  /** Live entries of a group that were set with `max`. */
  count(group: string): Promise<number>
  /** Sends `message` to every subscriber of `channel`, on every instance. */
  publish(channel: string, message: string): Promise<void>
  /** Calls `listener` for each message on `channel`; resolves once subscribed, with the function that unsubscribes. */
  subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>>
  /** Releases the backend (connections it opened itself). */
  close(): Promise<void>
}

/** A failure of the shared store. */
export class KvError extends Error {
  override readonly name: string = "KvError"
}

/** The backend did not answer within the store's timeout. */
export class KvTimeoutError extends KvError {
  override readonly name = "KvTimeoutError"
}

/** A bounded group is full; nothing was written. */
export class KvFullError extends KvError {
  override readonly name = "KvFullError"
  readonly group: string
  constructor(group: string, max: number) {
    super(`The shared store's "${group}" holds its ${max} entries`)
    this.group = group
  }
}

/**
 * The JSON text of a value; a {@link KvError} for a bigint, undefined, a function or a cycle.
 * @example
 * ```ts
 * encodeKv({ tries: 1 }) // '{"tries":1}'
 * ```
 */
export const encodeKv = (value: unknown): string => {
  let text: string | undefined
  try {
    text = JSON.stringify(value)
  } catch (error) {
    throw new KvError(`Shared store values are JSON (a bigint goes as a string): ${(error as Error).message}`)
  }
  if (text === undefined) throw new KvError("Shared store values are JSON: undefined cannot be stored")
  return text
}

/** The group of a key: everything before its last `:` (the whole key when it has none). */
export const kvGroup = (key: string): string => {
  const at = key.lastIndexOf(":")
  return at < 0 ? key : key.slice(0, at)
}

const checkTtl = (ttlMs: number) => {
  if (!(Number.isFinite(ttlMs) && ttlMs > 0)) throw new RangeError(`Shared store: ttlMs must be > 0, got ${ttlMs}`)
}

/** Options of {@link createMemoryKv}. */
export interface MemoryKvOptions {
  /** The clock entries expire by, unix ms (tests move it). @default Date.now */
  readonly now?: () => number
}

interface MemoryEntry {
  readonly text: string
  readonly expiresAt: number
}

/**
 * The store in this process's memory: what a single instance (and the sandbox) uses. Values are kept as JSON text,
 * so a caller never shares an object with the store, as with Redis. Expired entries are swept as the store grows.
 * @example
 * ```ts
 * const kv = createMemoryKv()
 * await kv.set("logins:abc", { tries: 0 }, { ttlMs: 60_000, max: 10_000 })
 * await kv.update<{ tries: number }, number>("logins:abc", (login) => ({
 *   result: (login?.tries ?? 0) + 1,
 *   change: login && { value: { tries: login.tries + 1 } }
 * }))
 * ```
 */
export const createMemoryKv = (options: MemoryKvOptions = {}): Kv => {
  const now = options.now ?? Date.now
  const entries = new Map<string, MemoryEntry>()
  // group -> its bounded keys and their expiry
  const groups = new Map<string, Map<string, number>>()
  const events = new EventEmitter()
  events.setMaxListeners(0)
  let sweepAt = 1024

  const live = (key: string): MemoryEntry | undefined => {
    const entry = entries.get(key)
    if (entry === undefined) return undefined
    if (now() < entry.expiresAt) return entry
    remove(key)
    return undefined
  }
  const remove = (key: string) => {
    entries.delete(key)
    groups.get(kvGroup(key))?.delete(key)
  }
  const sweepGroup = (members: Map<string, number>) => {
    const at = now()
    for (const [key, expiresAt] of members) if (at >= expiresAt) remove(key)
  }
  const write = (key: string, text: string, expiresAt: number) => {
    entries.set(key, { text, expiresAt })
    if (entries.size >= sweepAt) {
      const at = now()
      for (const [known, entry] of entries) if (at >= entry.expiresAt) remove(known)
      sweepAt = Math.max(1024, entries.size * 2)
    }
  }
  const read = <T>(entry: MemoryEntry | undefined): T | undefined =>
    entry === undefined ? undefined : (JSON.parse(entry.text) as T)

  return {
    get: async (key) => read(live(key)),
    set: async (key, value, { ttlMs, onlyIfAbsent, max }) => {
      checkTtl(ttlMs)
      const text = encodeKv(value)
      if (onlyIfAbsent === true && live(key) !== undefined) return false
      const expiresAt = now() + ttlMs
      if (max !== undefined) {
        const group = kvGroup(key)
        const members = groups.get(group) ?? new Map<string, number>()
        groups.set(group, members)
        if (!members.has(key) && members.size >= max) sweepGroup(members)
        if (!members.has(key) && members.size >= max) throw new KvFullError(group, max)
        members.set(key, expiresAt)
      }
      write(key, text, expiresAt)
      return true
    },
    take: async (key) => {
      const entry = live(key)
      if (entry !== undefined) remove(key)
      return read(entry)
    },
    update: async (key, step) => {
      const entry = live(key)
      const { result, change } = step(read(entry))
      if (change === "delete") remove(key)
      else if (change !== undefined) {
        if (change.ttlMs !== undefined) checkTtl(change.ttlMs)
        else if (entry === undefined) throw new RangeError("Shared store: update of a missing key needs ttlMs")
        const expiresAt = change.ttlMs === undefined ? entry!.expiresAt : now() + change.ttlMs
        write(key, encodeKv(change.value), expiresAt)
        // A bounded entry whose life was extended keeps its place until then: a sweep must not drop it early.
        const members = groups.get(kvGroup(key))
        if (members?.has(key)) members.set(key, expiresAt)
      }
      return result
    },
    incr: async (key, ttlMs) => {
      checkTtl(ttlMs)
      const entry = live(key)
      const count = (entry === undefined ? 0 : Number(JSON.parse(entry.text))) + 1
      write(key, String(count), entry?.expiresAt ?? now() + ttlMs)
      return count
    },
    del: async (key) => remove(key),
    count: async (group) => {
      const members = groups.get(group)
      if (members === undefined) return 0
      sweepGroup(members)
      return members.size
    },
    publish: async (channel, message) => void events.emit(channel, message),
    subscribe: async (channel, listener) => {
      // A listener's failure is its own: it must not reach the publisher, as with Redis.
      const wrapped = (message: string) => {
        try {
          listener(message)
        } catch {}
      }
      events.on(channel, wrapped)
      return async () => void events.off(channel, wrapped)
    },
    close: async () => {
      events.removeAllListeners()
    }
  }
}
