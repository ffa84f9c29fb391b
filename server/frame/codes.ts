/**
 * One-time codes and the bounded in-memory tables the secure site keeps pending logins in.
 */
import { randomBytes, randomInt, timingSafeEqual } from "node:crypto"

/** How long a code (and any pending login step) stays valid, in ms: 10 minutes. */
export const codeLifetimeMs = 10 * 60 * 1000

/** Wrong answers a code takes; the last one voids it. */
export const maxCodeTries = 5

/**
 * Most pending entries one table keeps. A full table refuses new entries with a 429 (after forgetting expired ones)
 * rather than dropping the oldest: a flood of requests can neither grow memory nor evict someone's pending login.
 */
export const maxPending = 10_000

/** A failure the routes answer with `status` and `{ message }`. */
export class FrameHttpError extends Error {
  readonly status: number
  constructor(status: number, message: string) {
    super(message)
    this.status = status
  }
}

/** A code sent to one address. */
export interface OneTimeCode {
  readonly value: string
  readonly expiresAt: number
  /** Wrong answers so far. */
  tries: number
}

/**
 * A fresh 6-digit code, uniformly random, valid for {@link codeLifetimeMs}.
 * @example
 * ```ts
 * const code = newCode(Date.now()) // { value: "042917", expiresAt, tries: 0 }
 * ```
 */
export const newCode = (now: number): OneTimeCode => ({
  value: String(randomInt(0, 1_000_000)).padStart(6, "0"),
  expiresAt: now + codeLifetimeMs,
  tries: 0
})

/**
 * A random opaque id (`bytes` random bytes, base64url).
 * @example
 * ```ts
 * const state = randomId() // 32 characters of [A-Za-z0-9_-]
 * ```
 */
export const randomId = (bytes = 24): string => randomBytes(bytes).toString("base64url")

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * Checks an answer against a code; throws a 400 that says why it is refused. Returns normally only for the right
 * code, unexpired, with tries left. The caller forgets the code on success (single use) and on `void`.
 * @example
 * ```ts
 * const outcome = checkCode(code, "123456", Date.now()) // "ok" or throws
 * ```
 */
export const checkCode = (code: OneTimeCode, answer: string, now: number): "ok" => {
  if (now >= code.expiresAt) throw new FrameHttpError(400, "Code expired: request a new code")
  if (code.tries >= maxCodeTries) throw new FrameHttpError(400, "Too many wrong codes: request a new code")
  if (sameText(code.value, answer.trim())) return "ok"
  code.tries += 1
  const left = maxCodeTries - code.tries
  if (left === 0) throw new FrameHttpError(400, "Too many wrong codes: request a new code")
  throw new FrameHttpError(400, `Invalid code: ${left} ${left === 1 ? "try" : "tries"} left`)
}

/**
 * A Map that keeps at most {@link maxPending} entries and forgets entries past their expiry. When full, `set` first
 * forgets the expired entries, then refuses with a 429: an entry stays until it expires or its flow ends, never
 * evicted by someone else's requests.
 * @example
 * ```ts
 * const pending = makePendingTable<{ expiresAt: number }>(Date.now)
 * pending.set("id", { expiresAt: Date.now() + 1000 })
 * ```
 */
export const makePendingTable = <V extends { readonly expiresAt: number }>(
  now: () => number,
  capacity = maxPending
) => {
  const entries = new Map<string, V>()
  const sweep = () => {
    const at = now()
    for (const [key, value] of entries) if (at >= value.expiresAt) entries.delete(key)
  }
  return {
    get: (key: string): V | undefined => {
      const entry = entries.get(key)
      if (entry !== undefined && now() >= entry.expiresAt) {
        entries.delete(key)
        return undefined
      }
      return entry
    },
    set: (key: string, value: V): void => {
      entries.delete(key)
      if (entries.size >= capacity) sweep()
      if (entries.size >= capacity)
        throw new FrameHttpError(429, "Too many sign-ins in progress: try again in a few minutes")
      entries.set(key, value)
    },
    delete: (key: string): void => void entries.delete(key),
    /** Entries matching `test` (expired ones included). */
    find: (test: (value: V) => boolean): Array<[string, V]> => [...entries].filter(([, value]) => test(value)),
    get size() {
      return entries.size
    }
  }
}

/**
 * Counts requests per key in a sliding window: `take` refuses with a 429 once `limit` were taken in the last
 * `windowMs`, saying how many seconds until the next one is allowed. At most `capacity` keys are tracked; past it,
 * keys whose window is over are forgotten first, and a new key is refused while none is (so a flood of keys cannot
 * grow memory).
 * @example
 * ```ts
 * const perEmail = makeRateLimit({ limit: 1, windowMs: 20_000, now: Date.now, message: (s) => `Wait ${s} s` })
 * perEmail.take("ada@example.com") // ok; a second take within 20 s throws a 429
 * ```
 */
export const makeRateLimit = (options: {
  readonly limit: number
  readonly windowMs: number
  readonly now: () => number
  /** The 429's message, given the seconds to wait. */
  readonly message: (seconds: number) => string
  readonly capacity?: number
}) => {
  const capacity = options.capacity ?? maxPending
  const hits = new Map<string, Array<number>>()
  const recent = (key: string, at: number): Array<number> => {
    const times = (hits.get(key) ?? []).filter((time) => at - time < options.windowMs)
    if (times.length === 0) hits.delete(key)
    else hits.set(key, times)
    return times
  }
  return {
    /** Counts one request of `key`, or throws a 429 when its window is full. */
    take: (key: string): void => {
      const at = options.now()
      const times = recent(key, at)
      if (times.length >= options.limit) {
        const wait = Math.max(1, Math.ceil((times[0]! + options.windowMs - at) / 1000))
        throw new FrameHttpError(429, options.message(wait))
      }
      if (!hits.has(key) && hits.size >= capacity) {
        for (const known of [...hits.keys()]) recent(known, at)
        if (hits.size >= capacity) throw new FrameHttpError(429, options.message(Math.ceil(options.windowMs / 1000)))
      }
      hits.set(key, [...times, at])
    },
    /** Forgets `key`'s requests (a login that succeeded ends its email's cooldown). */
    clear: (key: string): void => void hits.delete(key)
  }
}

/** A table made by {@link makePendingTable}. */
export type PendingTable<V extends { readonly expiresAt: number }> = ReturnType<typeof makePendingTable<V>>
