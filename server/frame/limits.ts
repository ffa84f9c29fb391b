/**
 * The secure site's limits on starting sign-ins and answering codes, counted on the shared store (`../shared/kv.ts`)
 * so every instance behind a load balancer counts against the same budget.
 */
import { type Kv, KvError, KvFullError } from "../shared/kv.ts"
import { FrameHttpError, maxPending } from "./codes.ts"

/** The server's limits on starting sign-ins (the client's 30 s email cooldown is the client's). */
export interface FrameLimits {
  /** One email gets at most one code per this many ms; a sign-in with a code ends the wait. @default 20000 */
  readonly emailCooldownMs: number
  /**
   * Sign-ins (email codes, social and Farcaster starts) one client may start per `codeLifetimeMs`. A client is
   * the caller's IP address (the socket's, no forwarding header): the device id is the caller's to choose, so it
   * cannot be what a limit counts. @default 60
   */
  readonly perClient: number
  /**
   * Answers to codes (right or wrong, sign-in and email change) one email may send per `codeAnswerWindowMs`, across
   * all its codes: each code takes 5 wrong answers, and this stops a guesser from asking for code after code. Once
   * spent, the email's answers and new codes are refused with a 429 saying how long to wait; a right answer resets
   * it. @default 10
   */
  readonly codeAnswersPerEmail: number
  /**
   * Answers to codes one client (IP address) may send per `codeAnswerWindowMs`, whatever the emails: a bound on
   * spraying guesses over many accounts, loose enough for an office behind one address. @default 100
   */
  readonly codeAnswersPerClient: number
  /** The window of the two limits above, in ms. @default 3600000 (1 hour) */
  readonly codeAnswerWindowMs: number
}

/** The limits `makeAuth` applies unless told otherwise. */
export const defaultFrameLimits: FrameLimits = {
  emailCooldownMs: 20_000,
  perClient: 60,
  codeAnswersPerEmail: 10,
  codeAnswersPerClient: 100,
  codeAnswerWindowMs: 60 * 60 * 1000
}

/** A key's requests in its window, oldest first: `[time, how many at that time]`, so a burst is one pair. */
type Hits = ReadonlyArray<readonly [number, number]>

/** Options of {@link makeRateLimit}. */
export interface RateLimitOptions {
  /** The shared store's group the keys live in (`frame:limit:<name>`). */
  readonly name: string
  readonly limit: number
  readonly windowMs: number
  readonly now: () => number
  /** The 429's message, given the seconds to wait. */
  readonly message: (seconds: number) => string
  /** Most keys tracked at once. @default maxPending */
  readonly capacity?: number
}

/** How often `take` goes round when another instance created the same key in between (once is the rule). */
const maxCreateRaces = 5

/**
 * Counts requests per key in a sliding window on the shared store, atomically (two instances racing on one key both
 * count): `take` refuses with a 429 once `limit` were taken in the last `windowMs`, saying how many seconds until the
 * next one is allowed. At most `capacity` keys are tracked; past it a new key is refused while none has expired (so
 * a flood of keys cannot grow the store).
 * @example
 * ```ts
 * import type { Kv } from "../shared/kv.ts"
 * declare const kv: Kv
 * const perEmail = makeRateLimit(kv, { name: "email", limit: 1, windowMs: 20_000, now: Date.now, message: (s) => `Wait ${s} s` })
 * await perEmail.take("ada@example.com") // ok; a second take within 20 s, on any instance, throws a 429
 * ```
 */
