/**
 * The multi-instance test: two full production servers (`createAirlockServer`) on one real Postgres and one
 * real Redis, as a site runs them behind a load balancer. Whatever instance a request lands on, the user sees one
 * server: limits count once, a project edit reaches both, a login started on one finishes on the other, a sign-in
 * nonce is spent everywhere, and a WalletConnect session survives losing the instance it was on.
 *
 * The tests run in order: the last one stops instance A for good.
 */
import { randomBytes } from "node:crypto"
import { SignClient } from "@walletconnect/sign-client"
import { toHex, verifyMessage } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { createSiweMessage } from "viem/siwe"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Chains, startChains } from "../../sandbox/chain/index.ts"
import { type AirlockServer, createAirlockServer, type ServerMail } from "../../server/app.ts"
import { makeLocalCore } from "../../server/relay/localCore.ts"
import { frameHeaders, newDevice, post } from "./frame/fixture.ts"
import { type Balancer, startBalancer } from "./relay/balancer.ts"
import { available, type RunningService, startPostgres, startRedis } from "./services.ts"

const { postgres: postgresCheck, redis: redisCheck } = available()
const missing = [postgresCheck, redisCheck].filter((check) => !check.ok).map((check) => check.reason)
const skipReason = missing.length === 0 ? "" : ` (skipped: ${missing.join("; ")})`

const shop = { id: "shop", origin: "https://shop.example" }
const adminToken = randomBytes(24).toString("hex")
const perIpLimit = 6

/** A mail the servers sent through the `mail` hook, and which instance sent it. */
interface SentMail extends ServerMail {
  readonly from: "A" | "B"
}

