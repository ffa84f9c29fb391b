import type { Server } from "node:http"
import type { AddressInfo } from "node:net"

/** A listening server, and an idempotent stop that also drops open keep-alive connections. */
export interface Listening {
  readonly port: number
  readonly stop: () => Promise<void>
}

/**
 * Listens on `host` (127.0.0.1 unless the production server is told otherwise; port 0: a free one) and resolves once
 * bound; a busy port rejects with the server's error.
 *
 * @example
 * ```ts
 * import { createServer, type RequestListener } from "node:http"
 * declare const handler: RequestListener
 * const { port, stop } = await listenLocal(createServer(handler), 0)
 * ```
 */
export const listenLocal = async (server: Server, port = 0, host = "127.0.0.1"): Promise<Listening> => {
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(port, host, () => {
      server.off("error", reject)
      resolve()
    })
  })
  let stopped: Promise<void> | undefined
  return {
    port: (server.address() as AddressInfo).port,
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
      return stopped
    }
  }
}
