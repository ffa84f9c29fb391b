/**
 * Email-capture codes on the shared store (`./kv.ts`): `airlock-kit/server`'s `createEmailCodeStore` contract and
 * answers, async, so a code one instance mailed is confirmed at any other, and wrong answers racing on several
 * instances all count.
 */
import { randomBytes, randomInt, timingSafeEqual } from "node:crypto"
import { type ConfirmedEmail, EmailCodeError, type EmailCodeStoreOptions, type IssuedEmailCode } from "../emailCodes.ts"
import { type Kv, KvFullError } from "./kv.ts"

/** An email-code store whose answers arrive later; see {@link createKvEmailCodeStore}. */
export interface SharedEmailCodeStore {
  /** A code for `email` and `account`; rejects with `EmailCodeError` (`cooldown`, `full`). */
  issue(email: string, account: string): Promise<IssuedEmailCode>
  /** The address and account of code `uuid` when `code` is right (spent); `EmailCodeError` otherwise. */
  confirm(uuid: unknown, code: unknown): Promise<ConfirmedEmail>
}

/** Options of {@link createKvEmailCodeStore}: the memory store's, with the shared store and a key prefix. */
export interface KvEmailCodeStoreOptions extends EmailCodeStoreOptions {
  readonly kv: Kv
  /** Keys start with it: one prefix per project, e.g. `api:email-codes:${projectId}`. */
  readonly prefix: string
}

interface Pending {
  readonly email: string
  readonly account: string
  readonly code: string
  readonly expiresAt: number
  readonly tries: number
}

const sameCode = (a: string, b: string): boolean => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

const uuidPattern = /^[\w-]{24}$/

/**
 * Email codes on a shared store, with the memory store's rules (6 digits, `ttlMs`, `maxTries`, one per address per
 * `cooldownMs`, at most `max` pending) and the same refusals.
 * @example
 * ```ts
 * import type { Kv } from "./kv.ts"
 * declare const kv: Kv
 * const codes = createKvEmailCodeStore({ kv, prefix: "api:email-codes:airlock-demo" })
 * const { uuid, code } = await codes.issue("ada@example.com", "eip155:1:0x52908400098527886E0F7030069857D2E4169EE7")
 * await codes.confirm(uuid, code) // at any instance: { email, account }
 * ```
 */
export const createKvEmailCodeStore = (options: KvEmailCodeStoreOptions): SharedEmailCodeStore => {
  const { kv, prefix } = options
  const ttlMs = options.ttlMs ?? 10 * 60_000
  const maxTries = options.maxTries ?? 5
  const cooldownMs = options.cooldownMs ?? 20_000
  const max = options.max ?? 10_000
  const now = options.now ?? Date.now
  if (!(ttlMs > 0) || !(cooldownMs >= 0) || !Number.isInteger(maxTries) || maxTries < 1 || !(max >= 1))
    throw new RangeError("createKvEmailCodeStore: ttlMs, maxTries and max must be positive")
  const codeKey = (uuid: string) => `${prefix}:codes:${uuid}`
  const cooldownKey = (email: string) => `${prefix}:cooldown:${email.toLowerCase()}`
  const gone = () => new EmailCodeError("unknown", "Code expired: request a new code")

  return {
    issue: async (email, account) => {
      const at = now()
      // Claimed before the code is made: two instances asked at once for one address send one code.
      if (cooldownMs > 0 && !(await kv.set(cooldownKey(email), at, { ttlMs: cooldownMs, onlyIfAbsent: true }))) {
        const sentAt = (await kv.get<number>(cooldownKey(email))) ?? at
        const wait = Math.max(1, Math.ceil((sentAt + cooldownMs - at) / 1000))
        throw new EmailCodeError("cooldown", `A code was just sent to this email: try again in ${wait} seconds`, {
          retryAfterSeconds: wait
        })
      }
      const uuid = randomBytes(18).toString("base64url")
      const code = String(randomInt(0, 1_000_000)).padStart(6, "0")
      const pending: Pending = { email, account, code, expiresAt: at + ttlMs, tries: 0 }
      try {
        await kv.set(codeKey(uuid), pending, { ttlMs, max })
      } catch (error) {
        if (cooldownMs > 0) await kv.del(cooldownKey(email))
        if (!(error instanceof KvFullError)) throw error
        throw new EmailCodeError("full", "Too many codes pending: try again in a few minutes", {
          retryAfterSeconds: Math.ceil(ttlMs / 1000)
        })
      }
      return { uuid, code }
    },
    confirm: async (uuid, code) => {
      if (typeof uuid !== "string" || !uuidPattern.test(uuid)) throw gone()
      const outcome = await kv.update<Pending, ConfirmedEmail | EmailCodeError>(codeKey(uuid), (entry) => {
        if (entry === undefined) return { result: gone() }
        if (now() >= entry.expiresAt)
          return { result: new EmailCodeError("expired", "Code expired: request a new code"), change: "delete" }
        if (typeof code === "string" && sameCode(entry.code, code.trim()))
          return { result: { email: entry.email, account: entry.account }, change: "delete" }
        const left = maxTries - (entry.tries + 1)
        if (left <= 0)
          return {
            result: new EmailCodeError("too-many", "Too many wrong codes: request a new code"),
            change: "delete"
          }
        return {
          result: new EmailCodeError("wrong", `Invalid code: ${left} ${left === 1 ? "try" : "tries"} left`, {
            triesLeft: left
          }),
          change: { value: { ...entry, tries: entry.tries + 1 } }
        }
      })
      if (outcome instanceof EmailCodeError) throw outcome
      // The address proved itself: a new code for it needs no wait.
      if (cooldownMs > 0) await kv.del(cooldownKey(outcome.email))
      return outcome
    }
  }
}
