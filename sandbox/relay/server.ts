/**
 * The sandbox's WalletConnect v2 relay, on loopback (WALLETCONNECT.md): JWT-authenticated WebSockets, topic
 * subscriptions, publish with a TTL mailbox delivered on (re)subscribe, the session calls with their implicit
 * subscribes, pushes the clients ack, no echo to the publishing client (by client id, not by socket), and pings.
 * Messages are opaque encrypted envelopes: the relay never reads them.
 */
import { createHash } from "node:crypto"
import { createServer, type IncomingMessage } from "node:http"
import type { AddressInfo } from "node:net"
import { decodeJWT, verifyJWT } from "@walletconnect/relay-auth"
import { type WebSocket, WebSocketServer } from "ws"

/** Options of {@link startRelay}. */
export interface StartRelayOptions {
  /** @default 0 (a free port) */
  readonly port?: number
  /** How often sockets are pinged, in ms (the SDK drops a socket idle for about 30 s). @default 10000 */
  readonly pingIntervalMs?: number
  /** The relay's clock, for TTL tests. @default Date.now */
  readonly now?: () => number
  /** Called with every JSON-RPC method a client sends (for tests and logs). */
  readonly onRequest?: (method: string, clientId: string) => void
}

/** A running relay. */
export interface Relay {
  /** `ws://127.0.0.1:<port>`: the `relayUrl` of the SDK and of `endpoints.relay`. */
  readonly url: string
  readonly port: number
  /** Closes every socket and the server. Safe to call twice. */
  readonly stop: () => Promise<void>
}

interface Stored {
  readonly topic: string
  readonly message: string
  readonly publishedAt: number
  readonly tag: number
  readonly attestation?: string | undefined
  readonly expiresAt: number
  /** Who published it: never delivered back to that client. */
  readonly publisher: string
  readonly hash: string
}

interface Client {
  readonly socket: WebSocket
  readonly clientId: string
  readonly topics: Set<string>
}

/** The subscription id the SDK computes itself: sha256 hex of topic + client id. */
export const subscriptionId = (topic: string, clientId: string): string =>
  createHash("sha256")
    .update(topic + clientId)
    .digest("hex")

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex")

/** JSON-RPC errors the relay answers with. */
const errors = {
  parse: { code: -32700, message: "Parse error" },
  method: { code: -32601, message: "Method not found" },
  params: { code: -32602, message: "Invalid params" }
} as const

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const text = (value: unknown): string | undefined => (typeof value === "string" && value.length > 0 ? value : undefined)

/** The longest TTL a message is kept, whatever the publisher asks (30 days, as the hosted relay caps it). */
const MAX_TTL_SECONDS = 30 * 24 * 60 * 60

/**
 * The client id a JWT proves, or `undefined` when it is missing, malformed, badly signed or expired.
 * @example
 * ```ts
 * const clientId = await authenticate(new URL("ws://127.0.0.1:1/?auth=bad").searchParams.get("auth"), Date.now())
 * // undefined
 * ```
 */
export const authenticate = async (jwt: string | null, now: number): Promise<string | undefined> => {
  if (jwt === null || jwt.length > 4096) return undefined
  try {
    if (!(await verifyJWT(jwt))) return undefined
    const { payload } = decodeJWT(jwt)
    if (typeof payload.exp === "number" && payload.exp * 1000 < now) return undefined
    return text(payload.iss)
  } catch {
    return undefined
  }
}

/**
 * Starts the relay on 127.0.0.1.
 * @example
 * ```ts
 * const relay = await startRelay()
 * relay.url // "ws://127.0.0.1:<port>"
 * await relay.stop()
 * ```
 */
