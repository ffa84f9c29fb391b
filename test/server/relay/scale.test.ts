import { randomBytes } from "node:crypto"
import { createServer, type Socket } from "node:net"
import { SignClient } from "@walletconnect/sign-client"
import { Redis } from "ioredis"
import { toHex, verifyMessage } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { FANOUT_CHANNEL } from "../../../server/relay/fanout.ts"
import { makeLocalCore } from "../../../server/relay/localCore.ts"
import { type Relay, relayLimits, startRelay } from "../../../server/relay/server.ts"
import { available, freePort, type RunningService, startRedis } from "../services.ts"
import { startBalancer } from "./balancer.ts"
import { until, wireClient } from "./wire.ts"

// Several relay instances sharing one real Redis act as one relay: what is published on one reaches subscribers on
// another once, acks count everywhere, limits are shared, and a client that moves to another instance (its instance
// stopped, the load balancer sends it elsewhere) loses nothing.

const { redis: redisCheck } = available()
const topic = () => randomBytes(32).toString("hex")
const quiet = () => undefined

describe.skipIf(!redisCheck.ok)(`relay instances on one Redis${redisCheck.ok ? "" : ` (${redisCheck.reason})`}`, () => {
  let redis: RunningService
  beforeAll(async () => {
    redis = await startRedis()
  }, 30_000)
  afterAll(async () => {
    await redis?.stop()
  })

  describe("spoken by hand", () => {
    let a: Relay
    let b: Relay
    const closers: Array<() => Promise<void>> = []
    const open = async (url: string, options?: Parameters<typeof wireClient>[1]) => {
      const client = await wireClient(url, options)
      closers.push(client.close)
      return client
    }
    beforeEach(async () => {
      ;[a, b] = await Promise.all([
        startRelay({ redisUrl: redis.url, onError: quiet }),
        startRelay({ redisUrl: redis.url, onError: quiet })
      ])
    })
    afterEach(async () => {
      await Promise.all(closers.splice(0).map((close) => close()))
      await Promise.all([a.stop(), b.stop()])
    })

    it("a message published on B for a subscriber on A is delivered exactly once", async () => {
      const on = topic()
      const [reader, writer] = [await open(a.url), await open(b.url)]
      await reader.request("irn_subscribe", { topic: on })
      expect((await writer.request("irn_publish", { topic: on, message: "once", ttl: 300, tag: 1 })).result).toBe(true)
      await until(() => reader.pushes.length > 0)
      // A retried publish of the same envelope and a second subscribe on A: neither sends it again.
      expect((await writer.request("irn_publish", { topic: on, message: "once", ttl: 300, tag: 1 })).result).toBe(true)
      await reader.request("irn_subscribe", { topic: on })
      await writer.request("irn_publish", { topic: on, message: "after", ttl: 300, tag: 1 })
      await until(() => reader.pushes.some((pushed) => pushed.message === "after"))
      expect(reader.pushes.map((pushed) => pushed.message)).toEqual(["once", "after"])
      // No echo to the publisher, whichever instance it subscribes on.
      const echo = await open(a.url)
      await echo.request("irn_subscribe", { topic: on })
      expect(echo.pushes.map((pushed) => pushed.message)).toEqual(["once", "after"])
      await writer.request("irn_subscribe", { topic: on })
      expect(writer.pushes).toEqual([])
    })

    it("a client that moves from A to B is not sent what it acked on A, and is sent what it had not", async () => {
      const seed = new Uint8Array(randomBytes(32))
      const on = topic()
      const first = await open(a.url, { seed, ack: (pushed) => pushed.message !== "unacked" })
      const writer = await open(b.url)
      await first.request("irn_subscribe", { topic: on })
      await writer.request("irn_publish", { topic: on, message: "acked", ttl: 300, tag: 1 })
      await writer.request("irn_publish", { topic: on, message: "unacked", ttl: 300, tag: 1 })
      await until(() => first.pushes.length === 2)
      await first.close()
      await writer.request("irn_publish", { topic: on, message: "while-away", ttl: 300, tag: 1 })
      const again = await open(b.url, { seed })
      expect(again.clientId).toBe(first.clientId)
      // The subscribe is answered after the stored messages are pushed.
      await again.request("irn_subscribe", { topic: on })
      expect(again.pushes.map((pushed) => pushed.message)).toEqual(["unacked", "while-away"])
    })

    it("a message published while the instances lost their Redis channel is delivered once it is back", async () => {
      const on = topic()
      const [reader, writer] = [await open(a.url), await open(b.url)]
      await reader.request("irn_subscribe", { topic: on })
      const admin = new Redis(redis.url, { maxRetriesPerRequest: 1 })
      try {
        // Both instances' pub/sub connections drop (they reconnect by themselves, after 100 ms at the soonest).
        await admin.call("CLIENT", "KILL", "TYPE", "pubsub")
        const [, listeners] = (await admin.pubsub("NUMSUB", FANOUT_CHANNEL)) as [string, number]
        expect(listeners).toBe(0)
        expect((await writer.request("irn_publish", { topic: on, message: "in-gap", ttl: 300, tag: 1 })).result).toBe(
          true
        )
        await until(() => reader.pushes.length > 0)
        await writer.request("irn_publish", { topic: on, message: "after", ttl: 300, tag: 1 })
        await until(() => reader.pushes.some((pushed) => pushed.message === "after"))
        expect(reader.pushes.map((pushed) => pushed.message)).toEqual(["in-gap", "after"])
      } finally {
        admin.disconnect()
      }
    })

    it("counts a publisher's stored bytes across instances", async () => {
      const seed = new Uint8Array(randomBytes(32))
      const [onA, onB] = [await open(a.url, { seed }), await open(b.url, { seed })]
      const chunk = "y".repeat(relayLimits.messageBytes)
      const fits = Math.floor(relayLimits.storedBytesPerPublisher / chunk.length)
      for (let i = 0; i < fits; i++) {
        const client = i % 2 === 0 ? onA : onB
        expect((await client.request("irn_publish", { topic: topic(), message: chunk, ttl: 60, tag: 1 })).result).toBe(
          true
        )
      }
      const refused = await onB.request("irn_publish", { topic: topic(), message: chunk, ttl: 60, tag: 1 })
      expect(refused.error).toMatchObject({ code: -32000, message: expect.stringMatching(/Mailbox full/) })
      // Another publisher still has its own room.
      const other = await open(a.url)
      expect((await other.request("irn_publish", { topic: topic(), message: "small", ttl: 60, tag: 1 })).result).toBe(
        true
      )
    })
  })

  it("with Redis down or silent, a publish is answered with an error in bounded time and the relay lives on", async () => {
    // A server that accepts connections and never answers (a hung Redis), and a port nobody listens on.
    const held = new Set<Socket>()
    const silent = createServer((socket) => held.add(socket))
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", () => resolve()))
    const silentPort = (silent.address() as { port: number }).port
    try {
      for (const redisUrl of [`redis://127.0.0.1:${silentPort}`, `redis://127.0.0.1:${await freePort()}`]) {
        const failures: Array<string> = []
        const relay = await startRelay({ redisUrl, redisTimeoutMs: 300, onError: (message) => failures.push(message) })
        const client = await wireClient(relay.url)
        const on = topic()
        const started = Date.now()
        const published = await client.request("irn_publish", { topic: on, message: "m", ttl: 300, tag: 1 })
        expect(published.error).toMatchObject({ code: -32000, message: expect.stringMatching(/unavailable/) })
        expect(Date.now() - started).toBeLessThan(3000)
        expect((await client.request("irn_subscribe", { topic: on })).error?.code).toBe(-32000)
        // The same socket is still answered.
        expect((await client.request("irn_nonsense", {})).error?.code).toBe(-32601)
        expect(failures.length).toBeGreaterThan(0)
        await client.close()
        await relay.stop()
      }
    } finally {
      for (const socket of held) socket.destroy()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  })

  it("the WalletConnect SDK through a load balancer survives losing its instance", { timeout: 60_000 }, async () => {
    const ports: Array<number> = []
    const balancer = await startBalancer(() => ports)
    const options = { redisUrl: redis.url, publicUrls: [balancer.url], onError: quiet }
    const [a, b] = await Promise.all([startRelay(options), startRelay(options)])
    ports.push(a.port, b.port)
    const account = privateKeyToAccount(generatePrivateKey())
    const metadata = (name: string) => ({ name, description: name, url: "http://127.0.0.1", icons: [] })
    const core = (relayUrl: string, storagePrefix: string) =>
      makeLocalCore({ relayUrl, projectId: "airlock-demo", storagePrefix })
    const [dapp, wallet] = await Promise.all([
      SignClient.init({ core: core(balancer.url, "dapp"), metadata: metadata("Dapp") }),
      SignClient.init({ core: core(b.url, "wallet"), metadata: metadata("Wallet") })
    ])
    try {
      wallet.on("session_proposal", (proposal) => {
        void wallet.approve({
          id: proposal.id,
          namespaces: {
            eip155: {
              accounts: [`eip155:1:${account.address}`],
              methods: ["personal_sign"],
              events: ["accountsChanged"],
              chains: ["eip155:1"]
            }
          }
        })
      })
      wallet.on("session_request", (event) => {
        const [raw] = event.params.request.params as [`0x${string}`]
        void account
          .signMessage({ message: { raw } })
          .then((result) => wallet.respond({ topic: event.topic, response: { id: event.id, jsonrpc: "2.0", result } }))
      })

      const { uri, approval } = await dapp.connect({
        optionalNamespaces: {
          eip155: { methods: ["personal_sign"], chains: ["eip155:1"], events: ["accountsChanged"] }
        }
      })
      await wallet.pair({ uri: uri as string })
      const session = await approval()
      // The dapp came in through the balancer to A; the wallet is on B.
      expect(balancer.landed[0]).toBe(a.port)
      expect([a.stats().sockets, b.stats().sockets]).toEqual([1, 1])

      const signed = async (text: string) => {
        const raw = toHex(text)
        const signature = (await dapp.request({
          topic: session.topic,
          chainId: "eip155:1",
          request: { method: "personal_sign", params: [raw, account.address] }
        })) as `0x${string}`
        return verifyMessage({ address: account.address, message: { raw }, signature })
      }
      expect(await signed("before the move")).toBe(true)

      // Instance A goes away mid-session; while the dapp reconnects, the wallet publishes an event.
      const disconnected = new Promise((resolve) => dapp.core.relayer.once("relayer_disconnect", resolve))
      await a.stop()
      await disconnected
      const heard = new Promise<unknown>((resolve) => dapp.on("session_event", ({ params }) => resolve(params.event)))
      await wallet.emit({
        topic: session.topic,
        event: { name: "accountsChanged", data: [account.address] },
        chainId: "eip155:1"
      })
      expect(await heard).toEqual({ name: "accountsChanged", data: [account.address] })
      expect(balancer.landed.at(-1)).toBe(b.port)
      expect(await signed("after the move")).toBe(true)
      expect(b.stats().sockets).toBe(2)
    } finally {
      await Promise.all([dapp.core.relayer.transportClose(), wallet.core.relayer.transportClose()])
      await Promise.all([a.stop(), b.stop(), balancer.stop()])
    }
  })
})
