/**
 * What every part of the relay shares: its limits, the stored message, the JSON-RPC errors it answers with, and the
 * subscription id the SDK computes.
 */
import { createHash } from "node:crypto"

/**
 * The relay's limits: one client can neither exhaust the process's memory nor crowd out another client's messages.
 * A publish over a limit is refused with a JSON-RPC error (the publisher's SDK reports it); nothing stored is evicted,
 * so a flood never removes a message someone else is waiting for.
 */
export const relayLimits = {
  /** The largest WebSocket frame read; a bigger one closes that socket (1009). */
  frameBytes: 1024 * 1024,
  /** The largest published message (an encrypted envelope; the SDK's are a few KB). */
  messageBytes: 256 * 1024,
  /** Topics one socket may subscribe to. */
  subscriptionsPerSocket: 1000,
  /** Bytes of messages kept for one publisher until their TTL. */
  storedBytesPerPublisher: 4 * 1024 * 1024,
  /** Bytes of messages kept in all. */
  storedBytes: 32 * 1024 * 1024
} as const

/** The longest TTL a message is kept, whatever the publisher asks (30 days, as the hosted relay caps it). */
export const MAX_TTL_SECONDS = 30 * 24 * 60 * 60

/** A published message as the mailbox keeps it until `expiresAt`. */
export interface Stored {
  readonly topic: string
  readonly message: string
  readonly publishedAt: number
  readonly tag: number
  readonly attestation?: string | undefined
  readonly expiresAt: number
  /** Who published it: never delivered back to that client. */
  readonly publisher: string
  /** sha256 of topic and message: the same envelope published twice is one message. */
  readonly hash: string
}

/** The subscription id the SDK computes itself: sha256 hex of topic + client id. */
export const subscriptionId = (topic: string, clientId: string): string =>
  createHash("sha256")
    .update(topic + clientId)
    .digest("hex")

/** The identity of a message: the same envelope on the same topic is the same message. */
export const messageHash = (topic: string, message: string): string =>
  createHash("sha256").update(`${topic}:${message}`).digest("hex")

/** JSON-RPC errors the relay answers with. */
export const rpcErrors = {
  parse: { code: -32700, message: "Parse error" },
  method: { code: -32601, message: "Method not found" },
  params: { code: -32602, message: "Invalid params" },
  tooLarge: { code: -32000, message: `Message too large: at most ${relayLimits.messageBytes} bytes` },
  tooManyTopics: {
    code: -32000,
    message: `Too many subscriptions: at most ${relayLimits.subscriptionsPerSocket} per connection`
  },
  full: { code: -32000, message: "Mailbox full: try again once earlier messages have expired" },
  unavailable: { code: -32000, message: "Relay storage unavailable: try again" }
} as const

/** The `data` of an `irn_subscription` push and of a fetched message. */
export const pushData = (stored: Stored) => ({
  topic: stored.topic,
  message: stored.message,
  publishedAt: stored.publishedAt,
  tag: stored.tag,
  ...(stored.attestation === undefined ? {} : { attestation: stored.attestation })
})
