/**
 * Graceful shutdown of a Node HTTP server: stop accepting, let the requests already running finish, close idle
 * keep-alive sockets at once and the rest when the time is up. Behind a load balancer this is what turns a deploy into
 * zero failed requests: the balancer sees the listener gone (and `/readyz` at 503) and sends new work elsewhere.
 */
import type { IncomingMessage, Server, ServerResponse } from "node:http"
import type { Socket } from "node:net"

interface Tracked {
  /** Requests being answered, per socket. */
  readonly active: Map<Socket, number>
  draining: boolean
}

const tracked = new WeakMap<Server, Tracked>()

/**
 * Starts counting `server`'s in-flight requests per socket, which {@link drain} needs to close each keep-alive socket
 * right after its last answer. Call it once, before the server listens; a second call does nothing.
 * @example
 * ```ts
 * import { createServer, type RequestListener } from "node:http"
 * declare const handler: RequestListener
 * const server = createServer(handler)
 * trackConnections(server)
 * ```
 */
export const trackConnections = (server: Server): void => {
  if (tracked.has(server)) return
  const state: Tracked = { active: new Map(), draining: false }
  tracked.set(server, state)
  server.on("connection", (socket: Socket) => {
    state.active.set(socket, 0)
    socket.once("close", () => state.active.delete(socket))
  })
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket
    state.active.set(socket, (state.active.get(socket) ?? 0) + 1)
    // A request that arrives while draining (pipelined, or on a socket not yet closed) is answered, then the socket
    // closes: the answer says so, and Node ends the socket after it.
    if (state.draining && !res.headersSent) res.setHeader("connection", "close")
    res.once("close", () => {
      const left = (state.active.get(socket) ?? 1) - 1
      if (state.active.has(socket)) state.active.set(socket, left)
      if (state.draining && left === 0) socket.end()
    })
  })
}

/** Options of {@link drain}. */
export interface DrainOptions {
  /** How long in-flight requests may still run before their sockets are cut. @default 10_000 */
  readonly timeoutMs?: number
}

/**
 * Drains `server`: it stops accepting connections at once, idle keep-alive sockets close at once, each busy socket
 * closes after its last in-flight answer, and whatever is still open after `timeoutMs` is destroyed. Resolves when
 * every socket is closed. Without {@link trackConnections}, a busy keep-alive socket stays open until the timeout.
 * @example
 * ```ts
 * import type { Server } from "node:http"
 * declare const server: Server
 * process.once("SIGTERM", () => void drain(server, { timeoutMs: 15_000 }).then(() => process.exit(0)))
 * ```
 */
export const drain = (server: Server, options: DrainOptions = {}): Promise<void> =>
  new Promise<void>((resolve) => {
    const state = tracked.get(server)
    const timeoutMs = options.timeoutMs ?? 10_000
    let timer: NodeJS.Timeout | undefined
    if (!server.listening) {
      server.closeAllConnections()
      resolve()
      return
    }
    server.close(() => {
      clearTimeout(timer)
      resolve()
    })
    if (state !== undefined) {
      state.draining = true
      for (const [socket, active] of state.active) if (active === 0) socket.end()
    }
    server.closeIdleConnections()
    timer = setTimeout(() => {
      server.closeAllConnections()
      // Upgraded sockets (WebSockets) are no longer the HTTP server's to close; they are still ours.
      if (state !== undefined) for (const socket of state.active.keys()) socket.destroy()
    }, timeoutMs)
    timer.unref()
  })