export const makeRateLimit = (kv: Kv, options: RateLimitOptions) => {
  const { limit, windowMs, now } = options
  const capacity = options.capacity ?? maxPending
  // Keys are emails and IP addresses: escaped, so an IPv6 address's `:` cannot split the store's group.
  const keyOf = (key: string) => `frame:limit:${options.name}:${encodeURIComponent(key)}`
  const recent = (hits: Hits | undefined, at: number): Hits => (hits ?? []).filter(([time]) => at - time < windowMs)
  /** The seconds to wait when the window is full, else undefined. */
  const waitOf = (hits: Hits, at: number): number | undefined => {
    const total = hits.reduce((sum, [, count]) => sum + count, 0)
    if (total < limit) return undefined
    // The hit whose leaving the window frees a place: the `limit`-th newest.
    let before = total - limit
    let freeing = at
    for (const [time, count] of hits) {
      freeing = time
      before -= count
      if (before < 0) break
    }
    return Math.max(1, Math.ceil((freeing + windowMs - at) / 1000))
  }
  const refuse = (seconds: number) => new FrameHttpError(429, options.message(seconds))
  const added = (hits: Hits, at: number): Hits => {
    const last = hits.at(-1)
    if (last?.[0] === at) return [...hits.slice(0, -1), [at, last[1] + 1]]
    // Instances' clocks may differ a little: keep the times in order.
    return [...hits, [at, 1] as const].sort((a, b) => a[0] - b[0])
  }
  return {
    /** Throws the 429 `take` would, without counting a request. */
    check: async (key: string): Promise<void> => {
      const at = now()
      const wait = waitOf(recent(await kv.get<Hits>(keyOf(key)), at), at)
      if (wait !== undefined) throw refuse(wait)
    },
    /** Counts one request of `key`, or throws a 429 when its window is full. */
    take: async (key: string): Promise<void> => {
      const id = keyOf(key)
      for (let race = 0; race < maxCreateRaces; race++) {
        const at = now()
        const outcome = await kv.update<Hits, "absent" | "taken" | number>(id, (stored) => {
          if (stored === undefined) return { result: "absent" }
          const hits = recent(stored, at)
          const wait = waitOf(hits, at)
          if (wait !== undefined) return { result: wait }
          // The entry lives as long as its newest request counts.
          return { result: "taken", change: { value: added(hits, at), ttlMs: windowMs } }
        })
        if (outcome === "taken") return
        if (typeof outcome === "number") throw refuse(outcome)
        if (limit < 1) throw refuse(Math.ceil(windowMs / 1000))
        try {
          const first: Hits = [[at, 1]]
          if (await kv.set(id, first, { ttlMs: windowMs, onlyIfAbsent: true, max: capacity })) return
        } catch (error) {
          if (error instanceof KvFullError) throw refuse(Math.ceil(windowMs / 1000))
          throw error
        }
      }
      throw new KvError(`The rate limit "${options.name}" kept racing other writers; try again`)
    },
    /** Forgets `key`'s requests (a login that succeeded ends its email's cooldown). */
    clear: (key: string): Promise<void> => kv.del(keyOf(key))
  }
}

/** A limit made by {@link makeRateLimit}. */
export type RateLimit = ReturnType<typeof makeRateLimit>

/**
 * The secure site's four limits over `kv`: one code per email per cooldown, sign-in starts per client, and answers
 * to codes per email and per client.
 * @example
 * ```ts
 * import type { Kv } from "../shared/kv.ts"
 * declare const kv: Kv
 * const limiters = makeFrameLimiters(kv, defaultFrameLimits, Date.now, 600_000)
 * await limiters.perClient.take("203.0.113.7")
 * ```
 */
export const makeFrameLimiters = (kv: Kv, limits: FrameLimits, now: () => number, startWindowMs: number) => ({
  perEmail: makeRateLimit(kv, {
    name: "email-cooldown",
    limit: 1,
    windowMs: limits.emailCooldownMs,
    now,
    message: (seconds) => `A code was just sent to this email: try again in ${seconds} seconds`
  }),
  perClient: makeRateLimit(kv, {
    name: "client-starts",
    limit: limits.perClient,
    windowMs: startWindowMs,
    now,
    message: (seconds) => `Too many sign-in attempts: try again in ${seconds} seconds`
  }),
  // Counted before a code is judged, atomically on the shared store, so parallel guesses cannot overshoot.
  answersPerEmail: makeRateLimit(kv, {
    name: "email-answers",
    limit: limits.codeAnswersPerEmail,
    windowMs: limits.codeAnswerWindowMs,
    now,
    message: (seconds) => `Too many codes tried for this email: try again in ${seconds} seconds`
  }),
  answersPerClient: makeRateLimit(kv, {
    name: "client-answers",
    limit: limits.codeAnswersPerClient,
    windowMs: limits.codeAnswerWindowMs,
    now,
    message: (seconds) => `Too many codes tried: try again in ${seconds} seconds`
  })
})

/** The limits made by {@link makeFrameLimiters}. */
export type FrameLimiters = ReturnType<typeof makeFrameLimiters>
