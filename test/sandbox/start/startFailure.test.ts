import { mkdtempSync, rmSync } from "node:fs"
import { type AddressInfo, createServer, type Server } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { startSandbox } from "../../../sandbox/index.ts"
import { childProcesses, isAlive } from "./processes.ts"

// A file of its own: the builds are made once per process, so only here does the failing start itself spawn the
// bundler service that it must end.
describe("startSandbox failing", () => {
  it("rejects naming a busy chain port, and leaves no chain, bundler or other child process behind", async () => {
    const blocker: Server = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve))
    const busy = (blocker.address() as AddressInfo).port
    const dataDir = mkdtempSync(join(tmpdir(), "airlock-sandbox-"))
    const alive = () => childProcesses(process.pid).filter((child) => isAlive(child.pid))
    const before = new Set(alive().map((child) => child.pid))
    try {
      await expect(startSandbox({ quiet: true, dataDir, ports: { chains: [0, busy, 0] } })).rejects.toThrow(
        `port ${busy}`
      )
      expect(alive().filter((child) => !before.has(child.pid))).toEqual([])
    } finally {
      blocker.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }, 60_000)
})