describe.skipIf(missing.length > 0)(`two server instances on one Postgres and one Redis${skipReason}`, () => {
  let chains: Chains
  let postgres: RunningService
  let redis: RunningService
  let relayBalancer: Balancer
  let frameBalancer: Balancer
  let a: AirlockServer
  let b: AirlockServer
  const mails: Array<SentMail> = []
  const relayPorts: Array<number> = []
  const framePorts: Array<number> = []
  // The limiter's clock stays in one window, so a minute turning over mid-test cannot reset the count it checks.
  const limiterNow = Date.now()
  // The servers believe one proxy's x-forwarded-for: each call below states its client, so the small per-IP limit
  // binds only the client that means to reach it.
  let clients = 0
  const nextClient = () => {
    clients++
    return `10.1.${clients >> 8}.${clients & 255}`
  }

  /** A call to an instance's API from a page of the shop (`origin: ""`: none, as an operator's script). */
  const call = (
    server: AirlockServer,
    path: string,
    init: Omit<RequestInit, "headers"> & { client?: string; headers?: Record<string, string> } = {}
  ) => {
    const { client, headers, ...rest } = init
    const all: Record<string, string> = {
      origin: shop.origin,
      "x-forwarded-for": client ?? nextClient(),
      ...headers
    }
    if (all.origin === "") delete all.origin
    return fetch(`${server.api.url}${path}`, { ...rest, headers: all, signal: AbortSignal.timeout(20_000) })
  }

  beforeAll(async () => {
    ;[chains, postgres, redis] = await Promise.all([
      startChains({ chains: [{ chainId: 1, seed: false }] }),
      startPostgres(),
      startRedis()
    ])
    relayBalancer = await startBalancer(() => relayPorts)
    frameBalancer = await startBalancer(() => framePorts)
    const keyEncryptionKey = randomBytes(32).toString("hex")
    const start = (name: "A" | "B") =>
      createAirlockServer({
        port: 0,
        relayPort: 0,
        framePort: 0,
        // Both sit behind the balancers: the relay's tokens and the secure site's origin name the public address.
        publicUrls: { relay: relayBalancer.url, frame: frameBalancer.url.replace(/^ws:/, "http:") },
        databaseUrl: postgres.url,
        redisUrl: redis.url,
        keyEncryptionKey,
        adminToken,
        trustProxy: 1,
        file: {
          chains: [{ caipNetworkId: "eip155:1", rpcUrl: chains.chains[0]!.rpcUrl, name: "Local" }],
          projects: [{ id: shop.id, allowedOrigins: [shop.origin], features: ["email"] }]
        },
        rateLimits: { perIp: { limit: perIpLimit, windowMs: 60_000 }, perProject: false, now: () => limiterNow },
        mail: async (mail) => void mails.push({ ...mail, from: name })
      })
    // One at a time: the first creates the schema, the second finds it.
    a = await start("A")
    b = await start("B")
    relayPorts.push(a.relay.port, b.relay.port)
    framePorts.push(a.frame.port, b.frame.port)
  }, 180_000)

  afterAll(async () => {
    await Promise.allSettled([a?.stop(), b?.stop()])
    await Promise.allSettled([relayBalancer?.stop(), frameBalancer?.stop()])
    await Promise.allSettled([postgres?.stop(), redis?.stop(), chains?.stop()])
  }, 60_000)

  it("refuses a client with 429 once its requests to A and B together reach the limit", async () => {
    const client = "198.51.100.7"
    const statuses: Array<number> = []
    for (let i = 0; i < perIpLimit + 2; i++) {
      const answer = await call(i % 2 === 0 ? a : b, "/appkit/v1/config?projectId=shop", { client })
      statuses.push(answer.status)
      if (answer.status === 429) expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0)
    }
    expect(statuses).toEqual([...Array(perIpLimit).fill(200), 429, 429])
    // Another client is still served by both.
    expect((await call(a, "/appkit/v1/config?projectId=shop")).status).toBe(200)
    expect((await call(b, "/appkit/v1/config?projectId=shop")).status).toBe(200)
  })

  it("serves on B a project created through A's admin route", { timeout: 30_000 }, async () => {
    const blog = { id: `blog-${randomBytes(4).toString("hex")}`, origin: "https://blog.example" }
    const config = (server: AirlockServer) =>
      call(server, `/appkit/v1/config?projectId=${blog.id}`, { headers: { origin: blog.origin } })
    expect((await config(b)).status).toBe(403)
    const created = await call(a, `/admin/v1/projects/${blog.id}`, {
      method: "PUT",
      headers: { origin: "", authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ allowedOrigins: [blog.origin] })
    })
    expect([200, 201]).toContain(created.status)
    expect((await config(a)).status).toBe(200)
    // B re-reads its view of the projects every 5 s.
    await expect.poll(async () => (await config(b)).status, { timeout: 20_000, interval: 250 }).toBe(200)
    expect((await config(b)).headers.get("access-control-allow-origin")).toBe(blog.origin)
  })

  it("completes on B's secure site an email login started on A's, with the mailed code", async () => {
    const email = `instances.${Date.now()}@example.com`
    const publicFrame = frameBalancer.url.replace(/^ws:/, "http:")
    // Calls go to each instance's own port, as the balancer forwards them: the browser's Origin is the public one.
    const at = (server: AirlockServer) => ({ url: `http://127.0.0.1:${server.frame.port}` })
    const headers = frameHeaders({ url: publicFrame }, { projectId: shop.id, appOrigin: shop.origin })
    const started = await post(at(a), "/api/email/connect", { email, deviceId: newDevice() }, undefined, headers)
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    expect(started.body.action).toBe("VERIFY_OTP")
    const sent = mails.filter((mail) => mail.to === email)
    expect(sent.map((mail) => mail.from)).toEqual(["A"])
    const code = /\b(\d{6})\b/.exec(sent[0]!.body)?.[1]
    expect(code).toBeDefined()
    const done = await post(at(b), "/api/email/otp", { loginId: started.body.loginId, otp: code }, undefined, headers)
    expect(done.status, JSON.stringify(done.body)).toBe(200)
    expect(done.body.account.email).toBe(email)
    // The session works on both instances; the spent code on neither.
    expect((await post(at(a), "/api/session", {}, done.body.token, headers)).status).toBe(200)
    expect((await post(at(b), "/api/session", {}, done.body.token, headers)).status).toBe(200)
    const again = await post(at(a), "/api/email/otp", { loginId: started.body.loginId, otp: code }, undefined, headers)
    expect(again.status).toBe(400)
  })

  it("accepts a sign-in nonce issued by A once, at B, and the session cookie B sets is read by A", async () => {
    const signer = privateKeyToAccount(generatePrivateKey())
    const issued = await call(a, `/auth/v1/nonce?projectId=${shop.id}`)
    expect(issued.status).toBe(200)
    const { nonce } = (await issued.json()) as { nonce: string }
    const message = createSiweMessage({
      domain: "shop.example",
      uri: `${shop.origin}/`,
      address: signer.address,
      chainId: 1,
      version: "1",
      nonce,
      issuedAt: new Date()
    })
    const body = JSON.stringify({ message, signature: await signer.signMessage({ message }) })
    const authenticate = (server: AirlockServer) =>
      call(server, `/auth/v1/authenticate?projectId=${shop.id}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body
      })
    const first = await authenticate(b)
    expect(first.status, await first.clone().text()).toBe(200)
    expect((await authenticate(a)).status).toBe(401)
    expect((await authenticate(b)).status).toBe(401)
    const cookie = first.headers.get("set-cookie")?.split(";")[0]
    expect(cookie).toBeDefined()
    const me = await call(a, `/auth/v1/me?projectId=${shop.id}`, { headers: { cookie: cookie! } })
    const { sessions } = (await me.json()) as { sessions: Array<{ address: string }> }
    expect(sessions.map((session) => session.address.toLowerCase())).toEqual([signer.address.toLowerCase()])
  })

  it("keeps a WalletConnect session through the balancer when instance A stops", { timeout: 90_000 }, async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const metadata = (name: string) => ({ name, description: name, url: shop.origin, icons: [] })
    const core = (relayUrl: string, storagePrefix: string) =>
      makeLocalCore({ relayUrl, projectId: shop.id, storagePrefix })
    const dappLandedAt = relayBalancer.landed.length
    const [dapp, wallet] = await Promise.all([
      SignClient.init({ core: core(relayBalancer.url, "dapp"), metadata: metadata("Dapp") }),
      SignClient.init({ core: core(b.relay.url, "wallet"), metadata: metadata("Wallet") })
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
      expect(relayBalancer.landed[dappLandedAt]).toBe(a.relay.port)
      expect([a.relay.stats().sockets, b.relay.stats().sockets]).toEqual([1, 1])

      const signs = async (text: string) => {
        const raw = toHex(text)
        const signature = (await dapp.request({
          topic: session.topic,
          chainId: "eip155:1",
          request: { method: "personal_sign", params: [raw, account.address] }
        })) as `0x${string}`
        return verifyMessage({ address: account.address, message: { raw }, signature })
      }
      expect(await signs("on instance A")).toBe(true)

      // A goes away entirely (API, relay, secure site); while the dapp reconnects, the wallet emits an event.
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
      expect(relayBalancer.landed.at(-1)).toBe(b.relay.port)
      expect(await signs("on instance B")).toBe(true)
      expect(b.relay.stats().sockets).toBe(2)
      // A is gone for good, and B still serves the API.
      await expect(fetch(`${a.api.url}/healthz`, { signal: AbortSignal.timeout(5_000) })).rejects.toThrow()
      expect((await call(b, `/appkit/v1/config?projectId=${shop.id}`)).status).toBe(200)
    } finally {
      await Promise.allSettled([dapp.core.relayer.transportClose(), wallet.core.relayer.transportClose()])
    }
  })
})
