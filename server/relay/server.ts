/**
 * The WalletConnect v2 relay on a server of its own, on loopback (the sandbox, tests): {@link createRelay} behind an
 * HTTP server that answers anything but a WebSocket upgrade with 426.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { createRelay, type RelayOptions, type RelayStats } from "./relay.ts"

export { authenticate } from "./auth.ts"
export { relayLimits, subscriptionId } from "./protocol.ts"
export { type AttachedRelay, createRelay, type RelayOptions, type RelayStats } from "./relay.ts"

/** Options of {@link startRelay}. */
export interface StartRelayOptions extends Omit<RelayOptions, "path"> {
  /** @default 0 (a free port) */
  readonly port?: number
  /** Interface to listen on. @default "127.0.0.1" */
  readonly host?: string | undefined
}

/** A running relay. */
export interface Relay {
  /** `ws://127.0.0.1:<port>`: the `relayUrl` of the SDK and of `endpoints.relay`. */
  readonly url: string
  readonly port: number
  /** What the relay holds now (expired messages are dropped first). */
  readonly stats: () => RelayStats
  /** Closes every socket, the Redis connections and the server. Safe to call twice. */
  readonly stop: () => Promise<void>
}

/**
 * Starts the relay on 127.0.0.1; with `redisUrl`, as one of several instances sharing that Redis.
 * @example
 * ```ts
 * const relay = await startRelay()
 * relay.url // "ws://127.0.0.1:<port>"
 * await relay.stop()
 * ```
 */
export const startRelay = async (options: StartRelayOptions = {}): Promise<Relay> => {
  const relay = createRelay(options)
  const http = createServer((request, response) => {
    // A load balancer's health probe; anything else is a browser or a mistake.
    if (request.url === "/healthz") return void response.writeHead(200, { "content-type": "text/plain" }).end("ok")
    response.writeHead(426, { "content-type": "text/plain" }).end("WalletConnect relay: connect with a WebSocket")
  })
  // Requests Node cannot parse: a 400 to that connection alone.
  http.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n")
    else socket.destroy()
  })
  http.on("upgrade", (request, socket, head) => {
    if (!relay.handleUpgrade(request, socket, head)) socket.destroy()
  })
  try {
    await new Promise<void>((resolve, reject) => {
      http.once("error", reject)
      http.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => {
        http.off("error", reject)
        resolve()
      })
    })
  } catch (error) {
    await relay.close()
    throw error
  }
  const port = (http.address() as AddressInfo).port
  let stopped: Promise<void> | undefined
  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    stats: relay.stats,
    stop: () => {
      stopped ??= (async () => {
        await relay.close()
        await new Promise<void>((resolve) => {
          http.close(() => resolve())
          http.closeAllConnections()
        })
      })()
      return stopped
    }
  }
}
