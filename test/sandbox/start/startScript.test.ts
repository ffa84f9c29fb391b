import { type ChildProcess, spawn } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import type { SandboxUrls } from "../../../sandbox/index.ts"
import { childProcesses, isAlive, portIsFree, portOf, rpcChainId } from "./processes.ts"

const repo = join(import.meta.dirname, "..", "..", "..")
const node = join(repo, "node_modules", ".bin", "node")

// A cold start builds the demo and the frame scripts and opens the PGlite store beside four chains: on a busy 2-core
// CI machine that has taken over 30 s, so the wait is generous; `what` is read when it fails, with the output then.
const waitFor = async <A>(what: () => string, read: () => A | undefined, timeoutMs = 90_000): Promise<A> => {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const value = read()
    if (value !== undefined) return value
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what()}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      resolve({ code: child.exitCode, signal: child.signalCode })
    else child.once("exit", (code, signal) => resolve({ code, signal }))
  })

describe("npm start (sandbox/start.ts)", () => {
  const cleanups: Array<() => void> = []
  afterEach(() => {
    for (const cleanup of cleanups.splice(0)) cleanup()
  })

  it.each(["SIGINT", "SIGTERM"] as const)(
    "writes urls.json once everything answers, and on %s stops every child, exits 0 and keeps the data dir",
    async (signal) => {
      const dir = mkdtempSync(join(tmpdir(), "airlock-start-"))
      const dataDir = join(dir, "data")
      const urlsFile = join(dir, "urls.json")
      const child = spawn(node, [join(repo, "sandbox", "start.ts")], {
        cwd: repo,
        env: {
          ...process.env,
          AIRLOCK_API_PORT: "0",
          AIRLOCK_DEMO_PORT: "0",
          AIRLOCK_CHAIN_PORT: "0",
          AIRLOCK_RELAY_PORT: "0",
          AIRLOCK_SOLANA_PORT: "0",
          AIRLOCK_FRAME_PORT: "0",
          AIRLOCK_DATA_DIR: dataDir,
          AIRLOCK_URLS_FILE: urlsFile
        },
        stdio: ["ignore", "pipe", "pipe"]
      })
      let output = ""
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString()
      })
      child.stderr.on("data", (chunk: Buffer) => {
        output += chunk.toString()
      })
      cleanups.push(() => {
        if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
        rmSync(dir, { recursive: true, force: true })
      })

      const urls = await waitFor(
        () => `urls.json (output so far: ${output})`,
        () => (existsSync(urlsFile) ? (JSON.parse(readFileSync(urlsFile, "utf8")) as SandboxUrls) : undefined)
      )
      // urls.json is written just before the URLs are printed: wait for the last line rather than race it
      await waitFor(
        () => `the printed URLs (output so far: ${output})`,
        () => (output.includes("Ctrl-C stops everything.") ? true : undefined)
      )
      expect(output).toContain(urls.demo)
      expect(output).toContain(urls.api)
      expect(output).toContain(urls.solana.rpcUrl)
      expect((await fetch(`${urls.api}/appkit/v1/config?projectId=${urls.projectId}`)).status).toBe(200)
      expect((await fetch(urls.demo)).status).toBe(200)
      for (const chain of urls.chains) expect(await rpcChainId(chain.rpcUrl)).toBe(chain.chainId)

      const children = childProcesses(child.pid!)
      expect(children.filter((c) => c.command === "anvil")).toHaveLength(4)

      child.kill(signal)
      expect(await exitOf(child)).toEqual({ code: 0, signal: null })
      for (const c of children) expect(isAlive(c.pid), `${c.command} ${c.pid}`).toBe(false)
      const ports = [urls.api, urls.demo, urls.solana.rpcUrl, ...urls.chains.map((chain) => chain.rpcUrl)].map(portOf)
      for (const port of ports) expect(await portIsFree(port), `port ${port}`).toBe(true)
      expect(existsSync(urlsFile)).toBe(false)
      expect(existsSync(dataDir)).toBe(true)
    },
    150_000
  )
})
