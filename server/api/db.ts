/**
 * The API's store: projects, smart sessions, analytics events and account names, in Postgres tables (PGlite in
 * process, or a real Postgres) migrated on open, so they survive a restart and are shared by every instance.
 */
import { type MigrationStep, migrate } from "../store/migrate.ts"
import type { Sql } from "../store/sql.ts"

/** The component name the API's migrations are recorded under in `airlock_migrations`. */
export const apiComponent = "api"

// Each entry moves the schema one version up; `airlock_migrations` records how far a database got, so a step added
// here runs once on old databases and never twice. Times are unix ms (BIGINT); JSON is kept as text, as received.
const migrations: ReadonlyArray<MigrationStep> = [
  [
    `CREATE TABLE projects (
       id TEXT PRIMARY KEY,
       settings TEXT NOT NULL,
       updated_at BIGINT NOT NULL
     )`,
    `CREATE TABLE sessions (
       pci TEXT PRIMARY KEY,
       project_id TEXT NOT NULL,
       address TEXT NOT NULL,
       chain_id TEXT NOT NULL,
       created_at BIGINT NOT NULL,
       expiry BIGINT NOT NULL,
       permissions TEXT NOT NULL,
       revoked_at BIGINT
     )`,
    "CREATE INDEX sessions_by_address ON sessions (project_id, address)",
    `CREATE TABLE analytics_events (
       id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
       project_id TEXT NOT NULL,
       received_at BIGINT NOT NULL,
       body TEXT NOT NULL
     )`,
    "CREATE INDEX analytics_by_project ON analytics_events (project_id, id)"
  ],
  // Account names (SPEC §7 profile endpoints): one row per full name (`label.zone`, lower case).
  [
    `CREATE TABLE names (
       name TEXT PRIMARY KEY,
       address TEXT NOT NULL,
       coin_type BIGINT NOT NULL,
       registered_at BIGINT NOT NULL
     )`,
    "CREATE INDEX names_by_address ON names (lower(address))"
  ]
]

/** A stored session row, as the sessions routes read and write it. */
export interface SessionRow {
  readonly pci: string
  readonly projectId: string
  /** Lower-case 0x address. */
  readonly address: string
  /** CAIP network id, e.g. `eip155:1`. */
  readonly chainId: string
  /** Unix ms. */
  readonly createdAt: number
  /** Unix seconds, as smart-session expiries are. */
  readonly expiry: number
  /** Any JSON: the granted permissions and policies. */
  readonly permissions: unknown
  /** Unix ms, or null while active. */
  readonly revokedAt: number | null
}

/** A stored analytics event. */
export interface AnalyticsRow {
  readonly id: number
  readonly projectId: string
  /** Unix ms. */
  readonly receivedAt: number
  /** The posted body, as received. */
  readonly body: unknown
}

/** A registered account name. */
export interface NameRow {
  /** The full name, lower case (`ada.airlock.id`). */
  readonly name: string
  /** Checksummed 0x address. */
  readonly address: string
  /** The coin type it was registered with (60, or an EVM chain's ENSIP-11 type). */
  readonly coinType: number
  /** Unix ms. */
  readonly registeredAt: number
}

/** Typed access to the API's tables; every call is one statement (or one transaction). */
export interface ApiDb {
  /** The connection underneath, for tests that want to look at the tables. */
  readonly sql: Sql
  readonly projects: {
    get(id: string): Promise<unknown>
    put(id: string, settings: unknown, now: number): Promise<void>
    list(): Promise<ReadonlyArray<{ readonly id: string; readonly settings: unknown }>>
    /** Deletes a project; false when there was none. */
    remove(id: string): Promise<boolean>
  }
  readonly sessions: {
    put(row: SessionRow): Promise<void>
    byAddress(projectId: string, address: string): Promise<ReadonlyArray<SessionRow>>
    get(pci: string): Promise<SessionRow | undefined>
    revoke(pci: string, now: number): Promise<void>
  }
  readonly analytics: {
    add(projectId: string, body: unknown, now: number): Promise<number>
    byProject(projectId: string): Promise<ReadonlyArray<AnalyticsRow>>
  }
  readonly names: {
    get(name: string): Promise<NameRow | undefined>
    /** Names pointing to `address` (any case), oldest first. */
    byAddress(address: string): Promise<ReadonlyArray<NameRow>>
    /** Which of `names` (lower case) are registered. */
    taken(names: ReadonlyArray<string>): Promise<ReadonlySet<string>>
    /** Adds a name; false when it is taken (atomic: of two racing adds of one name, exactly one wins). */
    add(row: NameRow): Promise<boolean>
  }
}

/** The API store's former name. */
export type SandboxDb = ApiDb

type Row = Record<string, unknown>

const text = (value: unknown): string => (typeof value === "string" ? value : String(value))

const toName = (row: Row): NameRow => ({
  name: text(row.name),
  address: text(row.address),
  coinType: Number(row.coin_type),
  registeredAt: Number(row.registered_at)
})

