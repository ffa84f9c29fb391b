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
import { nestedDeeperThan, requestUrl, rpcId } from "../http/guard.ts"

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

/** What a relay holds right now (for tests: memory is released when sockets close and messages expire). */
export interface RelayStats {
  readonly sockets: number
  /** Topics with at least one subscriber. */
  readonly topics: number
  readonly storedMessages: number
  readonly storedBytes: number
  /** Delivery records kept so that a reconnecting client is not sent a message twice. */
  readonly deliveries: number
}

/** A running relay. */
export interface Relay {
  /** `ws://127.0.0.1:<port>`: the `relayUrl` of the SDK and of `endpoints.relay`. */
  readonly url: string
  readonly port: number
  /** What the relay holds now (expired messages are dropped first). */
  readonly stats: () => RelayStats
  /** Closes every socket and the server. Safe to call twice. */
  readonly stop: () => Promise<void>
}

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
  params: { code: -32602, message: "Invalid params" },
  tooLarge: { code: -32000, message: `Message too large: at most ${relayLimits.messageBytes} bytes` },
  tooManyTopics: {
    code: -32000,
    message: `Too many subscriptions: at most ${relayLimits.subscriptionsPerSocket} per connection`
  },
  full: { code: -32000, message: "Mailbox full: try again once earlier messages have expired" }
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
 * // undefined: also when `audience` is given and refuses the token's `aud`
 * ```
 */
export const authenticate = async (
  jwt: string | null,
  now: number,
  audience?: (aud: string) => boolean
): Promise<string | undefined> => {
  if (jwt === null || jwt.length > 4096) return undefined
  try {
    if (!(await verifyJWT(jwt))) return undefined
    const { payload } = decodeJWT(jwt)
    if (typeof payload.exp === "number" && payload.exp * 1000 < now) return undefined
    // A token the client signed for another relay is not a login here (it could be replayed from there).
    if (audience !== undefined && !(typeof payload.aud === "string" && audience(payload.aud))) return undefined
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
  // What each client id was handed already (message hash -> its expiry), so a reconnecting client is not sent it
  // again; a record goes when its message expires.
  const delivered = new Map<string, Map<string, number>>()
  // Bytes of live messages, in all and by publisher (relayLimits).
  let storedBytes = 0
  const storedBy = new Map<string, number>()
  let nextPushId = Date.now() * 1000

  const forget = (stored: Stored) => {
    storedBytes -= stored.message.length
    const left = (storedBy.get(stored.publisher) ?? 0) - stored.message.length
    if (left > 0) storedBy.set(stored.publisher, left)
    else storedBy.delete(stored.publisher)
  }

  const live = (topic: string): Array<Stored> => {
    const all = mailbox.get(topic) ?? []
    const kept = all.filter((stored) => stored.expiresAt > now())
    if (kept.length !== all.length) for (const stored of all) if (stored.expiresAt <= now()) forget(stored)
    if (kept.length === 0) mailbox.delete(topic)
    else mailbox.set(topic, kept)
    return kept
  }

  /** Drops expired messages and the delivery records of expired messages. */
  const sweep = () => {
    for (const topic of [...mailbox.keys()]) live(topic)
    const at = now()
    for (const [clientId, seen] of delivered) {
      for (const [hash, expiresAt] of seen) if (expiresAt <= at) seen.delete(hash)
      if (seen.size === 0) delivered.delete(clientId)
    }
  }
  const sweeper = setInterval(sweep, 60_000)
  sweeper.unref()

  const push = (client: Client, stored: Stored) => {
    if (stored.publisher === client.clientId) return
    const seen = delivered.get(client.clientId) ?? new Map<string, number>()
    delivered.set(client.clientId, seen)
    if (seen.has(stored.hash)) return
    seen.set(stored.hash, stored.expiresAt)
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
    const set = subscribers.get(topic)
    set?.delete(client)
    if (set?.size === 0) subscribers.delete(topic)
  }

  /** Whether subscribing `client` to `topics` keeps it within its subscription limit. */
  const canSubscribe = (client: Client, topics: ReadonlyArray<string>) =>
    client.topics.size + topics.filter((topic) => !client.topics.has(topic)).length <=
    relayLimits.subscriptionsPerSocket

  const publish = (
    publisher: string,
    message: { topic: string; message: string; ttl: number; tag: number; attestation?: string | undefined }
  ): { error: object } | undefined => {
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
    if (!kept.some((existing) => existing.hash === stored.hash)) {
      const size = stored.message.length
      const over = () =>
        storedBytes + size > relayLimits.storedBytes ||
        (storedBy.get(publisher) ?? 0) + size > relayLimits.storedBytesPerPublisher
      // Expired messages free their room first; past that, a full mailbox refuses (never evicts).
      if (over()) sweep()
      if (over()) return { error: errors.full }
      storedBytes += size
      storedBy.set(publisher, (storedBy.get(publisher) ?? 0) + size)
      mailbox.set(message.topic, [...kept, stored])
    }
    for (const client of subscribers.get(message.topic) ?? []) push(client, stored)
    return undefined
  }

  /** A publish's parameters, or `undefined` when they are not what the protocol says. */
  const publishParams = (params: Record<string, unknown>, topicKey = "topic", messageKey = "message") => {
    const topic = text(params[topicKey])
    const message = text(params[messageKey])
    const ttl = typeof params.ttl === "number" ? params.ttl : 300
    const tag = typeof params.tag === "number" ? params.tag : 0
    if (topic === undefined || message === undefined || topic.length > 256) return undefined
    return { topic, message, ttl, tag, attestation: text(params.attestation)?.slice(0, 4096) }
  }

  /** Answers one request; returns the result, or an error object. */
  const handle = (client: Client, method: string, params: unknown): { result: unknown } | { error: object } => {
    if (!isRecord(params)) return { error: errors.params }
    switch (method) {
      case "irn_subscribe": {
        const topic = text(params.topic)
        if (topic === undefined || topic.length > 256) return { error: errors.params }
        if (!canSubscribe(client, [topic])) return { error: errors.tooManyTopics }
        return { result: subscribe(client, topic) }
      }
      case "irn_batchSubscribe": {
        const topics = Array.isArray(params.topics) ? params.topics.map(text) : undefined
        if (topics === undefined || topics.some((t) => t === undefined || t.length > 256))
          return { error: errors.params }
        if (!canSubscribe(client, topics as Array<string>)) return { error: errors.tooManyTopics }
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
        if (message.message.length > relayLimits.messageBytes) return { error: errors.tooLarge }
        return publish(client.clientId, message) ?? { result: true }
      }
      case "irn_batchFetchMessages": {
        const topics = Array.isArray(params.topics) ? params.topics.flatMap((t) => text(t) ?? []) : undefined
        if (topics === undefined || topics.length > relayLimits.subscriptionsPerSocket) return { error: errors.params }
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
        if (message.message.length > relayLimits.messageBytes) return { error: errors.tooLarge }
        if (!canSubscribe(client, [message.topic])) return { error: errors.tooManyTopics }
        subscribe(client, message.topic)
        return publish(client.clientId, { ...message, tag: 1100 }) ?? { result: true }
      }
      case "wc_approveSession": {
        const pairingTopic = text(params.pairingTopic)
        const sessionTopic = text(params.sessionTopic)
        const response = text(params.sessionProposalResponse)
        const settlement = text(params.sessionSettlementRequest)
        if (!pairingTopic || !sessionTopic || !response || !settlement) return { error: errors.params }
        if (pairingTopic.length > 256 || sessionTopic.length > 256) return { error: errors.params }
        if (response.length + settlement.length > relayLimits.messageBytes) return { error: errors.tooLarge }
        if (!canSubscribe(client, [sessionTopic])) return { error: errors.tooManyTopics }
        const ttl = typeof params.ttl === "number" ? params.ttl : 300
        // The wallet listens on the session from now on.
        subscribe(client, sessionTopic)
        return (
          publish(client.clientId, { topic: pairingTopic, message: response, ttl, tag: 1101 }) ??
          publish(client.clientId, { topic: sessionTopic, message: settlement, ttl, tag: 1102 }) ?? { result: true }
        )
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
      // Free everything this socket held; the mailbox keeps its messages until their TTL.
      for (const topic of [...client.topics]) unsubscribe(client, topic)
    })
    socket.on("message", (raw, isBinary) => {
      try {
        const data = isBinary ? "" : raw.toString()
        let request: unknown
        try {
          if (nestedDeeperThan(data)) throw new Error("too deep")
          request = JSON.parse(data)
        } catch {
          return socket.send(JSON.stringify({ id: null, jsonrpc: "2.0", error: errors.parse }))
        }
        if (!isRecord(request)) return
        // An ack of a push ({ id, result }) needs no answer.
        if (!("method" in request)) return
        const method = text(request.method)?.slice(0, 64) ?? ""
        options.onRequest?.(method, clientId)
        const answer = handle(client, method, request.params)
        socket.send(JSON.stringify({ id: rpcId(request.id), jsonrpc: "2.0", ...answer }))
      } catch (error) {
        // A request the relay failed on ends this socket only.
        console.error("sandbox relay: closing a socket after an unexpected error", error)
        socket.close(1011, "Internal error")
      }
    })
  }

  // Our own address, as the SDK names it in the token's audience (`relayUrl`): 127.0.0.1, localhost or [::1].
  const ourAudience = (aud: string) => {
    try {
      const url = new URL(aud)
      return (
        (url.protocol === "ws:" || url.protocol === "wss:") &&
        ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname) &&
        url.port === String(port)
      )
    } catch {
      return false
    }
  }

  const http = createServer((_request, response) => {
    response.writeHead(426, { "content-type": "text/plain" }).end("WalletConnect relay: connect with a WebSocket")
  })
  // Requests Node cannot parse: a 400 to that connection alone.
  http.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n")
    else socket.destroy()
  })
  const wss = new WebSocketServer({ server: http, maxPayload: relayLimits.frameBytes })
  wss.on("error", (error) => console.error("sandbox relay: server error", error))
  wss.on("connection", (socket: WebSocket, request: IncomingMessage) => {
    // A frame over the size limit, an unmasked or malformed frame: `ws` reports it here and closes the socket; an
    // error without a listener would end the process.
    socket.on("error", () => socket.terminate())
    request.socket.on("error", () => socket.terminate())
    const auth = requestUrl(request.url)?.searchParams.get("auth") ?? null
    // Until the JWT is checked, nothing the socket sends is read.
    socket.pause()
    void authenticate(auth, now(), ourAudience).then((clientId) => {
      if (socket.readyState !== socket.OPEN) return
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
    stats: () => {
      sweep()
      let messages = 0
      for (const list of mailbox.values()) messages += list.length
      let deliveries = 0
      for (const seen of delivered.values()) deliveries += seen.size
      return { sockets: wss.clients.size, topics: subscribers.size, storedMessages: messages, storedBytes, deliveries }
    },
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        clearInterval(sweeper)
        for (const socket of wss.clients) socket.terminate()
        wss.close(() => http.close(() => resolve()))
      })
      return stopped
    }
  }
}
