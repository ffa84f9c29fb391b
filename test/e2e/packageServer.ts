/**
 * `npx airlock-server` as an operator runs it from the published package: the app's `node_modules/.bin/airlock-server`
 * started with this repository's Node (24), configured only through the environment and a config file, probed over
 * HTTP. Used by package.test.ts.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { join } from "node:path"

/** The packages `airlock-server` needs beyond airlock-kit's dependencies (its optional peer dependencies). */
export const serverPeerNames = ["@electric-sql/pglite", "postgres", "ioredis", "ws", "@walletconnect/relay-auth"]

/** The server's peers at the versions this repository develops against, for an app's `dependencies`. */
export const serverPeerVersions = (devDependencies: Record<string, string>): Record<string, string> =>
  Object.fromEntries(
    serverPeerNames.map((name) => {
      const version = devDependencies[name]
      if (version === undefined) throw new Error(`${name} is not a devDependency of the repository`)
      return [name, version]
    })
  )

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

/** A finished run of the binary. */
export interface BinExit {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly output: string
}

/** A started binary: its output so far, and its exit once it comes (or a timeout error). */
interface Running {
  readonly child: ChildProcess
  readonly output: () => string
  readonly exited: (timeoutMs: number) => Promise<BinExit>
}

const startBin = (bin: string, cwd: string, env: NodeJS.ProcessEnv): Running => {
  const child = spawn(process.execPath, [bin], { cwd, env, stdio: ["ignore", "pipe", "pipe"] })
  let output = ""
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()))
  const exit = new Promise<BinExit>((resolve) =>
    child.once("close", (code, signal) => resolve({ code, signal, output }))
  )
  return {
    child,
    output: () => output,
    exited: (timeoutMs) => {
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`airlock-server did not exit within ${timeoutMs} ms; output:\n${output}`)),
          timeoutMs
        )
      })
      return Promise.race([exit, timeout]).finally(() => clearTimeout(timer))
    }
  }
}

// The parent's storage and Redis settings must not leak into the child: it runs on PGlite in its own folder.
const cleanEnv = (): NodeJS.ProcessEnv => {
  const env = { ...process.env }
  for (const name of Object.keys(env)) if (name.startsWith("AIRLOCK_")) delete env[name]
  delete env.DATABASE_URL
  delete env.REDIS_URL
  delete env.PORT
  delete env.RELAY_PORT
  delete env.FRAME_PORT
  delete env.NODE_OPTIONS
  return env
}

/** Runs a package's `bin/airlock-server.js` to its exit (used where it must refuse to start). */
export const runBin = (bin: string, cwd: string, timeoutMs = 30_000): Promise<BinExit> =>
  startBin(bin, cwd, cleanEnv()).exited(timeoutMs)

/** An installed server, started and ready. */
export interface InstalledServer {
  readonly api: string
  readonly frame: string
  readonly output: () => string
  /** Sends `signal` and waits (bounded) for the exit. */
  readonly stop: (signal?: NodeJS.Signals) => Promise<BinExit>
}

/**
 * Starts `<app>/node_modules/.bin/airlock-server` on free ports with its data in `dataDir` and `projects` seeded from
 * a config file, and resolves once `/readyz` answers 200 (rejects with the server's output after `readyMs`).
 */
export const startInstalledServer = async (options: {
  readonly app: string
  readonly dataDir: string
  readonly projects: ReadonlyArray<{ readonly id: string; readonly allowedOrigins: ReadonlyArray<string> }>
  readonly readyMs?: number
}): Promise<InstalledServer> => {
  const [port, relayPort, framePort] = await Promise.all([freePort(), freePort(), freePort()])
  const config = join(options.app, "airlock.config.json")
  writeFileSync(config, JSON.stringify({ projects: options.projects }))
  const running = startBin(join(options.app, "node_modules/.bin/airlock-server"), options.app, {
    ...cleanEnv(),
    PORT: String(port),
    RELAY_PORT: String(relayPort),
    FRAME_PORT: String(framePort),
    AIRLOCK_DATA_DIR: options.dataDir,
    AIRLOCK_CONFIG: config
  })
  const api = `http://127.0.0.1:${port}`
  const stop = async (signal: NodeJS.Signals = "SIGTERM") => {
    if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill(signal)
    return running.exited(30_000)
  }
  const deadline = Date.now() + (options.readyMs ?? 90_000)
  let exitedEarly = false
  running.child.once("exit", () => (exitedEarly = true))
  for (;;) {
    const status = await fetch(`${api}/readyz`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.status,
      () => 0
    )
    if (status === 200) break
    if (exitedEarly || Date.now() > deadline) {
      await stop("SIGKILL").catch(() => undefined)
      throw new Error(`airlock-server was not ready (last /readyz: ${status}); output:\n${running.output()}`)
    }
    // Polls for the condition; the pause only spaces the probes.
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return { api, frame: `http://127.0.0.1:${framePort}`, output: running.output, stop }
}
