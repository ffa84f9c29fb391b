import { randomBytes } from "node:crypto"
import { generateKeyPair, signJWT } from "@walletconnect/relay-auth"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { WebSocket } from "ws"
import { type Relay, startRelay, subscriptionId } from "../../../server/relay/server.ts"

// The relay's protocol, spoken by hand over a WebSocket as the SDK speaks it (WALLETCONNECT.md).

interface TestClient {
  readonly clientId: string
  readonly socket: WebSocket
  /** Pushes received (irn_subscription params), in order. */
  readonly pushes: Array<{ id: string; data: { topic: string; message: string; tag: number } }>
  request(method: string, params: unknown): Promise<{ result?: unknown; error?: { code: number } }>
  close(): Promise<void>
}

const jwtFor = async (relay: Relay, seed: Uint8Array = new Uint8Array(randomBytes(32))) => {
  const keyPair = generateKeyPair(new Uint8Array(seed))
  const jwt = await signJWT(randomBytes(32).toString("hex"), relay.url, 86_400, keyPair)
  const [, payload] = jwt.split(".")
  const clientId = (JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as { iss: string }).iss
  return { jwt, clientId, seed }
}

const connect = async (relay: Relay, seed?: Uint8Array): Promise<TestClient> => {
  const { jwt, clientId } = await jwtFor(relay, seed)
  const socket = new WebSocket(`${relay.url}/?auth=${jwt}&projectId=airlock-demo`)
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve())
    socket.once("error", reject)
  })
  const pending = new Map<number, (answer: { result?: unknown; error?: { code: number } }) => void>()
  const pushes: TestClient["pushes"] = []
  socket.on("message", (raw) => {
    const message = JSON.parse(raw.toString()) as {
      id: number
      method?: string
      params?: TestClient["pushes"][number]
      result?: unknown
      error?: { code: number }
    }
    if (message.method === "irn_subscription" && message.params !== undefined) {
      pushes.push(message.params)
      socket.send(JSON.stringify({ id: message.id, jsonrpc: "2.0", result: true }))
    } else pending.get(message.id)?.(message)
  })
  let nextId = 1
  return {
    clientId,
    socket,
    pushes,
    request: (method, params) =>
      new Promise((resolve) => {
        const id = nextId++
        pending.set(id, resolve)
        socket.send(JSON.stringify({ id, jsonrpc: "2.0", method, params }))
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve()
        socket.once("close", () => resolve())
        socket.close()
      })
  }
}

const closeCodeOf = (url: string) =>
  new Promise<number>((resolve) => {
    const socket = new WebSocket(url)
    socket.once("close", (code) => resolve(code))
    socket.once("error", () => undefined)
  })

/** Waits until `read` returns something, polling the event loop (no fixed sleep). */
const until = async <A>(read: () => A | undefined): Promise<A> => {
  for (let round = 0; round < 500; round++) {
    const value = read()
    if (value !== undefined) return value
    await new Promise((resolve) => setImmediate(resolve))
  }
  throw new Error("condition never met")
}

