/**
 * Where the secure site's long-polls wait (a Farcaster approval): parked in the instance that holds the request, and
 * woken through the shared store's pub/sub, so an approval that lands on another instance wakes them too.
 */
import type { Kv } from "../shared/kv.ts"

/** The pub/sub channel the secure site's wake-ups travel on. */
export const wakeChannel = "frame:wake"

/** A parked long-poll: resolves true when woken, false after its time or on abort; `cancel` drops it. */
export interface Parked {
  readonly woken: Promise<boolean>
  readonly cancel: () => void
}

/**
 * Long-poll waiters over `kv`. Park first, then re-read the state: a wake-up sent after the read reaches the parked
 * waiter (the subscription is live before anything parks).
 * @example
 * ```ts
 * import type { Kv } from "../shared/kv.ts"
 * declare const kv: Kv
 * declare const stillPending: () => Promise<boolean>
 * const waiters = makeWaiters(kv)
 * const parked = await waiters.park("farcaster:abc", 25_000)
 * if (await stillPending()) await parked.woken
 * else parked.cancel()
 * // on another instance: await waiters.wake("farcaster:abc")
 * ```
 */
export const makeWaiters = (kv: Kv) => {
  const waiting = new Map<string, Set<() => void>>()
  const wakeHere = (key: string) => {
    for (const wake of waiting.get(key) ?? []) wake()
    waiting.delete(key)
  }
  let subscription: Promise<() => Promise<void>> | undefined
  // Subscribes once; a failed subscription (the store was down) is tried again by the next long-poll.
  const subscribed = () => {
    subscription ??= kv.subscribe(wakeChannel, wakeHere).catch((error: unknown) => {
      subscription = undefined
      throw error
    })
    return subscription
  }

  return {
    /** Wakes the long-polls waiting for `key`, here and on every instance. */
    wake: async (key: string): Promise<void> => {
      // Here first: a wake-up that cannot reach the store still answers this instance's long-polls.
      wakeHere(key)
      await kv.publish(wakeChannel, key)
    },
    /** Parks a waiter for `key` once the subscription is live. */
    park: async (key: string, ms: number, signal?: AbortSignal): Promise<Parked> => {
      await subscribed()
      let cancel = () => {}
      const woken = new Promise<boolean>((resolve) => {
        const set = waiting.get(key) ?? new Set()
        waiting.set(key, set)
        const done = (woken: boolean) => {
          clearTimeout(timer)
          signal?.removeEventListener("abort", abort)
          set.delete(wake)
          if (set.size === 0 && waiting.get(key) === set) waiting.delete(key)
          resolve(woken)
        }
        const wake = () => done(true)
        const abort = () => done(false)
        const timer = setTimeout(() => done(false), ms)
        timer.unref()
        signal?.addEventListener("abort", abort, { once: true })
        set.add(wake)
        cancel = abort
        // A request closed while the subscription was being made: answer at once.
        if (signal?.aborted === true) abort()
      })
      return { woken, cancel }
    },
    /** Answers every parked long-poll "pending" and stops listening (on stop). */
    releaseAll: async (): Promise<void> => {
      for (const key of [...waiting.keys()]) wakeHere(key)
      const unsubscribe = await subscription?.catch(() => undefined)
      subscription = undefined
      await unsubscribe?.().catch(() => {})
    }
  }
}