const toSession = (row: Row): SessionRow => ({
  pci: text(row.pci),
  projectId: text(row.project_id),
  address: text(row.address),
  chainId: text(row.chain_id),
  createdAt: Number(row.created_at),
  expiry: Number(row.expiry),
  permissions: JSON.parse(text(row.permissions)),
  revokedAt: row.revoked_at === null ? null : Number(row.revoked_at)
})

/**
 * Migrates the API's tables on `sql` and returns typed access to them. Closing `sql` is the caller's business.
 * @example
 * ```ts
 * import { openSql } from "../store/sql.ts"
 * const db = await openApiDb(await openSql({ dataDir: "/tmp/airlock/pg" }))
 * await db.analytics.add("airlock-demo", { eventId: "e1" }, Date.now())
 * ```
 */
export const openApiDb = async (sql: Sql): Promise<ApiDb> => {
  await migrate(sql, apiComponent, migrations)
  return {
    sql,
    projects: {
      get: async (id) => {
        const [row] = await sql.query<Row>("SELECT settings FROM projects WHERE id = $1", [id])
        return row === undefined ? undefined : JSON.parse(text(row.settings))
      },
      put: async (id, settings, now) => {
        await sql.query(
          "INSERT INTO projects (id, settings, updated_at) VALUES ($1, $2, $3) " +
            "ON CONFLICT (id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at",
          [id, JSON.stringify(settings), now]
        )
      },
      list: async () =>
        (await sql.query<Row>("SELECT id, settings FROM projects ORDER BY id")).map((row) => ({
          id: text(row.id),
          settings: JSON.parse(text(row.settings))
        })),
      remove: async (id) => (await sql.query("DELETE FROM projects WHERE id = $1 RETURNING id", [id])).length > 0
    },
    sessions: {
      put: async (row) => {
        await sql.query(
          "INSERT INTO sessions (pci, project_id, address, chain_id, created_at, expiry, permissions, revoked_at) " +
            "VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (pci) DO UPDATE SET project_id = excluded.project_id, " +
            "address = excluded.address, chain_id = excluded.chain_id, created_at = excluded.created_at, " +
            "expiry = excluded.expiry, permissions = excluded.permissions, revoked_at = excluded.revoked_at",
          [
            row.pci,
            row.projectId,
            row.address.toLowerCase(),
            row.chainId,
            row.createdAt,
            row.expiry,
            JSON.stringify(row.permissions ?? null),
            row.revokedAt
          ]
        )
      },
      byAddress: async (projectId, address) =>
        (
          await sql.query<Row>(
            "SELECT * FROM sessions WHERE project_id = $1 AND address = $2 ORDER BY created_at, pci",
            [projectId, address.toLowerCase()]
          )
        ).map(toSession),
      get: async (pci) => {
        const [row] = await sql.query<Row>("SELECT * FROM sessions WHERE pci = $1", [pci])
        return row === undefined ? undefined : toSession(row)
      },
      revoke: async (pci, now) => {
        await sql.query("UPDATE sessions SET revoked_at = $1 WHERE pci = $2 AND revoked_at IS NULL", [now, pci])
      }
    },
    analytics: {
      add: async (projectId, body, now) => {
        const [row] = await sql.query<Row>(
          "INSERT INTO analytics_events (project_id, received_at, body) VALUES ($1, $2, $3) RETURNING id",
          [projectId, now, JSON.stringify(body)]
        )
        return Number(row?.id)
      },
      byProject: async (projectId) =>
        (await sql.query<Row>("SELECT * FROM analytics_events WHERE project_id = $1 ORDER BY id", [projectId])).map(
          (row) => ({
            id: Number(row.id),
            projectId: text(row.project_id),
            receivedAt: Number(row.received_at),
            body: JSON.parse(text(row.body))
          })
        )
    },
    names: {
      get: async (name) => {
        const [row] = await sql.query<Row>("SELECT * FROM names WHERE name = $1", [name.toLowerCase()])
        return row === undefined ? undefined : toName(row)
      },
      byAddress: async (address) =>
        (
          await sql.query<Row>("SELECT * FROM names WHERE lower(address) = $1 ORDER BY registered_at, name", [
            address.toLowerCase()
          ])
        ).map(toName),
      taken: async (names) => {
        // The list travels as one text parameter holding JSON: both drivers pass text alike (arrays and jsonb they do not).
        const rows = await sql.query<Row>(
          "SELECT name FROM names WHERE name IN (SELECT jsonb_array_elements_text($1::text::jsonb))",
          [JSON.stringify(names)]
        )
        return new Set(rows.map((row) => text(row.name)))
      },
      add: async (row) =>
        // One statement decides: the row comes back only when this insert made it.
        (
          await sql.query(
            "INSERT INTO names (name, address, coin_type, registered_at) VALUES ($1, $2, $3, $4) " +
              "ON CONFLICT (name) DO NOTHING RETURNING name",
            [row.name.toLowerCase(), row.address, row.coinType, row.registeredAt]
          )
        ).length === 1
    }
  }
}
