/**
 * The server's one SQL interface over two drivers: PGlite (Postgres compiled to WASM, in process, data in a folder or
 * in memory) by default, and a real Postgres (porsager's `postgres` client, pooled) when a `DATABASE_URL` is given.
 * Both speak the same SQL, so every store is written once against {@link Sql}.
 */
import { randomUUID } from "node:crypto"
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs"
import { tmpdir, userInfo } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { PGlite } from "@electric-sql/pglite"
import postgres from "postgres"

/** An async SQL connection (or pool). Parameters are `$1`, `$2`, …; values are passed apart from the text. */
export interface Sql {
  readonly kind: "pglite" | "postgres"
  /** Runs one statement and returns its rows (none for a statement without `RETURNING`). */
  query<R = Record<string, unknown>>(text: string, params?: ReadonlyArray<unknown>): Promise<ReadonlyArray<R>>
  /**
   * Runs `run` in one transaction: committed when it resolves, rolled back when it throws. A transaction opened on the
   * `sql` given to `run` joins the outer one (no savepoint).
   */
  transaction<T>(run: (sql: Sql) => Promise<T>): Promise<T>
  /** Closes the connection (the pool waits for running queries). Safe to call twice. */
  close(): Promise<void>
}

/** Options of {@link openSql}. */
export interface OpenSqlOptions {
  /** `postgres://…`: use that Postgres. Without it, PGlite. */
  readonly databaseUrl?: string | undefined
  /** PGlite's data folder (created if missing); without it PGlite keeps everything in memory. */
  readonly dataDir?: string | undefined
  /** Postgres pool size. @default 10 */
  readonly maxConnections?: number | undefined
}

/** How long one statement may run on Postgres before the server cancels it. */
export const statementTimeoutMs = 10_000

/** How long connecting to Postgres may take, in seconds (the driver's unit). */
export const connectTimeoutSeconds = 10

// A transaction's own handle: already inside, so a nested `transaction` just runs in it.
const inside = (kind: Sql["kind"], query: Sql["query"]): Sql => {
  const self: Sql = {
    kind,
    query,
    transaction: (run) => run(self),
    close: async () => {}
  }
  return self
}

/**
 * A queue of one: PGlite has a single connection, so a transaction must hold it from BEGIN to COMMIT while other
 * callers (queries included) wait their turn instead of landing inside it.
 */
const makeLane = () => {
  let tail: Promise<unknown> = Promise.resolve()
  return <T>(task: () => Promise<T>): Promise<T> => {
    const result = tail.then(task)
    tail = result.catch(() => undefined)
    return result
  }
}

const hasCluster = (dir: string) => existsSync(join(dir, "PG_VERSION"))

// The installed PGlite's version: a cluster made by one build is not reused by another.
const pgliteVersion = (): string => {
  try {
    const main = fileURLToPath(import.meta.resolve("@electric-sql/pglite"))
    const manifest = JSON.parse(readFileSync(join(dirname(main), "..", "package.json"), "utf8")) as {
      version?: unknown
    }
    return typeof manifest.version === "string" ? manifest.version : "unknown"
  } catch {
    return "unknown"
  }
}

/**
 * An empty cluster kept in the temp dir (one per PGlite version and user): creating a cluster (initdb) is nearly all
 * of a fresh folder's open time (seconds; a reopen takes well under one), so a fresh folder starts as a copy of this
 * one. Made once, in a private folder renamed into place, so processes racing to make it never see half of one.
 */
const pristineCluster = async (): Promise<string | undefined> => {
  const target = join(tmpdir(), `airlock-pglite-${pgliteVersion()}-${userInfo().uid}`)
  if (hasCluster(target)) return target
  const building = `${target}.${randomUUID()}`
  try {
    const db = await PGlite.create(building)
    await db.close()
    renameSync(building, target)
  } catch {
    rmSync(building, { recursive: true, force: true })
  }
  return hasCluster(target) ? target : undefined
}

const createPglite = async (dataDir: string | undefined): Promise<PGlite> => {
  if (dataDir === undefined || hasCluster(dataDir)) return PGlite.create(dataDir)
  const template = await pristineCluster()
  if (template !== undefined) cpSync(template, dataDir, { recursive: true })
  return PGlite.create(dataDir)
}

const openPglite = async (dataDir: string | undefined): Promise<Sql> => {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true })
  const db = await createPglite(dataDir)
  const lane = makeLane()
  const raw = async <R>(text: string, params?: ReadonlyArray<unknown>): Promise<ReadonlyArray<R>> =>
    (await db.query<R>(text, params === undefined ? undefined : [...params])).rows
  let closed: Promise<void> | undefined
  return {
    kind: "pglite",
    query: (text, params) => lane(() => raw(text, params)),
    transaction: (run) =>
      lane(async () => {
        await raw("BEGIN")
        try {
          const result = await run(inside("pglite", raw))
          await raw("COMMIT")
          return result
        } catch (error) {
          await raw("ROLLBACK")
          throw error
        }
      }),
    close: () => {
      closed ??= lane(() => db.close())
      return closed
    }
  }
}

const openPostgres = (databaseUrl: string, maxConnections: number): Sql => {
  const pool = postgres(databaseUrl, {
    max: maxConnections,
    connect_timeout: connectTimeoutSeconds,
    idle_timeout: 30,
    // Notices ("relation already exists, skipping") are not errors; the default prints them to the console.
    onnotice: () => {},
    connection: { statement_timeout: statementTimeoutMs, application_name: "airlock-server" }
  })
  type Unsafe = (text: string, params?: Array<never>) => Promise<ReadonlyArray<unknown>>
  const queryOn =
    (unsafe: Unsafe): Sql["query"] =>
    async <R>(text: string, params?: ReadonlyArray<unknown>) =>
      (await unsafe(text, params === undefined ? undefined : ([...params] as Array<never>))) as ReadonlyArray<R>
  let closed: Promise<void> | undefined
  return {
    kind: "postgres",
    query: queryOn((text, params) => pool.unsafe(text, params)),
    transaction: async <T>(run: (sql: Sql) => Promise<T>) =>
      (await pool.begin((tx) =>
        run(
          inside(
            "postgres",
            queryOn((text, params) => tx.unsafe(text, params))
          )
        )
      )) as T,
    close: () => {
      closed ??= pool.end({ timeout: 5 })
      return closed
    }
  }
}

/**
 * Opens the server's database: Postgres at `databaseUrl` when given, else PGlite in `dataDir` (in memory without one).
 * Only one PGlite may open a folder at a time: share the returned {@link Sql} between the stores of one process.
 * @example
 * ```ts
 * const sql = await openSql({ databaseUrl: process.env.DATABASE_URL, dataDir: ".airlock/pg" })
 * await sql.query("SELECT 1 AS one") // [{ one: 1 }]
 * await sql.close()
 * ```
 */
export const openSql = async (options: OpenSqlOptions): Promise<Sql> => {
  if (options.databaseUrl !== undefined && options.databaseUrl !== "") {
    const sql = openPostgres(options.databaseUrl, options.maxConnections ?? 10)
    // Fail at start (bad URL, wrong password, unreachable) rather than on the first request.
    try {
      await sql.query("SELECT 1")
    } catch (error) {
      await sql.close().catch(() => {})
      throw error
    }
    return sql
  }
  return openPglite(options.dataDir)
}
