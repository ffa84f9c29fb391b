import { mkdtempSync, rmSync } from "node:fs"
import { createServer, type Server } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Sandbox, startSandbox } from "../../../sandbox/index.ts"
import { childProcesses, isAlive, portIsFree, portOf, rpcChainId } from "./processes.ts"

const anvils = () => childProcesses(process.pid).filter((child) => child.command === "anvil")

describe("startSandbox on free ports", () => {
  let sandbox: Sandbox
  let dataDir: string

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "airlock-sandbox-"))
    sandbox = await startSandbox({ quiet: true, dataDir })
  }, 60_000)

  afterAll(async () => {
    await sandbox?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("binds every part to 127.0.0.1 on a port of its own", () => {
    const { urls } = sandbox
    const all = [urls.api, urls.demo, urls.relay, urls.solana.rpcUrl, ...urls.chains.map((chain) => chain.rpcUrl)]
    for (const url of all) expect(new URL(url).hostname).toBe("127.0.0.1")
    expect(new Set(all.map(portOf)).size).toBe(all.length)
    expect(urls.wallet).toBe(`${urls.demo}/sandbox-wallet.js`)
    expect(urls.projectId).toBe("airlock-demo")
  })

  it("answers the project config of the demo project on the API", async () => {
    const response = await fetch(`${sandbox.urls.api}/appkit/v1/config?projectId=${sandbox.urls.projectId}`)
    expect(response.status).toBe(200)
    expect(await response.json()).toHaveProperty("features")
  })

  it("runs the chains 1, 8453, 31337 and 59144, each answering eth_chainId with its own id", async () => {
    expect(sandbox.urls.chains.map((chain) => chain.caipNetworkId)).toEqual([
      "eip155:1",
      "eip155:8453",
      "eip155:31337",
      "eip155:59144"
    ])
    for (const chain of sandbox.urls.chains) expect(await rpcChainId(chain.rpcUrl)).toBe(chain.chainId)
    expect(Object.keys(sandbox.contracts).map(Number).sort()).toEqual([1, 8453])
  })

  it("runs the local Solana chain, answering getGenesisHash, with the Sandbox Solana Wallet's account funded", async () => {
    const { solana } = sandbox.urls
    expect(solana.caipNetworkId).toBe("solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5")
    expect(solana.wsUrl).toBe(solana.rpcUrl.replace("http:", "ws:"))
    const rpc = (method: string, params: ReadonlyArray<unknown> = []) =>
      fetch(solana.rpcUrl, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }) })
        .then((response) => response.json())
        .then((body) => (body as { result: unknown }).result)
    expect(await rpc("getGenesisHash")).toBe("Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5FZszgWTwr5Ax")
    const balance = (await rpc("getBalance", [sandbox.solana.accounts[0]!.address])) as { value: number }
    expect(balance.value).toBeGreaterThan(90e9)
    const chains = await (
      await fetch(`${sandbox.urls.api}/v1/supported-chains?projectId=${sandbox.urls.projectId}`)
    ).json()
    expect(chains.http).toContain(solana.caipNetworkId)
  })

  it("serves the demo page with the wallet as a script file under a CSP that forbids inline scripts", async () => {
    const response = await fetch(`${sandbox.urls.demo}/`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/html")
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'")
    const html = await response.text()
    expect(html).toContain('<script src="/sandbox-wallet.js"></script>')
    expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/[\w-]+\.js"><\/script>/)
    // every script of the page is a file: no inline code a strict CSP would block
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
  })

  it("serves every asset the page links to", async () => {
    const html = await (await fetch(`${sandbox.urls.demo}/`)).text()
    const links = [...html.matchAll(/(?:src|href)="(\/[^"]+)"/g)].map((match) => match[1]!)
    expect(links.length).toBeGreaterThan(2)
    for (const link of links) expect((await fetch(`${sandbox.urls.demo}${link}`)).status, link).toBe(200)
  })

  it("hands the page the API url, the project id, only the supported chains 1 and 8453, and the relay", async () => {
    const config = await (await fetch(`${sandbox.urls.demo}/config.json`)).json()
    expect(config).toEqual({
      projectId: "airlock-demo",
      api: sandbox.urls.api,
      chains: sandbox.urls.chains.filter((chain) => chain.chainId !== 31337),
      relay: sandbox.urls.relay,
      solana: sandbox.urls.solana,
      frame: sandbox.urls.frame
    })
  })

  it("serves the Sandbox Wallet configured with the RPC url of every local chain", async () => {
    const response = await fetch(sandbox.urls.wallet)
    expect(response.headers.get("content-type")).toContain("javascript")
    const script = await response.text()
    for (const chain of sandbox.urls.chains) expect(script).toContain(chain.rpcUrl)
    expect(script).toContain(sandbox.urls.solana.rpcUrl)
    expect(script).toContain("eip6963:announceProvider")
  })

  it("answers an unknown file with 404 and an app route with the page", async () => {
    expect((await fetch(`${sandbox.urls.demo}/assets/missing.js`)).status).toBe(404)
    const route = await fetch(`${sandbox.urls.demo}/account`)
    expect(route.status).toBe(200)
    expect(await route.text()).toContain('<div id="root"></div>')
  })
})

describe("startSandbox lifecycle", () => {
  it("starts two sandboxes side by side, and stop() frees every port and ends every chain process", async () => {
    const dirs = [0, 1].map(() => mkdtempSync(join(tmpdir(), "airlock-sandbox-")))
    const before = new Set(anvils().map((child) => child.pid))
    const [a, b] = await Promise.all(dirs.map((dataDir) => startSandbox({ quiet: true, dataDir })))
    const started = anvils().filter((child) => !before.has(child.pid))
    expect(started).toHaveLength(8)

    const ports = [a!, b!].flatMap(({ urls }) =>
      [urls.api, urls.demo, urls.solana.rpcUrl, ...urls.chains.map((c) => c.rpcUrl)].map(portOf)
    )
    expect(new Set(ports).size).toBe(ports.length)

    await Promise.all([a!.stop(), b!.stop()])
    for (const child of started) expect(isAlive(child.pid), `anvil ${child.pid}`).toBe(false)
    for (const port of ports) expect(await portIsFree(port), `port ${port}`).toBe(true)
    // nothing else (no bundler service either) is left behind
    expect(childProcesses(process.pid).filter((child) => !before.has(child.pid))).toEqual([])
    await a!.stop()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  }, 60_000)

  it.each(["solana", "api"] as const)(
    "fails with the busy port named and leaves no chain running when the %s port is taken",
    async (part) => {
      const blocker: Server = createServer()
      await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve))
      const address = blocker.address()
      const taken = typeof address === "object" && address !== null ? address.port : 0
      const dataDir = mkdtempSync(join(tmpdir(), "airlock-sandbox-"))
      const before = new Set(anvils().map((child) => child.pid))
      try {
        await expect(startSandbox({ quiet: true, dataDir, ports: { [part]: taken } })).rejects.toThrow(String(taken))
        expect(anvils().filter((child) => !before.has(child.pid))).toEqual([])
      } finally {
        blocker.close()
        rmSync(dataDir, { recursive: true, force: true })
      }
    },
    60_000
  )
})