export const startRelay = async (options: StartRelayOptions = {}): Promise<Relay> => {
  const now = options.now ?? Date.now
  const mailbox = new Map<string, Array<Stored>>()
  const subscribers = new Map<string, Set<Client>>()
  // What each client id was handed already, so a reconnecting client is not sent it again.
  const delivered = new Map<string, Set<string>>()
  let nextPushId = Date.now() * 1000

  const live = (topic: string): Array<Stored> => {
    const kept = (mailbox.get(topic) ?? []).filter((stored) => stored.expiresAt > now())
    if (kept.length === 0) mailbox.delete(topic)
    else mailbox.set(topic, kept)
    return kept
  }

  const push = (client: Client, stored: Stored) => {
    if (stored.publisher === client.clientId) return
    const seen = delivered.get(client.clientId) ?? new Set<string>()
    delivered.set(client.clientId, seen)
    if (seen.has(stored.hash)) return
    seen.add(stored.hash)
    nextPushId += 1
    const data = {
      topic: stored.topic,
      message: stored.message,
      publishedAt: stored.publishedAt,
      tag: stored.tag,
      ...(stored.attestation === undefined ? {} : { attestation: stored.attestation })
    }
    client.socket.send(
      JSON.stringify({
        id: nextPushId,
        jsonrpc: "2.0",
        method: "irn_subscription",
        params: { id: subscriptionId(stored.topic, client.clientId), data }
      })
    )
  }

  const subscribe = (client: Client, topic: string): string => {
    client.topics.add(topic)
    const set = subscribers.get(topic) ?? new Set<Client>()
    set.add(client)
    subscribers.set(topic, set)
    for (const stored of live(topic)) push(client, stored)
    return subscriptionId(topic, client.clientId)
  }

  const unsubscribe = (client: Client, topic: string) => {
    client.topics.delete(topic)
    subscribers.get(topic)?.delete(client)
  }

  const publish = (
    publisher: string,
    message: { topic: string; message: string; ttl: number; tag: number; attestation?: string | undefined }
  ) => {
    const ttl = Math.min(Math.max(message.ttl, 0), MAX_TTL_SECONDS)
    const stored: Stored = {
      topic: message.topic,
      message: message.message,
      publishedAt: now(),
      tag: message.tag,
      attestation: message.attestation,
      expiresAt: now() + ttl * 1000,
      publisher,
      hash: sha256(`${message.topic}:${message.message}`)
    }
    // The same envelope twice (a retried publish) is stored and delivered once.
    const kept = live(message.topic)
    if (!kept.some((existing) => existing.hash === stored.hash)) mailbox.set(message.topic, [...kept, stored])
    for (const client of subscribers.get(message.topic) ?? []) push(client, stored)
  }

  /** A publish's parameters, or `undefined` when they are not what the protocol says. */
  const publishParams = (params: Record<string, unknown>, topicKey = "topic", messageKey = "message") => {
    const topic = text(params[topicKey])
    const message = text(params[messageKey])
    const ttl = typeof params.ttl === "number" ? params.ttl : 300
    const tag = typeof params.tag === "number" ? params.tag : 0
    if (topic === undefined || message === undefined) return undefined
    return { topic, message, ttl, tag, attestation: text(params.attestation) }
  }

  /** Answers one request; returns the result, or an error object. */
  const handle = (client: Client, method: string, params: unknown): { result: unknown } | { error: object } => {
    if (!isRecord(params)) return { error: errors.params }
    switch (method) {
      case "irn_subscribe": {
        const topic = text(params.topic)
        return topic === undefined ? { error: errors.params } : { result: subscribe(client, topic) }
      }
      case "irn_batchSubscribe": {
        const topics = Array.isArray(params.topics) ? params.topics.map(text) : undefined
        if (topics === undefined || topics.some((t) => t === undefined)) return { error: errors.params }
        return { result: (topics as Array<string>).map((topic) => subscribe(client, topic)) }
      }
      case "irn_unsubscribe": {
        const topic = text(params.topic)
        if (topic === undefined) return { error: errors.params }
        unsubscribe(client, topic)
        return { result: true }
      }
      case "irn_batchUnsubscribe": {
        const list = Array.isArray(params.subscriptions) ? params.subscriptions : undefined
        if (list === undefined) return { error: errors.params }
        for (const entry of list) {
          const topic = isRecord(entry) ? text(entry.topic) : undefined
          if (topic !== undefined) unsubscribe(client, topic)
        }
        return { result: true }
      }
      case "irn_publish": {
        const message = publishParams(params)
        if (message === undefined) return { error: errors.params }
        publish(client.clientId, message)
        return { result: true }
      }
      case "irn_batchFetchMessages": {
        const topics = Array.isArray(params.topics) ? params.topics.flatMap((t) => text(t) ?? []) : undefined
        if (topics === undefined) return { error: errors.params }
        const messages = topics.flatMap((topic) =>
          live(topic)
            .filter((stored) => stored.publisher !== client.clientId)
            .map((stored) => ({
              topic: stored.topic,
              message: stored.message,
              publishedAt: stored.publishedAt,
              tag: stored.tag,
              ...(stored.attestation === undefined ? {} : { attestation: stored.attestation })
            }))
        )
        return { result: { messages, hasMore: false } }
      }
      case "wc_proposeSession": {
        // Publish the proposal on the pairing topic, and subscribe the dapp there (it created the pairing without
        // subscribing, and would never see the wallet's answer otherwise).
        const message = publishParams(params, "pairingTopic", "sessionProposal")
        if (message === undefined) return { error: errors.params }
        subscribe(client, message.topic)
        publish(client.clientId, { ...message, tag: 1100 })
        return { result: true }
      }
      case "wc_approveSession": {
        const pairingTopic = text(params.pairingTopic)
        const sessionTopic = text(params.sessionTopic)
        const response = text(params.sessionProposalResponse)
        const settlement = text(params.sessionSettlementRequest)
        if (!pairingTopic || !sessionTopic || !response || !settlement) return { error: errors.params }
        const ttl = typeof params.ttl === "number" ? params.ttl : 300
        // The wallet listens on the session from now on.
        subscribe(client, sessionTopic)
        publish(client.clientId, { topic: pairingTopic, message: response, ttl, tag: 1101 })
        publish(client.clientId, { topic: sessionTopic, message: settlement, ttl, tag: 1102 })
        return { result: true }
      }
      default:
        return { error: errors.method }
    }
  }

  const onConnection = (socket: WebSocket, clientId: string) => {
    const client: Client = { socket, clientId, topics: new Set() }
    let alive = true
    socket.on("pong", () => {
      alive = true
    })
    const pinger = setInterval(() => {
      if (!alive) return socket.terminate()
      alive = false
      socket.ping()
    }, options.pingIntervalMs ?? 10_000)
    pinger.unref()
    socket.on("close", () => {
      clearInterval(pinger)
      for (const topic of client.topics) subscribers.get(topic)?.delete(client)
    })
    socket.on("message", (raw) => {
      let request: unknown
      try {
        request = JSON.parse(raw.toString())
      } catch {
        return socket.send(JSON.stringify({ id: null, jsonrpc: "2.0", error: errors.parse }))
      }
      if (!isRecord(request)) return
      // An ack of a push ({ id, result }) needs no answer.
      if (!("method" in request)) return
      const method = text(request.method) ?? ""
      options.onRequest?.(method, clientId)
      const answer = handle(client, method, request.params)
      socket.send(JSON.stringify({ id: request.id ?? null, jsonrpc: "2.0", ...answer }))
    })
  }

  const http = createServer((_request, response) => {
    response.writeHead(426, { "content-type": "text/plain" }).end("WalletConnect relay: connect with a WebSocket")
  })
  const wss = new WebSocketServer({ server: http, maxPayload: 1024 * 1024 })
  wss.on("connection", (socket: WebSocket, request: IncomingMessage) => {
    const auth = new URL(request.url ?? "/", "ws://127.0.0.1").searchParams.get("auth")
    // Until the JWT is checked, nothing the socket sends is read.
    socket.pause()
    void authenticate(auth, now()).then((clientId) => {
      if (clientId === undefined) {
        // Reading again lets the close handshake finish; nothing else is listened to.
        socket.resume()
        return socket.close(4001, "Unauthorized: invalid or missing JWT")
      }
      onConnection(socket, clientId)
      socket.resume()
    })
  })

  await new Promise<void>((resolve, reject) => {
    http.once("error", reject)
    http.listen(options.port ?? 0, "127.0.0.1", () => resolve())
  })
  const port = (http.address() as AddressInfo).port
  let stopped: Promise<void> | undefined
  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        for (const socket of wss.clients) socket.terminate()
        wss.close(() => http.close(() => resolve()))
      })
      return stopped
    }
  }
}
