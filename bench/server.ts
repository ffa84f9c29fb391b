/**
 * The production server under load, as an operator runs it: `npx airlock-server` child processes on loopback.
 * - start-up: `npx airlock-server` on the embedded default (PGlite in a fresh folder, then again on that folder) ->
 *   `/readyz` answers 200;
 * - the balance route (`GET /v1/account/{address}/balance`, read from a local anvil chain) at 50 concurrent
 *   keep-alive clients for 10 s: requests per second and p50/p99 latency, on one instance and on two (one Postgres,
 *   one Redis, the clients alternating between them; each instance is one process, so two use both cores);
 * - 1,000 relay sockets held for 60 s, each pair publishing to each other, with the publish -> delivery round trip's
 *   p50/p99 and the relay's resident memory before and while they are held (from `/metrics`).
 * Run by `npm run bench`, or alone: `npx node bench/server.ts [--quick]` (`--quick`: 3 s loads, 200 sockets for 10 s).
 * A benchmark, never a test: it prints numbers and asserts nothing.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { Agent, request } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { generateKeyPair, signJWT } from "@walletconnect/relay-auth"
import { WebSocket } from "ws"
import { startChains } from "../sandbox/chain/index.ts"
import { freePort, startPostgres, startRedis } from "../test/server/services.ts"

const quick = process.argv.includes("--quick")
const loadSeconds = quick ? 3 : 10
const concurrency = 50
const relaySockets = quick ? 200 : 1000
const holdSeconds = quick ? 10 : 60
const projectId = "bench"
const repo = join(import.meta.dirname, "..")

interface Instance {
  readonly api: string
  readonly relay: string
  readonly child: ChildProcess
  readonly startedMs: number
  readonly stop: () => Promise<void>
}

const percentile = (sorted: ReadonlyArray<number>, p: number): number =>
  sorted.length === 0 ? Number.NaN : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0)

const get = (url: string, agent?: Agent): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const req = request(url, { agent, timeout: 10_000 }, (res) => {
      const chunks: Array<Buffer> = []
      res.on("data", (chunk: Buffer) => chunks.push(chunk))
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }))
    })
    req.on("timeout", () => req.destroy(new Error("timeout")))
    req.on("error", reject)
    req.end()
  })

/** Starts `npx airlock-server` with `env`; resolves once `/readyz` answers 200, with the time that took. */
const startInstance = async (env: Record<string, string>): Promise<Instance> => {
  const [port, relayPort, framePort] = [await freePort(), await freePort(), await freePort()]
  const started = performance.now()
  const child = spawn("npx", ["airlock-server"], {
    cwd: repo,
    env: {
      ...process.env,
      PORT: String(port),
      RELAY_PORT: String(relayPort),
      FRAME_PORT: String(framePort),
      AIRLOCK_LOG: "silent",
      ...env
    },
    stdio: ["ignore", "ignore", "inherit"],
    // Its own process group: stopping it signals npx and the server npx started, which would otherwise outlive it.
    detached: true
  })
  const api = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`airlock-server exited with ${child.exitCode}`)
    const ready = await get(`${api}/readyz`).catch(() => undefined)
    if (ready?.status === 200) break
    if (Date.now() > deadline) throw new Error("airlock-server was not ready within 60 s")
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  const startedMs = performance.now() - started
  return {
    api,
    relay: `ws://127.0.0.1:${relayPort}`,
    child,
    startedMs,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once("exit", () => resolve())
        if (child.pid !== undefined) process.kill(-child.pid, "SIGTERM")
      })
  }
}

/** 50 keep-alive clients asking for balances for `seconds`, spread over `apis`. */
const loadBalances = async (apis: ReadonlyArray<string>, address: string, seconds: number) => {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const latencies: Array<number> = []
  let failures = 0
  const end = performance.now() + seconds * 1000
  const client = async (index: number) => {
    const api = apis[index % apis.length]
    while (performance.now() < end) {
      const t = performance.now()
      const answer = await get(
        `${api}/v1/account/${address}/balance?projectId=${projectId}&currency=usd&chainId=eip155:1`,
        agent
      ).catch(() => undefined)
      if (answer?.status === 200) latencies.push(performance.now() - t)
      else failures++
    }
  }
  await Promise.all(Array.from({ length: concurrency }, (_, index) => client(index)))
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    rps: Math.round(latencies.length / seconds),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures
  }
}

const residentBytes = async (api: string): Promise<number> => {
  const metrics = await get(`${api}/metrics`)
  const line = metrics.body.split("\n").find((row) => row.startsWith("process_resident_memory_bytes"))
  return line === undefined ? Number.NaN : Number(line.split(" ").at(-1))
}

