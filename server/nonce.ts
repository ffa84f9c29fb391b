/**
 * Sign-in nonces for a site's own server: random, single use, short-lived, and bounded in number.
 */
import { getRandomValues } from "node:crypto"

/** Options of {@link createNonceStore}. */
export interface NonceStoreOptions {
  /** How long an issued nonce may be consumed, in ms. @default 600_000 (10 minutes) */
  readonly ttlMs?: number
  /** Most live nonces held at once; a full store refuses to issue rather than forget a live one. @default 10_000 */
  readonly max?: number
  /** The clock, unix ms (tests pin it). @default Date.now */
  readonly now?: () => number
}

/** Issues and consumes nonces; see {@link createNonceStore}. */
export interface NonceStore {
  /** A fresh nonce: 24 random alphanumerics. Throws {@link NonceStoreFullError} when `max` live nonces are held. */
  issue(): string
  /** True once for a nonce this store issued and that has not expired; false for any other value, and after. */
  consume(nonce: unknown): boolean
}

/**
 * Thrown by `issue()` when the store holds its `max` of live nonces: answer "try again later" (a 503) rather than
 * evict a nonce someone is signing with.
 * @example
 * ```ts
 * const store = createNonceStore({ max: 1 })
 * store.issue()
 * try {
 *   store.issue()
 * } catch (error) {
 *   error instanceof NonceStoreFullError // true
 * }
 * ```
 */
export class NonceStoreFullError extends Error {
  override readonly name = "NonceStoreFullError"
  /** The store's `max`. */
  readonly max: number
  constructor(max: number) {
    super(`Nonce store full: ${max} live nonces; try again when some expire`)
    this.max = max
  }
}

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
const nonceLength = 24
// The largest multiple of 62 below 256: bytes at or above it are drawn again, so every character is equally likely.
const unbiased = 248

/**
 * 24 crypto-random alphanumerics, every character equally likely (shared with the Redis store, `./nonceRedis.ts`).
 * @example
 * ```ts
 * randomNonce().length // 24
 * ```
 */
export const randomNonce = (): string => {
  let nonce = ""
  while (nonce.length < nonceLength) {
    for (const byte of getRandomValues(new Uint8Array(nonceLength * 2))) {
      if (byte < unbiased && nonce.length < nonceLength) nonce += alphabet[byte % alphabet.length]
    }
  }
  return nonce
}

/**
 * An in-memory nonce store for one server process: each nonce is 24 crypto-random alphanumerics (EIP-4361 and
 * CAIP-122 both accept it), valid for `ttlMs`, and consumed at most once. Expired nonces are swept as the store is
 * used, so its size stays bounded by the sign-ins of one `ttlMs`. Several processes behind a load balancer need a
 * shared store instead (the same two methods over Redis or a database).
 * @example
 * ```ts
 * const nonces = createNonceStore({ ttlMs: 5 * 60_000 })
 * const nonce = nonces.issue()
 * nonces.consume(nonce) // true
 * nonces.consume(nonce) // false
 * ```
 */
export const createNonceStore = (options: NonceStoreOptions = {}): NonceStore => {
  const ttlMs = options.ttlMs ?? 10 * 60_000
  const max = options.max ?? 10_000
  const now = options.now ?? Date.now
  if (!(ttlMs > 0) || !Number.isInteger(max) || max < 1)
    throw new RangeError("createNonceStore: ttlMs and max must be positive")
  // Insertion order is issue order, hence expiry order: a sweep stops at the first live nonce.
  const live = new Map<string, number>()
  const sweep = (at: number) => {
    for (const [nonce, expiresAt] of live) {
      if (expiresAt > at) break
      live.delete(nonce)
    }
  }
  return {
    issue: () => {
      const at = now()
      sweep(at)
      if (live.size >= max) throw new NonceStoreFullError(max)
      let nonce = randomNonce()
      while (live.has(nonce)) nonce = randomNonce()
      live.set(nonce, at + ttlMs)
      return nonce
    },
    consume: (nonce) => {
      if (typeof nonce !== "string" || nonce.length !== nonceLength) return false
      const at = now()
      sweep(at)
      const expiresAt = live.get(nonce)
      if (expiresAt === undefined) return false
      live.delete(nonce)
      return expiresAt > at
    }
  }
}
