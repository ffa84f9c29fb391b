import { randomBytes } from "node:crypto"
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { WebSocket } from "ws"
import { type AttachedRelay, createRelay } from "../../../server/relay/server.ts"
import { until, wireClient } from "./wire.ts"

// The relay mounted on an HTTP server of the caller's (as the production server mounts it): upgrades on its path
// are the relay's, everything else stays the server's.

describe("a relay attached to an existing HTTP server", () => {
  let server: Server
  let relay: AttachedRelay
  let base: string

  beforeEach(async () => {
    relay = createRelay({ path: "/relay" })
    server = createServer((_request, response) => response.writeHead(200).end("ok"))
    server.on("upgrade", (request, socket, head) => {
      if (!relay.handleUpgrade(request, socket, head)) socket.destroy()
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()))
    base = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterEach(async () => {
    await relay.close()
    await new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  })

  it("serves WebSockets on its path, and counts them for metrics", async () => {
    const topic = randomBytes(32).toString("hex")
    const [reader, writer] = [await wireClient(`${base}/relay`), await wireClient(`${base}/relay`)]
    expect(relay.sockets()).toBe(2)
    await reader.request("irn_subscribe", { topic })
    expect((await writer.request("irn_publish", { topic, message: "mounted", ttl: 300, tag: 1 })).result).toBe(true)
    await until(() => reader.pushes.some((pushed) => pushed.message === "mounted"))
    await Promise.all([reader.close(), writer.close()])
    await until(() => relay.sockets() === 0)
    expect(relay.stats()).toMatchObject({ sockets: 0, topics: 0, storedMessages: 1 })
  })

  it("leaves upgrades on other paths to the server", async () => {
    const socket = new WebSocket(`${base}/elsewhere`)
    const failed = await new Promise<boolean>((resolve) => {
      socket.once("open", () => resolve(false))
      socket.once("error", () => resolve(true))
    })
    expect(failed).toBe(true)
    expect(relay.sockets()).toBe(0)
  })
})
