/** Process and port probes shared by the sandbox start tests (Linux `ps`). */
import { execFileSync } from "node:child_process"
import { createServer } from "node:net"

/** Direct children of a process, as pid and command name. */
export const childProcesses = (parent: number): ReadonlyArray<{ readonly pid: number; readonly command: string }> => {
  let out = ""
  try {
    out = execFileSync("ps", ["-o", "pid=,comm=", "--ppid", String(parent)], { encoding: "utf8" })
  } catch {
    // ps exits 1 when the process has no children
    return []
  }
  return out
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((parts) => parts.length === 2 && parts[1] !== "ps")
    .map(([pid, command]) => ({ pid: Number(pid), command: command! }))
}

/** Whether a process still exists (a zombie awaiting its parent counts as gone). */
export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    return !execFileSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" })
      .trim()
      .startsWith("Z")
  } catch {
    return false
  }
}

/** Whether nothing listens on 127.0.0.1:port, by listening there ourselves for a moment. */
export const portIsFree = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = createServer()
    server.once("error", () => resolve(false))
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)))
  })

/** A port that was free a moment ago (the OS's pick). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

/** The port of an `http://host:port` URL. */
export const portOf = (url: string): number => Number(new URL(url).port)

/** Asks a JSON-RPC node for its chain id. */
export const rpcChainId = async (rpcUrl: string): Promise<number> => {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] })
  })
  const body = (await response.json()) as { result: string }
  return Number(body.result)
}
