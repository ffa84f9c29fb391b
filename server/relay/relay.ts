/**
 * The WalletConnect v2 relay, to mount on any HTTP server (WALLETCONNECT.md): JWT-authenticated WebSockets, topic
 * subscriptions, publish with a TTL mailbox delivered on (re)subscribe, pushes the clients ack, no echo to the
 * publishing client (by client id, not by socket), and pings. With `redisUrl`, the mailbox, the ack records and the
 * limits live in Redis and publishes fan out through Redis pub/sub, so instances behind a load balancer are one relay.
 */
import type { IncomingMessage } from "node:http"
import type { Duplex } from "node:stream"
import { type WebSocket, WebSocketServer } from "ws"
import { nestedDeeperThan, requestUrl, rpcId } from "../http/guard.ts"
import { audienceCheck, authenticate } from "./auth.ts"
import { type Client, makeDelivery } from "./delivery.ts"
import { type Fanout, redisFanout } from "./fanout.ts"
import { type Mailbox, memoryMailbox } from "./mailbox.ts"
import { answer } from "./methods.ts"
import { relayLimits, rpcErrors } from "./protocol.ts"
import { closeRedis, connectRedis, REDIS_TIMEOUT_MS } from "./redis.ts"
import { redisMailbox } from "./redisMailbox.ts"

/** Requests of one socket read ahead of their answers; past it the socket is not read until one is answered. */
const QUEUED_REQUESTS = 64

/** Reports each kind of failure at most once per 10 s: an outage is a line, not a line per request. */
const throttled = (report: (message: string, error: unknown) => void) => {
  const last = new Map<string, number>()
  return (message: string, error: unknown) => {
    const at = Date.now()
    if (at - (last.get(message) ?? Number.NEGATIVE_INFINITY) < 10_000) return
    last.set(message, at)
    report(message, error)
  }
}

/** Sends every socket a close frame (1001), and cuts off those that have not closed after `graceMs`. */
const goingAway = async (sockets: ReadonlyArray<WebSocket>, graceMs: number) => {
  const closed = sockets.map(
    (socket) =>
      new Promise<void>((resolve) => {
        if (socket.readyState === socket.CLOSED) return resolve()
        socket.once("close", () => resolve())
        socket.close(1001, "Relay shutting down")
      })
  )
  let timer: NodeJS.Timeout | undefined
  await Promise.race([Promise.all(closed), new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))])
  clearTimeout(timer)
  for (const socket of sockets) socket.terminate()
}

/** Options of {@link createRelay}. */
export interface RelayOptions {
  /** How often sockets are pinged, in ms (the SDK drops a socket idle for about 30 s). @default 10000 */
  readonly pingIntervalMs?: number
  /** The relay's clock, for TTL tests. @default Date.now */
  readonly now?: () => number
  /** Called with every JSON-RPC method a client sends (for tests and logs). */
  readonly onRequest?: (method: string, clientId: string) => void
  /** Redis shared by every instance (`redis://…`); without it, one instance keeps everything in memory. */
  readonly redisUrl?: string | undefined
  /** How long one Redis command may take, in ms; past it the request is answered with an error. @default 2000 */
  readonly redisTimeoutMs?: number
  /**
   * The URLs clients reach the relay at (a load balancer, `wss://relay.example.com`): tokens signed for them are
   * accepted, as are tokens for the loopback address of the port a socket came in on.
   */
  readonly publicUrls?: ReadonlyArray<string>
  /** Only upgrades on this path are taken by {@link AttachedRelay.handleUpgrade}. @default every path */
  readonly path?: string
  /** How long {@link AttachedRelay.close} waits for clients to answer its close frame before cutting them off. */
  readonly closeGraceMs?: number
  /** Where failures that end no request go. @default console.error */
  readonly onError?: (message: string, error: unknown) => void
}

/** What a relay holds right now (for tests and metrics: memory is released when sockets close). */
export interface RelayStats {
  readonly sockets: number
  /** Topics with at least one subscriber on this instance. */
  readonly topics: number
  /** Messages kept in memory (0 with Redis, where they are shared). */
  readonly storedMessages: number
  readonly storedBytes: number
  /** Ack records kept in memory so that a reconnecting client is not sent a message twice (0 with Redis). */
  readonly deliveries: number
}

/** A relay attached to an HTTP server of the caller's. */
export interface AttachedRelay {
  /** Takes an `upgrade` of the HTTP server; `false` (socket untouched) when its path is not the relay's. */
  readonly handleUpgrade: (request: IncomingMessage, socket: Duplex, head: Buffer) => boolean
  /** What the relay holds now (expired messages are dropped first). */
  readonly stats: () => RelayStats
  /** Open WebSockets (for metrics). */
  readonly sockets: () => number
  /**
   * Closes every socket (1001: the SDK reconnects, through a load balancer to another instance), then the Redis
   * connections. Safe to call twice.
   */
  readonly close: () => Promise<void>
}

