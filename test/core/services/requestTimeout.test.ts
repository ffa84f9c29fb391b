import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { TestClock } from "effect/testing"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { createAirlock } from "../../../core/client/createAirlock.ts"
import { mainnet } from "../../../core/networks/index.ts"

// A host that accepts the connection and never answers (issue 21): before, `ready` stayed pending and the status
// `initializing` for Node's 300 s fetch timeout. The client's clock is a TestClock: no real time passes.

let server: Server
let url: string
const received: Array<IncomingMessage> = []

beforeEach(async () => {
  received.length = 0
  server = createServer((req) => {
    received.push(req) // and never answer
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterEach(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5))
}

describe("a hosted API that never answers", () => {
  const start = (requestTimeout?: number) =>
    createAirlock(
      {
        projectId: "p",
        networks: [mainnet],
        endpoints: { walletApi: url, blockchainApi: url },
        ...(requestTimeout === undefined ? {} : { requestTimeout })
      },
      { layer: TestClock.layer() }
    )

  it("fails each call after 10 s: ready resolves and the client leaves initializing", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const airlock = start()
    let settled = false
    airlock.ready.then(
      () => (settled = true),
      () => (settled = true)
    )
    await until(() => received.length > 0)
    await airlock.runtime.runPromise(TestClock.adjust("9 seconds"))
    expect(settled).toBe(false)
    expect(airlock.getState().status).toBe("initializing")
    await airlock.runtime.runPromise(TestClock.adjust("1 second"))
    await airlock.ready.catch(() => undefined)
    expect(airlock.getState().status).not.toBe("initializing")
    // The abandoned requests were aborted, not left open.
    await until(() => received.every((req) => req.destroyed))
    airlock.destroy()
  })

  it("follows requestTimeout", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const airlock = start(2000)
    await until(() => received.length > 0)
    await airlock.runtime.runPromise(TestClock.adjust("2 seconds"))
    await airlock.ready.catch(() => undefined)
    expect(airlock.getState().status).not.toBe("initializing")
    airlock.destroy()
  })

  it("refuses a requestTimeout that is not a positive number", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {})
    const airlock = start(-1)
    const error = await airlock.ready.catch((e: unknown) => e)
    expect(error).toMatchObject({ _tag: "OptionsError", path: ["requestTimeout"] })
  })
})
