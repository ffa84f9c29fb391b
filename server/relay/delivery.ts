/**
 * The relay's delivery: which of this instance's sockets listen on which topic, pushing a message to them (never to
 * its publisher, never twice), and publishing (store, deliver here, fan out to the other instances).
 */
import type { WebSocket } from "ws"
import type { Mailbox } from "./mailbox.ts"
import {
  MAX_TTL_SECONDS,
  messageHash,
  pushData,
  relayLimits,
  rpcErrors,
  type Stored,
  subscriptionId
} from "./protocol.ts"

/** One logged-in socket. */
export interface Client {
  readonly socket: WebSocket
  readonly clientId: string
  readonly topics: Set<string>
  /** Messages pushed on this socket (hash -> expiry), acked or not: never pushed on it again. */
  readonly sent: Map<string, number>
  /** Pushes awaiting the client's ack (push id -> message). */
  readonly pending: Map<number, { readonly hash: string; readonly expiresAt: number }>
}

/** A message as a publish asks to store it. */
export interface Publish {
  readonly topic: string
  readonly message: string
  readonly ttl: number
  readonly tag: number
  readonly attestation?: string | undefined
}

/** What one socket may remember of its pushes; the oldest records go first (the worst case is a re-sent push). */
const REMEMBERED_PUSHES = 5000

const trim = <K, V>(map: Map<K, V>, expired: (value: V) => boolean) => {
  if (map.size <= REMEMBERED_PUSHES) return
  for (const [key, value] of map) if (expired(value)) map.delete(key)
  for (const key of map.keys()) {
    if (map.size <= REMEMBERED_PUSHES) break
    map.delete(key)
  }
}

/** The delivery state of one relay instance. */
export const makeDelivery = (options: {
  readonly mailbox: Mailbox
  /** Hands a published message to the other instances (fanout.ts); none for a single instance. */
  readonly fanOut?: ((stored: Stored) => Promise<void>) | undefined
  readonly now: () => number
  readonly onError: (message: string, error: unknown) => void
}) => {
  const { mailbox, fanOut, now, onError } = options
  const subscribers = new Map<string, Set<Client>>()
  let nextPushId = Date.now() * 1000

  const push = async (client: Client, stored: Stored): Promise<void> => {
    if (stored.publisher === client.clientId || stored.expiresAt <= now() || client.sent.has(stored.hash)) return
    client.sent.set(stored.hash, stored.expiresAt)
    trim(client.sent, (expiresAt) => expiresAt <= now())
    // When the ack records cannot be read, the message is sent: the SDK drops a message it has seen already.
    const acked = await mailbox.acked(client.clientId, stored.hash).catch((error: unknown) => {
      onError("relay: could not read ack records", error)
      return false
    })
    if (acked || client.socket.readyState !== client.socket.OPEN) return
    nextPushId += 1
    client.pending.set(nextPushId, { hash: stored.hash, expiresAt: stored.expiresAt })
    trim(client.pending, ({ expiresAt }) => expiresAt <= now())
    client.socket.send(
      JSON.stringify({
        id: nextPushId,
        jsonrpc: "2.0",
        method: "irn_subscription",
        params: { id: subscriptionId(stored.topic, client.clientId), data: pushData(stored) }
      })
    )
  }

  /** The client acked push `id`: on whichever instance it reconnects to, it is not sent that message again. */
  const acked = (client: Client, id: unknown) => {
    if (typeof id !== "number") return
    const pushed = client.pending.get(id)
    if (pushed === undefined) return
    client.pending.delete(id)
    mailbox
      .ack(client.clientId, pushed.hash, pushed.expiresAt)
      .catch((error: unknown) => onError("relay: could not record an ack", error))
  }

  /** Pushes `stored` to this instance's sockets on its topic. */
  const deliver = (stored: Stored) => {
    for (const client of subscribers.get(stored.topic) ?? []) void push(client, stored)
  }

  /** Subscribes and pushes what the topic holds; rejects when the mailbox cannot be read (the subscription stays). */
  const subscribe = async (client: Client, topic: string): Promise<string> => {
    client.topics.add(topic)
    const set = subscribers.get(topic) ?? new Set<Client>()
    set.add(client)
    subscribers.set(topic, set)
    for (const stored of await mailbox.live(topic)) await push(client, stored)
    return subscriptionId(topic, client.clientId)
  }

  const unsubscribe = (client: Client, topic: string) => {
    client.topics.delete(topic)
    const set = subscribers.get(topic)
    set?.delete(client)
    if (set?.size === 0) subscribers.delete(topic)
  }

  /** Whether subscribing `client` to `topics` keeps it within its subscription limit. */
  const canSubscribe = (client: Client, topics: ReadonlyArray<string>) =>
    client.topics.size + topics.filter((topic) => !client.topics.has(topic)).length <=
    relayLimits.subscriptionsPerSocket

  /** Stores, delivers and fans out a message; an error object when it was refused or could not be stored. */
  const publish = async (publisher: string, message: Publish): Promise<{ error: object } | undefined> => {
    const ttl = Math.min(Math.max(message.ttl, 0), MAX_TTL_SECONDS)
    const stored: Stored = {
      topic: message.topic,
      message: message.message,
      publishedAt: now(),
      tag: message.tag,
      attestation: message.attestation,
      expiresAt: now() + ttl * 1000,
      publisher,
      hash: messageHash(message.topic, message.message)
    }
    let outcome: "stored" | "duplicate" | "full"
    try {
      // The same envelope twice (a retried publish) is stored once; it is delivered again (pushes skip duplicates).
      outcome = await mailbox.put(stored)
    } catch (error) {
      onError("relay: could not store a message", error)
      return { error: rpcErrors.unavailable }
    }
    if (outcome === "full") return { error: rpcErrors.full }
    deliver(stored)
    try {
      await fanOut?.(stored)
    } catch (error) {
      // Stored, but the other instances' subscribers would only get it when they subscribe again: the publisher
      // retries (a duplicate, fanned out again).
      onError("relay: could not fan out a message", error)
      return { error: rpcErrors.unavailable }
    }
    return undefined
  }

  /** Hands every local subscriber what its topics hold (after the fan-out channel was lost for a while). */
  const redeliver = async () => {
    for (const [topic, clients] of subscribers) {
      const stored = await mailbox.live(topic).catch(() => [])
      for (const client of clients) for (const message of stored) void push(client, message)
    }
  }

  return {
    subscribe,
    unsubscribe,
    canSubscribe,
    publish,
    deliver,
    redeliver,
    acked,
    topics: () => subscribers.size
  }
}

/** The delivery state of one relay instance (see {@link makeDelivery}). */
export type Delivery = ReturnType<typeof makeDelivery>
