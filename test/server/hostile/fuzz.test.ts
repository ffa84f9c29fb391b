import { randomBytes } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startDemoServer } from "../../../sandbox/demo/server.ts"
import type { DemoConfig } from "../../../sandbox/demo/src/config.ts"
import { type SolanaChain, startSolana } from "../../../sandbox/solana/index.ts"
import type { ApiServer } from "../../../server/api/server.ts"
import { type Relay, startRelay } from "../../../server/relay/server.ts"
import { removeDir, startTestApi } from "../api/fixture.ts"
import { startTestFrame, type TestFrame } from "../frame/fixture.ts"
import { rawExchange, rawWebSocket, relayServes, relayToken, statusOf, wsFrame } from "./raw.ts"

// Thousands of random requests and WebSocket frames to every sandbox server, from a seeded generator (the seed is in
// the test's name: FUZZ_SEED=<seed> replays a run). Afterwards each server, in this same process, still answers a
// well-formed request: no input ended the process or wedged a server.

const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000)
let state = seed >>> 0
/** mulberry32: a small seeded generator, so that a failing run can be replayed. */
const random = () => {
  state = (state + 0x6d2b79f5) >>> 0
  let t = state
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
const int = (max: number) => Math.floor(random() * max)
const pick = <A>(items: ReadonlyArray<A>): A => items[int(items.length)] as A
const bytes = (max: number) => new Uint8Array(Array.from({ length: int(max) }, () => int(256)))
const text = (max: number) => String.fromCharCode(...Array.from({ length: int(max) }, () => int(0x3000)))

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`
const jsonRpc = () =>
  pick([
    () => JSON.stringify({ id: int(1e9), jsonrpc: "2.0", method: pick(rpcMethods), params: pick(paramShapes)() }),
    () => `{"id":${nested(1 + int(200_000))},"jsonrpc":"2.0","method":"${pick(rpcMethods)}"}`,
    () => JSON.stringify(Array.from({ length: int(50) }, () => ({ id: int(9), method: pick(rpcMethods) }))),
    () => text(200),
    () => `{"id":1,"method":"${pick(rpcMethods)}","params":${nested(1 + int(5000))}}`
  ])()

const rpcMethods = [
  "irn_subscribe",
  "irn_batchSubscribe",
  "irn_publish",
  "irn_unsubscribe",
  "irn_batchFetchMessages",
  "wc_proposeSession",
  "wc_approveSession",
  "getBalance",
  "getAccountInfo",
  "accountSubscribe",
  "signatureSubscribe",
  "eth_chainId",
  "eth_call",
  "personal_sign",
  "__proto__",
  "constructor",
  ""
]
const paramShapes: ReadonlyArray<() => unknown> = [
  () => ({ topic: text(80) }),
  () => ({ topics: Array.from({ length: int(3000) }, () => randomBytes(4).toString("hex")) }),
  () => ({ topic: "t", message: "x".repeat(int(300_000)), ttl: pick([-1, 0, 1e308, 300]), tag: int(2000) }),
  () => [text(20), int(1e6), null, { commitment: text(10) }],
  () => null,
  () => ({ __proto__: { polluted: true }, constructor: { prototype: {} } }),
  () => "x"
]

const methods = [
  "GET",
  "POST",
  "PUT",
  "DELETE",
  "OPTIONS",
  "HEAD",
  "PATCH",
  "CONNECT",
  "TRACE",
  "G\u0000T",
  "POSTX",
  ""
]
const targets = (paths: ReadonlyArray<string>) => [
  ...paths,
  "http://[",
  "http://[::1",
  "%",
  "/%00",
  "/%E0%A4%A",
  "/../../../etc/passwd",
  "*",
  "",
  `/${"a".repeat(20_000)}`,
  `/?${"q=1&".repeat(3000)}`,
  "//evil.example/",
  "javascript:alert(1)"
]
const headerLines = () =>
  Array.from({ length: int(7) }, () =>
    pick([
      () => `content-type: ${pick(["application/json", "application/x-www-form-urlencoded", "text/plain", text(20)])}`,
      () => `content-length: ${pick(["0", "-1", "99999999999999999999", String(int(5000)), "abc", "1, 2"])}`,
      () => "transfer-encoding: chunked",
      () => `origin: ${pick(["http://127.0.0.1:1", "http://evil.example", "null", text(30)])}`,
      () => "upgrade: websocket\r\nconnection: Upgrade\r\nsec-websocket-version: 13",
      () => `${text(10)}: ${text(20)}`,
      () => `cookie: ${"a=b; ".repeat(int(2000))}`
    ])()
  ).join("\r\n")

/** One random HTTP request for a server whose known paths are `paths`. */
const request = (paths: ReadonlyArray<string>): string | Uint8Array =>
  random() < 0.1
    ? bytes(2000)
    : `${pick(methods)} ${pick(targets(paths))} ${pick(["HTTP/1.1", "HTTP/1.1", "HTTP/1.0", "HTTP/9.9", "FOO"])}\r\n` +
      `host: 127.0.0.1\r\n${headerLines()}\r\n\r\n${pick([() => "", jsonRpc, () => text(3000), () => "0\r\n\r\n", () => "5\r\nab"])()}`

/** Runs `tasks` with at most `width` at a time. */
const pool = async (tasks: ReadonlyArray<() => Promise<unknown>>, width: number) => {
  let next = 0
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < tasks.length) await tasks[next++]?.()
    })
  )
}

/** A random WebSocket session: open, a few hostile or odd frames, then whatever the server does. */
const wsSession = async (port: number, path: string) => {
  let raw: Awaited<ReturnType<typeof rawWebSocket>>
  try {
    raw = await rawWebSocket(port, path)
  } catch {
    return
  }
  for (let n = 1 + int(6); n > 0; n--) {
    const payload = pick([jsonRpc, () => bytes(300), () => text(100)])()
    const frame = pick([
      () => wsFrame(payload),
      () => wsFrame(payload, { mask: false }),
      () => wsFrame(payload, { opcode: int(16), fin: random() < 0.7 }),
      () => wsFrame(new Uint8Array(0), { claimedLength: pick([126, 65_536, 2 * 1024 * 1024, 2 ** 53]) }),
      () => Buffer.from(bytes(40))
    ])()
    if (!raw.socket.writable) break
    raw.socket.write(frame)
  }
  await Promise.race([raw.closed, new Promise((resolve) => setTimeout(resolve, 100))])
  raw.socket.destroy()
}

let relay: Relay
let api: ApiServer & { dir: string }
let frame: TestFrame
let solana: SolanaChain
let demo: Awaited<ReturnType<typeof startDemoServer>>

beforeAll(async () => {
  relay = await startRelay()
  ;[api, frame, solana] = await Promise.all([startTestApi(), startTestFrame(), startSolana()])
  const config: DemoConfig = { projectId: "airlock-demo", api: api.url, chains: [] }
  demo = await startDemoServer({
    site: new Map([
      [
        "/index.html",
        { contentType: "text/html; charset=utf-8", body: new TextEncoder().encode("<!doctype html><p>demo") }
      ]
    ]),
    config,
    walletScript: "",
    mobileWallet: { relayUrl: relay.url, projectId: "airlock-demo", chains: [] }
  })
}, 30_000)

afterAll(async () => {
  await Promise.allSettled([demo?.stop(), frame?.dispose(), solana?.stop(), api?.stop()])
  await relay?.stop()
  if (api) removeDir(api.dir)
})

describe(`every sandbox server survives random hostile input (FUZZ_SEED=${seed})`, () => {
  it("2,500 random requests and 1,500 random WebSocket frames later, each still serves", async () => {
    const servers = [
      { port: () => relay.port, paths: ["/", "/?auth=x"] },
      {
        port: () => api.port,
        paths: ["/v1/supported-chains", "/e", "/sandbox/projects", "/sandbox/events", "/getWallets"]
      },
      { port: () => frame.port, paths: ["/", "/api/config", "/api/email", "/api/key", "/sdk", "/mailbox/messages"] },
      {
        port: () => demo.port,
        paths: ["/", "/config.json", "/mobile-wallet", "/mobile-wallet/mode", "/mobile-wallet/pair"]
      },
      { port: () => solana.port, paths: ["/", "/health"] }
    ]
    const tasks: Array<() => Promise<unknown>> = []
    for (let i = 0; i < 2500; i++) {
      const server = servers[i % servers.length]
      if (server !== undefined) {
        const payload = request(server.paths)
        tasks.push(() => rawExchange(server.port(), payload, 150))
      }
    }
    for (let i = 0; i < 400; i++) {
      tasks.push(async () => {
        const { jwt } = await relayToken(relay.url)
        return wsSession(relay.port, random() < 0.5 ? `/?auth=${jwt}` : "/?auth=nope")
      })
      tasks.push(() => wsSession(solana.port, "/"))
    }
    await pool(tasks, 32)

    expect(await relayServes(relay.url)).toBe(true)
    expect((await fetch(`${api.url}/v1/supported-chains?projectId=airlock-demo`)).status).toBe(200)
    expect((await fetch(`${frame.url}/api/config?projectId=airlock-demo`)).status).toBeLessThan(500)
    expect((await fetch(`${demo.url}/config.json`)).status).toBe(200)
    expect((await fetch(`${demo.url}/mobile-wallet`)).headers.get("x-frame-options")).toBe("DENY")
    expect((await fetch(`${solana.rpcUrl}/health`)).status).toBe(200)
    const rpc = await fetch(solana.rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ id: 1, jsonrpc: "2.0", method: "getGenesisHash" })
    })
    expect(((await rpc.json()) as { result: string }).result).toBe(solana.genesisHash)
    // The invalid request line the probe sent, to each HTTP server: a 4xx answer, not a dead process.
    for (const server of servers.slice(1)) {
      const status = statusOf(await rawExchange(server.port(), "GET http://[ HTTP/1.1\r\nHost: x\r\n\r\n"))
      expect(status).toBeGreaterThanOrEqual(400)
      expect(status).toBeLessThan(500)
    }
  }, 60_000)
})