/** Holds `count` relay sockets for `seconds`; pairs publish to each other every 2 s and time the delivery. */
const holdRelaySockets = async (instance: Instance, count: number, seconds: number) => {
  const rtts: Array<number> = []
  const sent = new Map<string, number>()
  const sockets: Array<WebSocket> = []
  let nextId = 1
  const rpc = (socket: WebSocket, method: string, params: unknown) =>
    socket.send(JSON.stringify({ id: nextId++, jsonrpc: "2.0", method, params }))
  const before = await residentBytes(instance.api)
  for (let i = 0; i < count; i++) {
    // A key pair per socket: each is its own client (the relay never echoes to the publishing client id).
    const jwt = await signJWT(randomBytes(32).toString("hex"), instance.relay, 86_400, generateKeyPair())
    const socket = new WebSocket(`${instance.relay}/?auth=${jwt}&projectId=${projectId}`)
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve())
      socket.once("error", reject)
    })
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as {
        id: number
        method?: string
        params?: { data?: { message?: string } }
      }
      if (message.method === "irn_subscription") {
        const key = message.params?.data?.message ?? ""
        const at = sent.get(key)
        if (at !== undefined) {
          rtts.push(performance.now() - at)
          sent.delete(key)
        }
        socket.send(JSON.stringify({ id: message.id, jsonrpc: "2.0", result: true }))
      }
    })
    sockets.push(socket)
  }
  // Sockets 2k and 2k+1 share a topic; 2k publishes on it and the relay delivers to 2k+1 (never back to 2k).
  const topics = sockets.map((_, index) => `${Math.floor(index / 2)}`.padStart(64, "0"))
  for (const [index, socket] of sockets.entries()) rpc(socket, "irn_subscribe", { topic: topics[index] })
  const held = performance.now() + seconds * 1000
  let during = before
  while (performance.now() < held) {
    sockets.forEach((socket, index) => {
      if (index % 2 !== 0) return
      const message = randomBytes(48).toString("base64")
      sent.set(message, performance.now())
      rpc(socket, "irn_publish", { topic: topics[index], message, ttl: 300, tag: 1108, prompt: false })
    })
    await new Promise((resolve) => setTimeout(resolve, 2000))
    during = Math.max(during, await residentBytes(instance.api))
  }
  for (const socket of sockets) socket.close()
  rtts.sort((a, b) => a - b)
  return { p50: percentile(rtts, 50), p99: percentile(rtts, 99), delivered: rtts.length, before, during }
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`
const ms = (value: number) => `${value.toFixed(1)} ms`

const dir = mkdtempSync(join(tmpdir(), "airlock-server-bench-"))
const chains = await startChains({ chains: [{ chainId: 1, seed: false }] })
const services: Array<{ stop: () => Promise<void> }> = []
const instances: Array<Instance> = []
try {
  const configFile = join(dir, "airlock.config.json")
  writeFileSync(
    configFile,
    JSON.stringify({
      chains: [{ caipNetworkId: "eip155:1", rpcUrl: chains.chains[0]!.rpcUrl }],
      projects: [{ id: projectId, allowedOrigins: ["http://127.0.0.1:*"], features: [] }],
      prices: { ETH: 2500 }
    })
  )
  // One machine sends every request: the per-IP limit (1,200 a minute by default) is lifted for the measurement.
  const base = {
    AIRLOCK_CONFIG: configFile,
    AIRLOCK_KEY_ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    AIRLOCK_RATE_LIMIT_PER_IP: "100000000",
    AIRLOCK_RATE_LIMIT_PER_PROJECT: "100000000"
  }
  const address = chains.accounts[0]!.address

  console.log("\nairlock-server (bench/server.ts)")
  const fresh = await startInstance({ ...base, AIRLOCK_DATA_DIR: join(dir, "pglite") })
  await fresh.stop()
  const again = await startInstance({ ...base, AIRLOCK_DATA_DIR: join(dir, "pglite") })
  instances.push(again)
  console.log(
    `  start-up (npx airlock-server -> /readyz 200, PGlite): fresh folder ${ms(fresh.startedMs)}, reopened ${ms(again.startedMs)}`
  )

  const one = await loadBalances([again.api], address, loadSeconds)
  console.log(
    `  balance route, ${concurrency} clients, 1 instance (PGlite): ${one.rps} req/s, p50 ${ms(one.p50)}, p99 ${ms(one.p99)}, ${one.failures} failed`
  )

  const relay = await holdRelaySockets(again, relaySockets, holdSeconds)
  console.log(
    `  relay, ${relaySockets} sockets held ${holdSeconds} s: publish round trip p50 ${ms(relay.p50)}, p99 ${ms(relay.p99)} (${relay.delivered} delivered); memory ${mb(relay.before)} idle, ${mb(relay.during)} peak while held`
  )
  await again.stop()
  instances.length = 0

  const [postgres, redis] = await Promise.all([startPostgres(), startRedis()])
  services.push(postgres, redis)
  const shared = { ...base, DATABASE_URL: postgres.url, REDIS_URL: redis.url }
  const a = await startInstance(shared)
  instances.push(a)
  const b = await startInstance(shared)
  instances.push(b)
  const oneOnPostgres = await loadBalances([a.api], address, loadSeconds)
  console.log(
    `  balance route, ${concurrency} clients, 1 instance (Postgres + Redis): ${oneOnPostgres.rps} req/s, p50 ${ms(oneOnPostgres.p50)}, p99 ${ms(oneOnPostgres.p99)}, ${oneOnPostgres.failures} failed`
  )
  const two = await loadBalances([a.api, b.api], address, loadSeconds)
  console.log(
    `  balance route, ${concurrency} clients, 2 instances (Postgres + Redis): ${two.rps} req/s, p50 ${ms(two.p50)}, p99 ${ms(two.p99)}, ${two.failures} failed`
  )
} finally {
  await Promise.allSettled(instances.map((instance) => instance.stop()))
  await Promise.allSettled(services.map((service) => service.stop()))
  await chains.stop()
  rmSync(dir, { recursive: true, force: true })
}
