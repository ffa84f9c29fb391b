import { randomBytes } from "node:crypto"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { type Relay, relayLimits, startRelay } from "../../../server/relay/server.ts"
import { rawExchange, rawWebSocket, relayClient, relayServes, relayToken, statusOf, until, wsFrame } from "./raw.ts"

// What a hostile local process sent the relay (issue 21): each case once, then a well-behaved pair of clients must
// still be served by the same relay, in the same process.

let relay: Relay
beforeEach(async () => {
  relay = await startRelay()
})
afterEach(async () => {
  await relay.stop()
})

const topics = (count: number, bytes = 32) => Array.from({ length: count }, () => randomBytes(bytes).toString("hex"))

/** A raw WebSocket logged in to the relay, and the close it ends with (or undefined if it is still open). */
const loggedIn = async () => {
  const { jwt } = await relayToken(relay.url)
  return rawWebSocket(relay.port, `/?auth=${jwt}`)
}

describe("the relay against hostile clients", () => {
  it("a frame header claiming 2 MiB, before any login, closes that socket only", async () => {
    const { socket, closed } = await rawWebSocket(relay.port, "/?auth=none")
    socket.write(wsFrame(new Uint8Array(0), { claimedLength: 2 * 1024 * 1024 }))
    await closed
    expect(await relayServes(relay.url)).toBe(true)
  })

  it("a logged-in client's oversized and unmasked frames close its socket only", async () => {
    const big = await loggedIn()
    big.socket.write(wsFrame(new Uint8Array(0), { claimedLength: relayLimits.frameBytes + 1 }))
    await big.closed
    const clear = await loggedIn()
    clear.socket.write(wsFrame('{"id":1,"jsonrpc":"2.0","method":"irn_subscribe"}', { mask: false }))
    await clear.closed
    expect(await relayServes(relay.url)).toBe(true)
  })

  it("a 20,000-topic batchSubscribe is refused with an error, and the socket keeps working", async () => {
    const client = await relayClient(relay.url)
    // Short topics, so that the request fits in one frame and reaches the handler.
    const answer = await client.request("irn_batchSubscribe", { topics: topics(20_000, 4) })
    expect(answer.error?.code).toBe(-32000)
    expect(relay.stats().topics).toBe(0)
    // Within the limit is fine.
    const within = await client.request("irn_batchSubscribe", { topics: topics(relayLimits.subscriptionsPerSocket) })
    expect(Array.isArray(within.result)).toBe(true)
    const over = await client.request("irn_subscribe", { topic: topics(1)[0] })
    expect(over.error?.code).toBe(-32000)
    await client.close()
    expect(await relayServes(relay.url)).toBe(true)
  })

  it("an id nested 300,000 deep gets a parse error, not a stack overflow", async () => {
    const client = await relayClient(relay.url)
    const answers: Array<string> = []
    client.socket.on("message", (raw) => answers.push(raw.toString()))
    const deep = `${"[".repeat(300_000)}${"]".repeat(300_000)}`
    client.socket.send(`{"id":${deep},"jsonrpc":"2.0","method":"irn_subscribe","params":{"topic":"t"}}`)
    await until(() => answers.length > 0)
    expect(JSON.parse(answers[0] ?? "{}")).toMatchObject({ id: null, error: { code: -32700 } })
    // A shallow but odd id is not echoed either.
    const odd = await new Promise<string>((resolve) => {
      client.socket.once("message", (raw) => resolve(raw.toString()))
      client.socket.send(
        JSON.stringify({ id: { a: 1 }, jsonrpc: "2.0", method: "irn_unsubscribe", params: { topic: "t" } })
      )
    })
    expect(JSON.parse(odd)).toMatchObject({ id: null, result: true })
    await client.close()
    expect(await relayServes(relay.url)).toBe(true)
  })

  it("a request line with an invalid URL is answered, upgrade or not", async () => {
    // Without an upgrade, the relay's plain answer (426: use a WebSocket).
    expect(statusOf(await rawExchange(relay.port, "GET http://[ HTTP/1.1\r\nHost: x\r\n\r\n"))).toBe(426)
    const upgrade =
      "GET http://[ HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
      `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\n\r\n`
    // The upgrade is answered, and closed at once: no token can be read from that target (4001 = 0x0fa1).
    const answer = await rawExchange(relay.port, upgrade)
    expect(statusOf(answer)).toBe(101)
    const close = Buffer.from(answer, "latin1")
    const at = close.indexOf(0x88)
    expect(at).toBeGreaterThan(0)
    expect(close.readUInt16BE(at + 2)).toBe(4001)
    expect(await relayServes(relay.url)).toBe(true)
  })

  it("refuses a token made for another relay's audience", async () => {
    for (const audience of ["wss://relay.example.com", `ws://127.0.0.1:${relay.port + 1}`]) {
      const { jwt } = await relayToken(audience)
      const raw = await rawWebSocket(relay.port, `/?auth=${jwt}`)
      await until(() => raw.received().length >= 4)
      // A close frame (opcode 8) with code 4001.
      expect(raw.received()[0]).toBe(0x88)
      expect(raw.received().readUInt16BE(2)).toBe(4001)
      raw.socket.destroy()
    }
    // The relay's own address under another loopback name is the same audience.
    const local = await relayClient(relay.url, `ws://localhost:${relay.port}`)
    expect((await local.request("irn_subscribe", { topic: "t" })).result).toBeTypeOf("string")
    await local.close()
  })

  it("caps what is stored: message size, bytes per publisher, and never evicts another's message", async () => {
    const [victim, attacker] = await Promise.all([relayClient(relay.url), relayClient(relay.url)])
    const victimTopic = topics(1)[0]
    expect(
      (await victim.request("irn_publish", { topic: victimTopic, message: "kept", ttl: 3600, tag: 1 })).result
    ).toBe(true)
    const huge = "x".repeat(relayLimits.messageBytes + 1)
    expect((await attacker.request("irn_publish", { topic: "a", message: huge, ttl: 3600, tag: 1 })).error?.code).toBe(
      -32000
    )
    // Fill the attacker's share: the publish that would pass it is refused.
    const chunk = "y".repeat(relayLimits.messageBytes)
    const fits = Math.floor(relayLimits.storedBytesPerPublisher / chunk.length)
    for (const topic of topics(fits)) {
      expect((await attacker.request("irn_publish", { topic, message: chunk, ttl: 3600, tag: 1 })).result).toBe(true)
    }
    const refused = await attacker.request("irn_publish", { topic: "b", message: chunk, ttl: 3600, tag: 1 })
    expect(refused.error?.code).toBe(-32000)
    expect(relay.stats().storedBytes).toBeLessThanOrEqual(relayLimits.storedBytesPerPublisher + 4)
    // The victim's message is still there for whoever subscribes.
    const reader = await relayClient(relay.url)
    await reader.request("irn_subscribe", { topic: victimTopic })
    await until(() => reader.pushes.includes("kept"))
    await Promise.all([victim.close(), attacker.close(), reader.close()])
  })

  it("frees a socket's subscriptions when it closes", async () => {
    const client = await relayClient(relay.url)
    await client.request("irn_batchSubscribe", { topics: topics(relayLimits.subscriptionsPerSocket) })
    expect(relay.stats().topics).toBe(relayLimits.subscriptionsPerSocket)
    await client.close()
    await until(() => relay.stats().topics === 0)
    expect(relay.stats().sockets).toBe(0)
  })
})
