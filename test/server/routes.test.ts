/**
 * The production server (`createAirlockServer`) as a site deploys it, one suite run twice: on the embedded default
 * (PGlite in a folder) and on a real Postgres (Debian's, started by the test). The chain is a real anvil node; each
 * answer is checked against the chain or the store, where the truth lives.
 */
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { createPublicClient, http } from "viem"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Chains, startChains } from "../../sandbox/chain/index.ts"
import { type AirlockServer, createAirlockServer } from "../../server/app.ts"
import { available, type RunningService, startPostgres } from "./services.ts"

const origin = "https://shop.example"
const adminToken = randomBytes(24).toString("hex")
const { postgres: postgresCheck } = available()

let chains: Chains
beforeAll(async () => {
  chains = await startChains({ chains: [{ chainId: 1, seed: false }] })
}, 120_000)
afterAll(async () => {
  await chains?.stop()
})

const storages = [
  { name: "PGlite (the embedded default)", skip: false, reason: "" },
  { name: "a real Postgres", skip: !postgresCheck.ok, reason: postgresCheck.reason }
] as const

describe.each(storages)("the server's routes on $name", ({ name, skip, reason }) => {
  let server: AirlockServer
  let postgres: RunningService | undefined
  let dir: string
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.urls.api}${path}`, { headers: { origin, ...headers }, signal: AbortSignal.timeout(20_000) })

  beforeAll(async () => {
    if (skip) return
    dir = mkdtempSync(join(tmpdir(), "airlock-server-routes-"))
    if (name === "a real Postgres") postgres = await startPostgres()
    server = await createAirlockServer({
      port: 0,
      relayPort: 0,
      framePort: 0,
      dataDir: dir,
      adminToken,
      ...(postgres === undefined
        ? {}
        : { databaseUrl: postgres.url, keyEncryptionKey: randomBytes(32).toString("hex") }),
      file: {
        chains: [{ caipNetworkId: "eip155:1", rpcUrl: chains.chains[0]!.rpcUrl, name: "Local" }],
        projects: [{ id: "shop", allowedOrigins: [origin], features: ["activity"], analytics: true }],
        prices: { ETH: 2000 }
      }
    })
  }, 120_000)
  afterAll(async () => {
    await server?.stop()
    await postgres?.stop()
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true })
  })

  it.skipIf(skip)(`serves the configured project to its own origin only${reason}`, async () => {
    const config = await get("/appkit/v1/config?projectId=shop")
    expect(config.status).toBe(200)
    expect(config.headers.get("access-control-allow-origin")).toBe(origin)
    const foreign = await get("/appkit/v1/config?projectId=shop", { origin: "https://evil.example" })
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get("access-control-allow-origin")).toBeNull()
    // The sandbox's projects are not seeded in production.
    expect((await get("/appkit/v1/config?projectId=airlock-demo")).status).toBe(403)
    // Nor are its control and funnel pages served.
    expect((await get("/sandbox/events?projectId=shop")).status).toBe(404)
    expect((await get("/sandbox/projects")).status).toBe(404)
  })

  it.skipIf(skip)("answers a balance read from the chain, priced from the config", async () => {
    const account = chains.accounts[0]!.address
    const onChain = await createPublicClient({ transport: http(chains.chains[0]!.rpcUrl) }).getBalance({
      address: account
    })
    const answer = await get(`/v1/account/${account}/balance?projectId=shop&currency=usd&chainId=eip155:1`)
    expect(answer.status).toBe(200)
    const body = (await answer.json()) as {
      balances: Array<{ symbol: string; quantity: { numeric: string; decimals: string }; price: number }>
    }
    const eth = body.balances.find((balance) => balance.symbol === "ETH")
    expect(eth?.price).toBe(2000)
    expect(BigInt(eth!.quantity.numeric.replace(".", "").replace(/^0+/, "") || "0")).toBeGreaterThan(0n)
    expect(Number(eth!.quantity.numeric)).toBeCloseTo(Number(onChain / 10n ** 14n) / 10_000, 3)
  })

  it.skipIf(skip)("serves the shipped wallet registry with real listings and their logos", async () => {
    const answer = await get("/getWallets?projectId=shop&page=1&entries=40&search=MetaMask")
    expect(answer.status).toBe(200)
    const body = (await answer.json()) as { data: Array<{ name: string; rdns: string | null; image_id: string }> }
    const metamask = body.data.find((wallet) => wallet.rdns === "io.metamask")
    expect(metamask?.name).toBe("MetaMask")
    const image = await get(`/getWalletImage/${metamask!.image_id}?projectId=shop`)
    expect(image.status).toBe(200)
    expect(image.headers.get("content-type")).toContain("image/")
  })

  it.skipIf(skip)("stores analytics events, and the admin token guards project edits", async () => {
    const before = (await server.api.db.analytics.byProject("shop")).length
    const posted = await fetch(`${server.urls.api}/e?projectId=shop`, {
      method: "POST",
      headers: { origin, "content-type": "application/json" },
      body: JSON.stringify({
        eventId: randomBytes(8).toString("hex"),
        url: `${origin}/`,
        domain: "shop.example",
        timestamp: Date.now(),
        props: { type: "track", event: "MODAL_OPEN", properties: { connected: false } }
      })
    })
    expect(posted.status).toBe(202)
    expect((await server.api.db.analytics.byProject("shop")).length).toBe(before + 1)

    const put = (token: string) =>
      fetch(`${server.urls.api}/admin/v1/projects/blog`, {
        method: "PUT",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ allowedOrigins: ["https://blog.example"] })
      })
    expect((await put("wrong")).status).toBe(401)
    expect([200, 201]).toContain((await put(adminToken)).status)
    const blog = await fetch(`${server.urls.api}/appkit/v1/config?projectId=blog`, {
      headers: { origin: "https://blog.example" }
    })
    expect(blog.status).toBe(200)
  })

  it.skipIf(skip)("keeps the secure site's stand-ins off: no mailbox, no social or Farcaster pages", async () => {
    for (const path of ["/", "/mailbox", "/mailbox/messages?to=a@b.c", "/oauth/google/authorize?state=x"]) {
      const answer = await fetch(`${server.urls.frame}${path}`)
      expect(answer.status, path).toBe(404)
    }
    expect((await fetch(`${server.urls.frame}/frame.css`)).status).toBe(200)
  })

  it.skipIf(skip || name !== "PGlite (the embedded default)")(
    "generates its key-encryption key once, readable by its owner only",
    () => {
      const mode = statSync(join(dir, "key-encryption-key")).mode & 0o777
      expect(mode).toBe(0o600)
    }
  )
})