/**
 * A relay to attach to an existing HTTP server.
 * @example
 * ```ts
 * import type { Server } from "node:http"
 * declare const server: Server
 * const relay = createRelay({ redisUrl: process.env.REDIS_URL, publicUrls: ["wss://relay.example.com"] })
 * server.on("upgrade", (request, socket, head) => relay.handleUpgrade(request, socket, head) || socket.destroy())
 * ```
 */
export const createRelay = (options: RelayOptions = {}): AttachedRelay => {
  const now = options.now ?? Date.now
  const onError = throttled(options.onError ?? ((message, error) => console.error(message, error)))
  const timeoutMs = options.redisTimeoutMs ?? REDIS_TIMEOUT_MS
  const connections =
    options.redisUrl === undefined
      ? []
      : [connectRedis(options.redisUrl, timeoutMs, onError), connectRedis(options.redisUrl, timeoutMs, onError)]
  const [commands, listener] = connections
  const mailbox: Mailbox = commands === undefined ? memoryMailbox(now) : redisMailbox(commands, now)
  let fanout: Fanout | undefined
  const delivery = makeDelivery({
    mailbox,
    fanOut: commands === undefined ? undefined : async (stored) => fanout?.publish(stored),
    now,
    onError
  })
  if (commands !== undefined && listener !== undefined)
    fanout = redisFanout(commands, listener, {
      onMessage: delivery.deliver,
      onResumed: () => void delivery.redeliver(),
      onError
    })

  const onConnection = (socket: WebSocket, clientId: string) => {
    const client: Client = { socket, clientId, topics: new Set(), sent: new Map(), pending: new Map() }
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
      for (const topic of [...client.topics]) delivery.unsubscribe(client, topic)
    })
    const onMessage = async (data: string) => {
      let request: unknown
      try {
        if (nestedDeeperThan(data)) throw new Error("too deep")
        request = JSON.parse(data)
      } catch {
        return socket.send(JSON.stringify({ id: null, jsonrpc: "2.0", error: rpcErrors.parse }))
      }
      if (typeof request !== "object" || request === null || Array.isArray(request)) return
      const record = request as Record<string, unknown>
      // An ack of a push ({ id, result }) needs no answer.
      if (!("method" in record)) return delivery.acked(client, record.id)
      const method = typeof record.method === "string" ? record.method.slice(0, 64) : ""
      options.onRequest?.(method, clientId)
      const reply = await answer(delivery, mailbox, client, method, record.params)
      if (socket.readyState === socket.OPEN)
        socket.send(JSON.stringify({ id: rpcId(record.id), jsonrpc: "2.0", ...reply }))
    }
    // One request at a time per socket, in the order sent (as when every answer was synchronous). A client that
    // sends faster than its requests are answered (a slow Redis) stops being read, rather than queueing without end.
    let queue = Promise.resolve()
    let waiting = 0
    socket.on("message", (raw, isBinary) => {
      const data = isBinary ? "" : raw.toString()
      waiting += 1
      if (waiting === QUEUED_REQUESTS) socket.pause()
      queue = queue.then(() =>
        onMessage(data)
          .catch((error: unknown) => {
            // A request the relay failed on ends this socket only.
            onError("relay: closing a socket after an unexpected error", error)
            socket.close(1011, "Internal error")
          })
          .finally(() => {
            waiting -= 1
            if (waiting === QUEUED_REQUESTS - 1) socket.resume()
          })
      )
    })
  }

  const ours = audienceCheck(options.publicUrls)
  const wss = new WebSocketServer({ noServer: true, maxPayload: relayLimits.frameBytes })
  wss.on("error", (error) => onError("relay: server error", error))
  wss.on("connection", (socket: WebSocket, request: IncomingMessage) => {
    // A frame over the size limit, an unmasked or malformed frame: `ws` reports it here and closes the socket; an
    // error without a listener would end the process.
    socket.on("error", () => socket.terminate())
    request.socket.on("error", () => socket.terminate())
    const auth = requestUrl(request.url)?.searchParams.get("auth") ?? null
    const localPort = request.socket.localPort
    // Until the JWT is checked, nothing the socket sends is read.
    socket.pause()
    void authenticate(auth, now(), (aud) => ours(aud, localPort)).then((clientId) => {
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

  let closed: Promise<void> | undefined
  return {
    handleUpgrade: (request, socket, head) => {
      // The SDK appends `/?auth=…` to the relay URL, so `/relay/` is `/relay` too.
      const path = requestUrl(request.url)?.pathname.replace(/(.)\/$/, "$1")
      if (options.path !== undefined && path !== options.path.replace(/(.)\/$/, "$1")) return false
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit("connection", ws, request))
      return true
    },
    stats: () => ({ sockets: wss.clients.size, topics: delivery.topics(), ...mailbox.stats() }),
    sockets: () => wss.clients.size,
    close: () => {
      closed ??= (async () => {
        await goingAway([...wss.clients], options.closeGraceMs ?? 1000)
        await new Promise<void>((resolve) => wss.close(() => resolve()))
        await fanout?.close()
        await mailbox.close()
        for (const connection of connections) closeRedis(connection)
      })()
      return closed
    }
  }
}
