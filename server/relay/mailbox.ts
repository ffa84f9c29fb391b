/**
 * The relay's mailbox: messages kept per topic until their TTL (handed to whoever subscribes later), and which client
 * acked which message (so a reconnecting client is not sent it again). In memory for one instance; in Redis
 * (redisMailbox.ts) when several instances share it.
 */
import { relayLimits, type Stored } from "./protocol.ts"

/** What a mailbox holds, for stats (a shared mailbox reports zeros: its content lives in Redis). */
export interface MailboxStats {
  readonly storedMessages: number
  readonly storedBytes: number
  /** Ack records kept so that a reconnecting client is not sent a message twice. */
  readonly deliveries: number
}

/** Where published messages wait for their subscribers. Every call may reject (a shared store is unreachable). */
export interface Mailbox {
  /** Stores `stored` unless the same message is there; `"full"` when a limit of {@link relayLimits} refuses it. */
  readonly put: (stored: Stored) => Promise<"stored" | "duplicate" | "full">
  /** The topic's messages that have not expired, oldest first. */
  readonly live: (topic: string) => Promise<ReadonlyArray<Stored>>
  /** Whether `clientId` acked the message already (on any instance sharing this mailbox). */
  readonly acked: (clientId: string, hash: string) => Promise<boolean>
  /** Records that `clientId` acked the message; the record goes when the message expires. */
  readonly ack: (clientId: string, hash: string, expiresAt: number) => Promise<void>
  readonly stats: () => MailboxStats
  readonly close: () => Promise<void>
}

/**
 * A mailbox in this process's memory (one relay instance).
 * @example
 * ```ts
 * import type { Stored } from "./protocol.ts"
 * declare const stored: Stored
 * const mailbox = memoryMailbox(Date.now)
 * await mailbox.put(stored) // "stored"
 * ```
 */
export const memoryMailbox = (now: () => number): Mailbox => {
  const topics = new Map<string, Array<Stored>>()
  // clientId -> message hash -> expiry of that message.
  const acks = new Map<string, Map<string, number>>()
  let storedBytes = 0
  const storedBy = new Map<string, number>()

  const forget = (stored: Stored) => {
    storedBytes -= stored.message.length
    const left = (storedBy.get(stored.publisher) ?? 0) - stored.message.length
    if (left > 0) storedBy.set(stored.publisher, left)
    else storedBy.delete(stored.publisher)
  }

  const live = (topic: string): Array<Stored> => {
    const all = topics.get(topic) ?? []
    const at = now()
    const kept = all.filter((stored) => stored.expiresAt > at)
    if (kept.length !== all.length) for (const stored of all) if (stored.expiresAt <= at) forget(stored)
    if (kept.length === 0) topics.delete(topic)
    else topics.set(topic, kept)
    return kept
  }

  /** Drops expired messages and the ack records of expired messages. */
  const sweep = () => {
    for (const topic of [...topics.keys()]) live(topic)
    const at = now()
    for (const [clientId, seen] of acks) {
      for (const [hash, expiresAt] of seen) if (expiresAt <= at) seen.delete(hash)
      if (seen.size === 0) acks.delete(clientId)
    }
  }
  const sweeper = setInterval(sweep, 60_000)
  sweeper.unref()

  const put = (stored: Stored): "stored" | "duplicate" | "full" => {
    const kept = live(stored.topic)
    if (kept.some((existing) => existing.hash === stored.hash)) return "duplicate"
    const size = stored.message.length
    const over = () =>
      storedBytes + size > relayLimits.storedBytes ||
      (storedBy.get(stored.publisher) ?? 0) + size > relayLimits.storedBytesPerPublisher
    // Expired messages free their room first; past that, a full mailbox refuses (never evicts).
    if (over()) sweep()
    if (over()) return "full"
    storedBytes += size
    storedBy.set(stored.publisher, (storedBy.get(stored.publisher) ?? 0) + size)
    topics.set(stored.topic, [...kept, stored])
    return "stored"
  }

  return {
    put: async (stored) => put(stored),
    live: async (topic) => live(topic),
    acked: async (clientId, hash) => {
      const expiresAt = acks.get(clientId)?.get(hash)
      return expiresAt !== undefined && expiresAt > now()
    },
    ack: async (clientId, hash, expiresAt) => {
      if (expiresAt <= now()) return
      const seen = acks.get(clientId) ?? new Map<string, number>()
      acks.set(clientId, seen)
      seen.set(hash, expiresAt)
    },
    stats: () => {
      sweep()
      let messages = 0
      for (const list of topics.values()) messages += list.length
      let deliveries = 0
      for (const seen of acks.values()) deliveries += seen.size
      return { storedMessages: messages, storedBytes, deliveries }
    },
    close: async () => clearInterval(sweeper)
  }
}