describe("the sandbox WalletConnect relay", () => {
  let relay: Relay
  let clock = 1_700_000_000_000
  const clients: Array<TestClient> = []
  const open = async (seed?: Uint8Array) => {
    const client = await connect(relay, seed)
    clients.push(client)
    return client
  }

  beforeEach(async () => {
    clock = 1_700_000_000_000
    relay = await startRelay({ now: () => clock })
  })

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.close()))
    await relay.stop()
  })

  it("refuses a missing or forged JWT with close code 4001", async () => {
    expect(await closeCodeOf(relay.url)).toBe(4001)
    const { jwt } = await jwtFor(relay)
    const [header, payload, signature] = jwt.split(".")
    const forged = `${header}.${payload}.${signature?.slice(0, -4)}AAAA`
    expect(await closeCodeOf(`${relay.url}/?auth=${forged}`)).toBe(4001)
  })

  it("answers irn_subscribe with the id the SDK computes: sha256(topic + client id)", async () => {
    const dapp = await open()
    const topic = "a".repeat(64)
    expect((await dapp.request("irn_subscribe", { topic })).result).toBe(subscriptionId(topic, dapp.clientId))
    const topics = ["b".repeat(64), "c".repeat(64)]
    expect((await dapp.request("irn_batchSubscribe", { topics })).result).toEqual(
      topics.map((t) => subscriptionId(t, dapp.clientId))
    )
  })

  it("delivers a publish to the topic's subscribers, never back to the publisher", async () => {
    const [dapp, wallet] = [await open(), await open()]
    const topic = "d".repeat(64)
    await dapp.request("irn_subscribe", { topic })
    await wallet.request("irn_subscribe", { topic })
    expect((await wallet.request("irn_publish", { topic, message: "envelope-1", ttl: 300, tag: 1108 })).result).toBe(
      true
    )
    const push = await until(() => dapp.pushes[0])
    expect(push).toEqual({
      id: subscriptionId(topic, dapp.clientId),
      data: { topic, message: "envelope-1", publishedAt: clock, tag: 1108 }
    })
    // A round trip later the publisher still has nothing: no echo.
    await wallet.request("irn_subscribe", { topic: "e".repeat(64) })
    expect(wallet.pushes).toEqual([])
  })

  it("keeps a message until its TTL and hands it to a client that subscribes later", async () => {
    const [dapp, wallet] = [await open(), await open()]
    const topic = "f".repeat(64)
    await dapp.request("irn_publish", { topic, message: "proposal", ttl: 300, tag: 1100 })
    await wallet.request("irn_subscribe", { topic })
    expect((await until(() => wallet.pushes[0])).data.message).toBe("proposal")
    // Past its TTL it is gone for everyone.
    clock += 301_000
    const late = await open()
    await late.request("irn_subscribe", { topic })
    expect((await late.request("irn_batchFetchMessages", { topics: [topic] })).result).toEqual({
      messages: [],
      hasMore: false
    })
    expect(late.pushes).toEqual([])
  })

  it("a client that reconnects gets what it missed, once, and never its own messages", async () => {
    const seed = new Uint8Array(randomBytes(32))
    const first = await open(seed)
    const wallet = await open()
    const topic = "1".repeat(64)
    await first.request("irn_subscribe", { topic })
    await first.request("irn_publish", { topic, message: "mine", ttl: 300, tag: 1108 })
    await wallet.request("irn_publish", { topic, message: "before-drop", ttl: 300, tag: 1109 })
    await until(() => first.pushes.find((p) => p.data.message === "before-drop"))
    await first.close()
    await wallet.request("irn_publish", { topic, message: "while-away", ttl: 300, tag: 1109 })
    // The same key again: the same client id, on a new socket.
    const again = await open(seed)
    expect(again.clientId).toBe(first.clientId)
    await again.request("irn_subscribe", { topic })
    await until(() => again.pushes.find((p) => p.data.message === "while-away"))
    expect(again.pushes.map((p) => p.data.message)).toEqual(["while-away"])
  })

  it("wc_proposeSession publishes on the pairing topic and subscribes the dapp there for the answer", async () => {
    const [dapp, wallet] = [await open(), await open()]
    const pairingTopic = "2".repeat(64)
    await dapp.request("wc_proposeSession", { pairingTopic, sessionProposal: "proposal", ttl: 300 })
    await wallet.request("irn_subscribe", { topic: pairingTopic })
    expect((await until(() => wallet.pushes[0])).data).toMatchObject({ message: "proposal", tag: 1100 })
    const sessionTopic = "3".repeat(64)
    await wallet.request("wc_approveSession", {
      pairingTopic,
      sessionTopic,
      sessionProposalResponse: "approved",
      sessionSettlementRequest: "settle",
      ttl: 300
    })
    // The dapp hears the approval without having subscribed itself; the wallet now listens on the session.
    expect((await until(() => dapp.pushes[0])).data).toMatchObject({ message: "approved", tag: 1101 })
    await dapp.request("irn_subscribe", { topic: sessionTopic })
    expect((await until(() => dapp.pushes[1])).data).toMatchObject({ message: "settle", tag: 1102 })
    await dapp.request("irn_publish", { topic: sessionTopic, message: "request", ttl: 300, tag: 1108 })
    expect((await until(() => wallet.pushes[1])).data).toMatchObject({ message: "request", tag: 1108 })
  })

  it("answers bad input with JSON-RPC errors, and keeps the socket open", async () => {
    const dapp = await open()
    expect((await dapp.request("irn_subscribe", { topic: 42 })).error?.code).toBe(-32602)
    expect((await dapp.request("irn_nonsense", {})).error?.code).toBe(-32601)
    expect((await dapp.request("irn_publish", "not an object")).error?.code).toBe(-32602)
    expect((await dapp.request("irn_subscribe", { topic: "4".repeat(64) })).result).toBeTypeOf("string")
  })
})
