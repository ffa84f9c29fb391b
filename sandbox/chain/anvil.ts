/**
 * One anvil process on 127.0.0.1: spawned from the binary that `@foundry-rs/anvil` ships in its platform package,
 * ready when its JSON-RPC answers, and killed on `stop()` or when this Node process ends.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"

const require = createRequire(import.meta.url)

/** Options of {@link spawnAnvil}. */
export interface AnvilOptions {
  /** EIP-155 chain id the node reports. */
  readonly chainId: number
  /** Port to listen on; 0 lets the OS pick a free one. @default 0 */
  readonly port?: number
  /** Unix time (seconds) of the genesis block, so block times are the same on every run. @default 1767225600 */
  readonly genesisTimestamp?: number
  /** Milliseconds to wait for the node to answer before giving up. @default 10000 */
  readonly timeoutMs?: number
}

/** A running anvil node. */
export interface AnvilProcess {
  readonly chainId: number
  readonly port: number
  readonly rpcUrl: string
  /** Child process id (for diagnostics and tests). */
  readonly pid: number
  /** Ends the process and resolves once it has exited. Safe to call twice. */
  readonly stop: () => Promise<void>
}

/** 2026-01-01T00:00:00Z. */
export const defaultGenesisTimestamp = 1_767_225_600

/** Path of the anvil binary for this platform, from `@foundry-rs/anvil-<os>-<arch>`. */
export const anvilBinaryPath = (): string => {
  const os = process.platform === "win32" ? "win32" : process.platform
  const arch = process.arch === "x64" ? "amd64" : process.arch
  const pkg = `@foundry-rs/anvil-${os}-${arch}`
  const binary = process.platform === "win32" ? "anvil.exe" : "anvil"
  return join(dirname(require.resolve(`${pkg}/package.json`)), "bin", binary)
}

const live = new Set<ChildProcess>()
let exitHooksInstalled = false

// A killed child cannot outlive us: kill every live anvil synchronously on exit, and on a signal re-raise it when
// nobody else listens, so the default "terminate" still happens.
const installExitHooks = () => {
  if (exitHooksInstalled) return
  exitHooksInstalled = true
  const killAll = () => {
    for (const child of live) child.kill("SIGKILL")
    live.clear()
  }
  process.once("exit", killAll)
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    const onSignal = () => {
      killAll()
      process.removeListener(signal, onSignal)
      if (process.listenerCount(signal) === 0) process.kill(process.pid, signal)
    }
    process.on(signal, onSignal)
  }
}

const rpcAnswers = async (rpcUrl: string): Promise<boolean> => {
  try {
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] })
    })
    return response.ok
  } catch {
    return false
  }
}

const waitForExit = (child: ChildProcess): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve()
    else child.once("exit", () => resolve())
  })

/**
 * Starts anvil with the default test mnemonic and the given chain id, and resolves once its RPC answers.
 *
 * @example
 * ```ts
 * const node = await spawnAnvil({ chainId: 8453 })
 * console.log(node.rpcUrl) // http://127.0.0.1:41234
 * await node.stop()
 * ```
 */
export const spawnAnvil = async (options: AnvilOptions): Promise<AnvilProcess> => {
  installExitHooks()
  const args = [
    "--host",
    "127.0.0.1",
    "--port",
    String(options.port ?? 0),
    "--chain-id",
    String(options.chainId),
    "--timestamp",
    String(options.genesisTimestamp ?? defaultGenesisTimestamp)
  ]
  // Named in every error, so a busy port says which one.
  const label = `anvil (chain ${options.chainId}${options.port ? ` on port ${options.port}` : ""})`
  const child = spawn(anvilBinaryPath(), args, { stdio: ["ignore", "pipe", "pipe"] })
  live.add(child)
  child.once("exit", () => live.delete(child))

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL")
    await waitForExit(child)
    live.delete(child)
  }

  try {
    const port = await new Promise<number>((resolve, reject) => {
      let output = ""
      const timer = setTimeout(
        () => reject(new Error(`${label} did not start:\n${output}`)),
        options.timeoutMs ?? 10_000
      )
      const onData = (chunk: Buffer) => {
        output += chunk.toString("utf8")
        const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(output)
        if (match) {
          clearTimeout(timer)
          child.stdout?.off("data", onData)
          resolve(Number(match[1]))
        }
      }
      child.stdout?.on("data", onData)
      child.stderr?.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8")
      })
      child.once("error", (error) => {
        clearTimeout(timer)
        reject(error)
      })
      child.once("exit", (code, signal) => {
        clearTimeout(timer)
        reject(new Error(`${label} exited (${signal ?? code}):\n${output}`))
      })
    })
    // anvil logs every request: keep draining so a full pipe never blocks it
    child.stdout?.resume()
    child.stderr?.resume()
    const rpcUrl = `http://127.0.0.1:${port}`
    const deadline = Date.now() + (options.timeoutMs ?? 10_000)
    while (!(await rpcAnswers(rpcUrl))) {
      if (Date.now() > deadline) throw new Error(`${label} does not answer on ${rpcUrl}`)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    return { chainId: options.chainId, port, rpcUrl, pid: child.pid ?? -1, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
