/**
 * One-time codes and the bounded tables the secure site keeps pending logins in (on the shared store, so any
 * instance may continue a login).
 */
import { randomBytes, randomInt, timingSafeEqual } from "node:crypto"
import { type Kv, KvFullError, type KvStep } from "../shared/kv.ts"

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
  readonly tries: number
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

/** What an answer to a code comes to: right, wrong with tries left (the new count), or the code is void. */
export type CodeVerdict =
  | { readonly kind: "ok" }
  | { readonly kind: "wrong"; readonly tries: number; readonly message: string }
  | { readonly kind: "void"; readonly message: string }

/**
 * Judges an answer to a code (compared in constant time), without changing anything: the caller stores the verdict
 * atomically (see {@link answerCode}). Expired, out of tries, or the last wrong answer: `void`.
 * @example
 * ```ts
 * judgeCode(newCode(Date.now()), "000000", Date.now()) // { kind: "wrong", tries: 1, message: "Invalid code: 4 tries left" } (or ok)
 * ```
 */
export const judgeCode = (code: OneTimeCode, answer: string, now: number): CodeVerdict => {
  if (now >= code.expiresAt) return { kind: "void", message: "Code expired: request a new code" }
  if (code.tries >= maxCodeTries) return { kind: "void", message: "Too many wrong codes: request a new code" }
  if (sameText(code.value, answer.trim())) return { kind: "ok" }
  const tries = code.tries + 1
  const left = maxCodeTries - tries
  if (left === 0) return { kind: "void", message: "Too many wrong codes: request a new code" }
  return { kind: "wrong", tries, message: `Invalid code: ${left} ${left === 1 ? "try" : "tries"} left` }
}

/** Longest id a pending table looks up: anything longer was never issued. */
const maxIdLength = 128

/**
 * A table of pending entries on the shared store (`../shared/kv.ts`), so any instance can continue a login another
 * one started. It keeps at most `capacity` entries and forgets entries past their `expiresAt`; when full, `set`
 * refuses with a 429: an entry stays until it expires or its flow ends, never evicted by someone else's requests.
 * @example
 * ```ts
 * import { createMemoryKv } from "../shared/kv.ts"
 * const pending = makePendingTable<{ expiresAt: number }>(createMemoryKv(), "frame:logins", Date.now)
 * await pending.set("id", { expiresAt: Date.now() + 1000 })
 * ```
 */
export const makePendingTable = <V extends { readonly expiresAt: number }>(
  kv: Kv,
  name: string,
  now: () => number,
  capacity = maxPending
) => {
  const keyOf = (id: string) => `${name}:${id}`
  const known = (id: string) => id.length > 0 && id.length <= maxIdLength
  const live = (value: V | undefined): V | undefined =>
    value !== undefined && now() < value.expiresAt ? value : undefined
  return {
    get: async (id: string): Promise<V | undefined> => (known(id) ? live(await kv.get<V>(keyOf(id))) : undefined),
    set: async (id: string, value: V): Promise<void> => {
      try {
        await kv.set(keyOf(id), value, { ttlMs: Math.max(1, value.expiresAt - now()), max: capacity })
      } catch (error) {
        if (error instanceof KvFullError)
          throw new FrameHttpError(429, "Too many sign-ins in progress: try again in a few minutes")
        throw error
      }
    },
    delete: async (id: string): Promise<void> => {
      if (known(id)) await kv.del(keyOf(id))
    },
    /** An atomic step on the live entry (an expired one reads as undefined); see `Kv.update`. */
    update: async <R>(id: string, step: (value: V | undefined) => KvStep<V, R>): Promise<R> =>
      known(id) ? kv.update<V, R>(keyOf(id), (current) => step(live(current))) : step(undefined).result,
    /** Live entries (for tests and metrics). */
    size: (): Promise<number> => kv.count(name)
  }
}

/**
 * Checks an answer to the code of a pending entry in one atomic step, so wrong guesses racing on several instances
 * all count: a wrong answer stores the new tries count, the last one (or an expired code) forgets the entry. Resolves
 * with the entry for the right answer, after `onRight`'s change (forget it, or move it on); rejects with a 400 that
 * says why otherwise, or with `refuse`'s error (no entry, or one `refuse` turns down).
 * @example
 * ```ts
 * declare const logins: PendingTable<{ readonly expiresAt: number; readonly code: OneTimeCode }>
 * declare const loginId: string
 * declare const otp: string
 * const now = Date.now
 * const noLogin = new FrameHttpError(400, "Code expired: request a new code")
 * const login = await answerCode(logins, loginId, otp, now, { refuse: (l) => l === undefined ? noLogin : undefined })
 * ```
 */
export const answerCode = async <V extends { readonly expiresAt: number; readonly code: OneTimeCode }>(
  table: PendingTable<V>,
  id: string,
  answer: string,
  now: () => number,
  options: {
    /** The error for a missing entry, or for one this caller may not answer; undefined lets the check go on. */
    readonly refuse: (entry: V | undefined) => FrameHttpError | undefined
    /** What the right answer does to the entry. @default "delete" */
    readonly onRight?: (entry: V) => { readonly value: V } | "delete"
  }
): Promise<V> => {
  const outcome = await table.update<{ entry: V } | { error: FrameHttpError }>(id, (entry) => {
    const refused = options.refuse(entry)
    if (refused !== undefined || entry === undefined)
      return { result: { error: refused ?? new FrameHttpError(400, "Code expired: request a new code") } }
    const verdict = judgeCode(entry.code, answer, now())
    if (verdict.kind === "ok") return { result: { entry }, change: options.onRight?.(entry) ?? "delete" }
    const error = new FrameHttpError(400, verdict.message)
    if (verdict.kind === "void") return { result: { error }, change: "delete" }
    return { result: { error }, change: { value: { ...entry, code: { ...entry.code, tries: verdict.tries } } } }
  })
  if ("error" in outcome) throw outcome.error
  return outcome.entry
}

/** A table made by {@link makePendingTable}. */
export type PendingTable<V extends { readonly expiresAt: number }> = ReturnType<typeof makePendingTable<V>>
