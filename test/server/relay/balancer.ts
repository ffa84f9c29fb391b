/**
 * A TCP round-robin load balancer for tests: each connection goes to the next backend that accepts it (a dead backend
 * is skipped), and the two sockets are piped until either closes.
 */
import { createServer, type Socket, connect as tcpConnect } from "node:net"

/** A running balancer. */
export interface Balancer {
  /** `ws://127.0.0.1:<port>`. */
  readonly url: string
  /** The backend port each connection landed on, in order. */
  readonly landed: ReadonlyArray<number>
  readonly stop: () => Promise<void>
}

/**
 * Starts a balancer over the backend ports `backends()` returns at each connection.
 * @example
 * ```ts
 * const balancer = await startBalancer(() => [relayA.port, relayB.port])
 * ```
 */
export const startBalancer = async (backends: () => ReadonlyArray<number>): Promise<Balancer> => {
  let next = 0
  const landed: Array<number> = []
  const open = new Set<Socket>()
  const track = (socket: Socket) => {
    open.add(socket)
    socket.once("close", () => open.delete(socket))
  }
  const server = createServer((client) => {
    track(client)
    client.pause()
    client.on("error", () => client.destroy())
    const ports = backends()
    const attempt = (tried: number) => {
      const port = ports[(next + tried) % ports.length]
      if (tried >= ports.length || port === undefined || client.destroyed) return client.destroy()
      const upstream = tcpConnect(port, "127.0.0.1")
      track(upstream)
      let connected = false
      upstream.on("error", () => {
        if (!connected) attempt(tried + 1)
        upstream.destroy()
      })
      upstream.once("connect", () => {
        connected = true
        next = (next + tried + 1) % ports.length
        landed.push(port)
        upstream.once("close", () => client.destroy())
        client.once("close", () => upstream.destroy())
        client.pipe(upstream)
        upstream.pipe(client)
        client.resume()
      })
    }
    attempt(0)
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()))
  const address = server.address()
  const port = typeof address === "object" && address !== null ? address.port : 0
  return {
    url: `ws://127.0.0.1:${port}`,
    landed,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy()
        server.close(() => resolve())
      })
  }
}
