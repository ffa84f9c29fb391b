/**
 * Real Postgres and Redis servers for the production server's tests: Debian's `postgresql` and `redis-server`
 * binaries (installed by `.ci/run`), each started privately on a free loopback port in a temp dir and stopped after.
 * Nothing is left running and nothing outside the temp dir is touched.
 *
 * When a binary is missing, `available()` says so: tests skip with that reason locally, and fail under CI (where
 * `.ci/run` installs both), so a CI machine without them can never pass by skipping.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process"
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"

/** A running service: its URL, and `stop()` which ends the process and removes its data. */
export interface RunningService {
  readonly url: string
  readonly port: number
  readonly stop: () => Promise<void>
}

/** Debian installs each Postgres major under `/usr/lib/postgresql/<major>/bin`; the newest is taken. */
const postgresBin = (): string | undefined => {
  const base = "/usr/lib/postgresql"
  if (!existsSync(base)) return undefined
  const majors = readdirSync(base)
    .filter((entry) => existsSync(join(base, entry, "bin", "postgres")))
    .sort((a, b) => Number(b) - Number(a))
  return majors[0] === undefined ? undefined : join(base, majors[0], "bin")
}

const redisBin = (): string | undefined =>
  ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].find((path) => existsSync(path))

/**
 * Which services this machine can start; `reason` names what is missing.
 * @example
 * ```ts
 * const { postgres, redis } = available()
 * describe.skipIf(!postgres.ok)("on Postgres", () => { ... })
 * ```
 */
export const available = () => {
  const pg = postgresBin()
  const redis = redisBin()
  const inCi = process.env.CI !== undefined && process.env.CI !== "" && process.env.CI !== "false"
  const check = (ok: boolean, what: string) => {
    if (!ok && inCi) throw new Error(`${what} is not installed; .ci/run installs it (apt-get install -y ${what})`)
    return { ok, reason: ok ? "" : `${what} is not installed (apt-get install -y ${what})` }
  }
  return { postgres: check(pg !== undefined, "postgresql"), redis: check(redis !== undefined, "redis-server") }
}

/** A free TCP port on 127.0.0.1. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject()))
    })
  })

const isRoot = () => process.getuid?.() === 0

/** As root, the `postgres` user's ids (Postgres refuses to run as root); else our own (no switch). */
const postgresUser = (): { uid?: number; gid?: number } => {
  if (!isRoot()) return {}
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }).trim())
  return { uid: id("-u"), gid: id("-g") }
}

// A test process that dies without stopping its services (a crashed worker) still ends them: they are our children.
const children = new Set<ChildProcess>()
process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL")
})

const waitFor = async (what: string, check: () => boolean | Promise<boolean>, child: ChildProcess, ms = 30_000) => {
  const deadline = Date.now() + ms
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${what} exited with code ${child.exitCode} before it was ready`)
    if (await Promise.resolve(check()).catch(() => false)) return
    if (Date.now() > deadline) throw new Error(`${what} was not ready within ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const stopChild = (child: ChildProcess, signal: NodeJS.Signals): Promise<void> =>
  new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const kill = setTimeout(() => child.kill("SIGKILL"), 10_000)
    child.once("exit", () => {
      clearTimeout(kill)
      resolve()
    })
    child.kill(signal)
  })

/**
 * Starts a private Postgres (initdb in a temp dir, trust auth on 127.0.0.1 only, no Unix socket) and creates the
 * database `airlock`. Resolves with `postgres://postgres@127.0.0.1:PORT/airlock`.
 */
export const startPostgres = async (): Promise<RunningService> => {
  const bin = postgresBin()
  if (bin === undefined) throw new Error("postgresql is not installed (apt-get install -y postgresql)")
  const dir = mkdtempSync(join(tmpdir(), "airlock-pg-"))
  chmodSync(dir, 0o777)
  const data = join(dir, "data")
  const user = postgresUser()
  execFileSync(
    join(bin, "initdb"),
    ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"],
    { stdio: "pipe", ...user }
  )
  const port = await freePort()
  const args = [
    "-D",
    data,
    "-p",
    String(port),
    "-h",
    "127.0.0.1",
    "-k",
    "",
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
    "-c",
    "max_connections=200"
  ]
  const child = spawn(join(bin, "postgres"), args, { stdio: ["ignore", "ignore", "pipe"], ...user })
  children.add(child)
  child.once("exit", () => children.delete(child))
  let log = ""
  child.stderr?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000)
  })
  const { default: postgres } = await import("postgres")
  const ready = async () => {
    const sql = postgres({
      host: "127.0.0.1",
      port,
      user: "postgres",
      database: "postgres",
      max: 1,
      onnotice: () => {}
    })
    try {
      await sql`SELECT 1`
      return true
    } finally {
      await sql.end({ timeout: 1 }).catch(() => {})
    }
  }
  try {
    await waitFor("postgres", ready, child)
    const admin = postgres({ host: "127.0.0.1", port, user: "postgres", database: "postgres", max: 1 })
    await admin.unsafe("CREATE DATABASE airlock")
    await admin.end({ timeout: 1 })
  } catch (error) {
    await stopChild(child, "SIGKILL")
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${log}`)
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/airlock`,
    port,
    // SIGINT is Postgres' "fast" shutdown: it ends open connections and exits.
    stop: async () => {
      await stopChild(child, "SIGINT")
      rmSync(dir, { recursive: true, force: true })
    }
  }
}

/** Starts a private Redis (no persistence, loopback only). Resolves with `redis://127.0.0.1:PORT`. */
export const startRedis = async (): Promise<RunningService> => {
  const bin = redisBin()
  if (bin === undefined) throw new Error("redis-server is not installed (apt-get install -y redis-server)")
  const dir = mkdtempSync(join(tmpdir(), "airlock-redis-"))
  const port = await freePort()
  const child = spawn(
    bin,
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
    { stdio: ["ignore", "pipe", "pipe"] }
  )
  children.add(child)
  child.once("exit", () => children.delete(child))
  let log = ""
  child.stdout?.on("data", (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000)
  })
  const { Redis } = await import("ioredis")
  const ready = async () => {
    const client = new Redis({ host: "127.0.0.1", port, lazyConnect: true, maxRetriesPerRequest: 0 })
    // Refused connections while Redis starts are expected: the next poll retries.
    client.on("error", () => {})
    try {
      await client.connect()
      return (await client.ping()) === "PONG"
    } finally {
      client.disconnect()
    }
  }
  try {
    await waitFor("redis-server", ready, child)
  } catch (error) {
    await stopChild(child, "SIGKILL")
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${log}`)
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: async () => {
      await stopChild(child, "SIGTERM")
      rmSync(dir, { recursive: true, force: true })
    }
  }
}
