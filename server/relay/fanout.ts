/**
 * Fan-out between relay instances: a message published on one instance reaches the subscribers connected to every
 * other instance, through one Redis pub/sub channel. Each instance delivers to its own sockets; the mailbox's ack
 * records keep a client from being sent a message twice.
 */
import { randomUUID } from "node:crypto"
import type { Redis } from "ioredis"
import type { Stored } from "./protocol.ts"
import { isStored } from "./redisMailbox.ts"

/** The Redis channel every relay instance publishes to and listens on. */
export const FANOUT_CHANNEL = "airlock:relay:fanout"

/** Sends published messages to the other relay instances. */
export interface Fanout {
  /** Hands `stored` to every other instance; rejects when the channel is unreachable. */
  readonly publish: (stored: Stored) => Promise<void>
  readonly close: () => Promise<void>
}

/** What {@link redisFanout} calls. */
export interface FanoutHandlers {
  /** A message another instance published. */
  readonly onMessage: (stored: Stored) => void
  /**
   * The channel is listened to (again, after an outage): messages published meanwhile were stored but not fanned
   * out to us, so the instance hands its subscribers what their topics hold.
   */
  readonly onResumed: () => void
  readonly onError: (message: string, error: unknown) => void
}

/**
 * Fan-out through Redis pub/sub. `publisher` sends; `subscriber` must be a connection of its own (Redis reserves a
 * subscribed connection for messages).
 * @example
 * ```ts
 * import type { Stored } from "./protocol.ts"
 * import { connectRedis } from "./redis.ts"
 * declare const url: string
 * declare const log: (message: string, error: unknown) => void
 * declare const deliverLocally: (stored: Stored) => void
 * declare const redeliverAll: () => void
 * const fanout = redisFanout(connectRedis(url, 2000, log), connectRedis(url, 2000, log), {
 *   onMessage: (stored) => deliverLocally(stored), onResumed: () => redeliverAll(), onError: log
 * })
 * ```
 */
export const redisFanout = (publisher: Redis, subscriber: Redis, handlers: FanoutHandlers): Fanout => {
  // Our own messages come back on the channel too; they were delivered locally already.
  const instance = randomUUID()
  // Once the SUBSCRIBE is answered, every later publish reaches us; one published earlier was stored before it was
  // published, so the instance's read of the mailbox (onResumed) finds it. Hence: resume after each subscribe (also
  // the first: a socket may have subscribed to a topic before the channel was listened to).
  const listen = () => {
    subscriber.subscribe(FANOUT_CHANNEL).then(
      () => handlers.onResumed(),
      (error: unknown) => handlers.onError("relay: could not subscribe to the fan-out channel", error)
    )
  }
  // Every (re)connection subscribes again, also when the first attempt failed.
  subscriber.on("ready", listen)
  if (subscriber.status === "ready") listen()
  subscriber.on("message", (channel: string, text: string) => {
    if (channel !== FANOUT_CHANNEL) return
    try {
      const envelope: unknown = JSON.parse(text)
      if (typeof envelope !== "object" || envelope === null) return
      const { from, stored } = envelope as { from?: unknown; stored?: unknown }
      if (from !== instance && isStored(stored)) handlers.onMessage(stored)
    } catch (error) {
      handlers.onError("relay: unreadable fan-out message", error)
    }
  })
  return {
    publish: async (stored) => {
      await publisher.publish(FANOUT_CHANNEL, JSON.stringify({ from: instance, stored }))
    },
    close: async () => {
      subscriber.removeAllListeners("message")
    }
  }
}
