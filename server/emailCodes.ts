/**
 * One-time email codes for a site's own server: sign-in's email capture (SPEC §4, DataCapture) mails a 6-digit code to
 * an address for an account, and the code confirms the address before the account signs in.
 */
import { randomBytes, randomInt, timingSafeEqual } from "node:crypto"

/** Options of {@link createEmailCodeStore}. */
export interface EmailCodeStoreOptions {
  /** How long a code may be confirmed, in ms. @default 600_000 (10 minutes) */
  readonly ttlMs?: number
  /** Wrong codes a code takes; the last one voids it. @default 5 */
  readonly maxTries?: number
  /** How long an address waits between two codes, in ms. @default 20_000 */
  readonly cooldownMs?: number
  /** Most pending codes held at once; a full store refuses to issue rather than forget a pending one. @default 10_000 */
  readonly max?: number
  /** The clock, unix ms (tests pin it). @default Date.now */
  readonly now?: () => number
}

/** A code to mail: `code` goes to the address, `uuid` to the page (it names the code when the user types it). */
export interface IssuedEmailCode {
  readonly uuid: string
  readonly code: string
}

/** A confirmed address and the account it was confirmed for. */
export interface ConfirmedEmail {
  readonly email: string
  readonly account: string
}

/** Why a code was not issued or not confirmed. */
export type EmailCodeRefusal = "cooldown" | "full" | "unknown" | "expired" | "wrong" | "too-many"

/**
 * Thrown by the store: `reason` for the server's logic, `message` for the user (the sandbox answers it as is), and
 * `retryAfterSeconds` (cooldown, full) or `triesLeft` (wrong).
 * @example
 * ```ts
 * const codes = createEmailCodeStore()
 * codes.issue("ada@example.com", "eip155:1:0x52908400098527886E0F7030069857D2E4169EE7")
 * try {
 *   codes.issue("ada@example.com", "eip155:1:0x52908400098527886E0F7030069857D2E4169EE7")
 * } catch (error) {
 *   error instanceof EmailCodeError && error.reason // "cooldown"
 * }
 * ```
 */
export class EmailCodeError extends Error {
  override readonly name = "EmailCodeError"
  readonly reason: EmailCodeRefusal
  readonly retryAfterSeconds: number | undefined
  readonly triesLeft: number | undefined
  constructor(
    reason: EmailCodeRefusal,
    message: string,
    extra: { readonly retryAfterSeconds?: number; readonly triesLeft?: number } = {}
  ) {
    super(message)
    this.reason = reason
    this.retryAfterSeconds = extra.retryAfterSeconds
    this.triesLeft = extra.triesLeft
  }
}

/** Issues and confirms email codes; see {@link createEmailCodeStore}. */
export interface EmailCodeStore {
  /** A code for `email` and `account` (a CAIP-10 address). Throws {@link EmailCodeError} (`cooldown`, `full`). */
  issue(email: string, account: string): IssuedEmailCode
  /**
   * The address and account of code `uuid` when `code` is right; the code is spent. Throws {@link EmailCodeError}:
   * `unknown` (never issued, or spent), `expired`, `wrong` (tries left), `too-many` (the code is void).
   */
  confirm(uuid: unknown, code: unknown): ConfirmedEmail
}

interface Pending {
  readonly email: string
  readonly account: string
  readonly code: string
  readonly expiresAt: number
  tries: number
}

const sameCode = (a: string, b: string): boolean => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * An in-memory email-code store for one server process: 6-digit codes (uniformly random), each valid for `ttlMs`,
 * spent by the right answer, void after `maxTries` wrong ones; one code per address per `cooldownMs`; at most `max`
 * pending. Addresses compare without case. Several processes need a shared store (the same two methods over Redis or a
 * database).
 * @example
 * ```ts
 * const codes = createEmailCodeStore()
 * const { uuid, code } = codes.issue("ada@example.com", "eip155:1:0x52908400098527886E0F7030069857D2E4169EE7")
 * // mail `code` to the address, answer `{ uuid }` to the page; when the user types the code:
 * codes.confirm(uuid, code).email // "ada@example.com"
 * ```
 */
export const createEmailCodeStore = (options: EmailCodeStoreOptions = {}): EmailCodeStore => {
  const ttlMs = options.ttlMs ?? 10 * 60_000
  const maxTries = options.maxTries ?? 5
  const cooldownMs = options.cooldownMs ?? 20_000
  const max = options.max ?? 10_000
  const now = options.now ?? Date.now
  if (!(ttlMs > 0) || !(cooldownMs >= 0) || !Number.isInteger(maxTries) || maxTries < 1 || !(max >= 1))
    throw new RangeError("createEmailCodeStore: ttlMs, maxTries and max must be positive")
  // Insertion order is issue order, hence expiry order: a sweep stops at the first live entry.
  const pending = new Map<string, Pending>()
  const lastSent = new Map<string, number>()
  const sweep = (at: number) => {
    for (const [uuid, entry] of pending) {
      if (entry.expiresAt > at) break
      pending.delete(uuid)
    }
    for (const [email, sentAt] of lastSent) {
      if (sentAt + cooldownMs > at) break
      lastSent.delete(email)
    }
  }
  return {
    issue: (email, account) => {
      const at = now()
      sweep(at)
      const key = email.toLowerCase()
      const sentAt = lastSent.get(key)
      if (sentAt !== undefined) {
        const wait = Math.max(1, Math.ceil((sentAt + cooldownMs - at) / 1000))
        throw new EmailCodeError("cooldown", `A code was just sent to this email: try again in ${wait} seconds`, {
          retryAfterSeconds: wait
        })
      }
      if (pending.size >= max) {
        const wait = Math.ceil(ttlMs / 1000)
        throw new EmailCodeError("full", "Too many codes pending: try again in a few minutes", {
          retryAfterSeconds: wait
        })
      }
      const uuid = randomBytes(18).toString("base64url")
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0")
      pending.set(uuid, { email, account, code, expiresAt: at + ttlMs, tries: 0 })
      lastSent.delete(key)
      lastSent.set(key, at)
      return { uuid, code }
    },
    confirm: (uuid, code) => {
      const at = now()
      const entry = typeof uuid === "string" ? pending.get(uuid) : undefined
      if (entry === undefined || typeof uuid !== "string")
        throw new EmailCodeError("unknown", "Code expired: request a new code")
      if (at >= entry.expiresAt) {
        pending.delete(uuid)
        throw new EmailCodeError("expired", "Code expired: request a new code")
      }
      if (typeof code === "string" && sameCode(entry.code, code.trim())) {
        pending.delete(uuid)
        // The address proved itself: a new code for it needs no wait.
        lastSent.delete(entry.email.toLowerCase())
        return { email: entry.email, account: entry.account }
      }
      entry.tries += 1
      const left = maxTries - entry.tries
      if (left <= 0) {
        pending.delete(uuid)
        throw new EmailCodeError("too-many", "Too many wrong codes: request a new code")
      }
      throw new EmailCodeError("wrong", `Invalid code: ${left} ${left === 1 ? "try" : "tries"} left`, {
        triesLeft: left
      })
    }
  }
}
