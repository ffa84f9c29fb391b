/**
 * One-time codes and the bounded in-memory tables the secure site keeps pending logins in.
 */
import { randomBytes, randomInt, timingSafeEqual } from "node:crypto"

/** How long a code (and any pending login step) stays valid, in ms: 10 minutes. */
export const codeLifetimeMs = 10 * 60 * 1000

/** Wrong answers a code takes; the last one voids it. */
export const maxCodeTries = 5

/** Most pending entries one table keeps; the oldest is dropped past it, so a flood of requests cannot grow memory. */
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
 * A Map that keeps at most {@link maxPending} entries (dropping the oldest) and forgets entries past their expiry.
 * @example
 * ```ts
 * const pending = makePendingTable<{ expiresAt: number }>(Date.now)
 * pending.set("id", { expiresAt: Date.now() + 1000 })
 * ```
 */
export const makePendingTable = <V extends { readonly expiresAt: number }>(now: () => number) => {
  const entries = new Map<string, V>()
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
      if (entries.size >= maxPending) {
        const oldest = entries.keys().next()
        if (!oldest.done) entries.delete(oldest.value)
      }
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

/** A table made by {@link makePendingTable}. */
export type PendingTable<V extends { readonly expiresAt: number }> = ReturnType<typeof makePendingTable<V>>
