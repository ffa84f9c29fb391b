/**
 * The sandbox API's file-backed store: one SQLite file (`node:sqlite`, built into Node 24) per data dir, migrated on
 * open, so projects, sessions and analytics events survive a restart.
 */
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { migrate } from "../store/sqlite.ts"

// Each entry moves the schema one version up; `PRAGMA user_version` records how far a file got, so a new step added
// here runs once on old files and never twice.
const migrations: ReadonlyArray<string> = [
  `CREATE TABLE projects (
     id TEXT PRIMARY KEY,
     settings TEXT NOT NULL,
     updated_at INTEGER NOT NULL
   );
   CREATE TABLE sessions (
     pci TEXT PRIMARY KEY,
     project_id TEXT NOT NULL,
     address TEXT NOT NULL,
     chain_id TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     expiry INTEGER NOT NULL,
     permissions TEXT NOT NULL,
     revoked_at INTEGER
   );
   CREATE INDEX sessions_by_address ON sessions (address);
   CREATE TABLE analytics_events (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     project_id TEXT NOT NULL,
     received_at INTEGER NOT NULL,
     body TEXT NOT NULL
   );
   CREATE INDEX analytics_by_project ON analytics_events (project_id);`,
  // Account names (SPEC §7 profile endpoints): one row per full name (`label.zone`, lower case).
  `CREATE TABLE names (
     name TEXT PRIMARY KEY,
     address TEXT NOT NULL,
     coin_type INTEGER NOT NULL,
     registered_at INTEGER NOT NULL
   );
   CREATE INDEX names_by_address ON names (lower(address));`
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

/** Typed access to the sandbox tables. */
export interface SandboxDb {
  /** The raw connection, for tests that want to look underneath. */
  readonly raw: DatabaseSync
  readonly projects: {
    get(id: string): unknown
    put(id: string, settings: unknown, now: number): void
    list(): ReadonlyArray<{ readonly id: string; readonly settings: unknown }>
  }
  readonly sessions: {
    put(row: SessionRow): void
    byAddress(projectId: string, address: string): ReadonlyArray<SessionRow>
    get(pci: string): SessionRow | undefined
    revoke(pci: string, now: number): void
  }
  readonly analytics: {
    add(projectId: string, body: unknown, now: number): number
    byProject(projectId: string): ReadonlyArray<AnalyticsRow>
  }
  readonly names: {
    get(name: string): NameRow | undefined
    /** Names pointing to `address` (any case), oldest first. */
    byAddress(address: string): ReadonlyArray<NameRow>
    /** Adds a name; false when it is taken. */
    add(row: NameRow): boolean
  }
  close(): void
}

const text = (value: unknown): string => (typeof value === "string" ? value : String(value))

const toName = (row: Record<string, unknown>): NameRow => ({
  name: text(row.name),
  address: text(row.address),
  coinType: Number(row.coin_type),
  registeredAt: Number(row.registered_at)
})

const toSession = (row: Record<string, unknown>): SessionRow => ({
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
 * Opens (creating and migrating on first use) `${dataDir}/sandbox.db`.
 * @example
 * ```ts
 * const db = openDb("/tmp/airlock-sandbox")
 * db.analytics.add("airlock-demo", { eventId: "e1" }, Date.now())
 * db.close()
 * ```
 */
export const openDb = (dataDir: string): SandboxDb => {
  mkdirSync(dataDir, { recursive: true })
  const db = new DatabaseSync(join(dataDir, "sandbox.db"))
  db.exec("PRAGMA journal_mode = WAL")
  migrate(db, migrations)

  const getProject = db.prepare("SELECT settings FROM projects WHERE id = ?")
  const putProject = db.prepare(
    "INSERT INTO projects (id, settings, updated_at) VALUES (?, ?, ?) " +
      "ON CONFLICT (id) DO UPDATE SET settings = excluded.settings, updated_at = excluded.updated_at"
  )
  const listProjects = db.prepare("SELECT id, settings FROM projects ORDER BY id")
  const putSession = db.prepare(
    "INSERT OR REPLACE INTO sessions (pci, project_id, address, chain_id, created_at, expiry, permissions, revoked_at) " +
      "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
  )
  const sessionsByAddress = db.prepare(
    "SELECT * FROM sessions WHERE project_id = ? AND address = ? ORDER BY created_at, pci"
  )
  const getSession = db.prepare("SELECT * FROM sessions WHERE pci = ?")
  const revokeSession = db.prepare("UPDATE sessions SET revoked_at = ? WHERE pci = ? AND revoked_at IS NULL")
  const addEvent = db.prepare("INSERT INTO analytics_events (project_id, received_at, body) VALUES (?, ?, ?)")
  const eventsByProject = db.prepare("SELECT * FROM analytics_events WHERE project_id = ? ORDER BY id")
  const getName = db.prepare("SELECT * FROM names WHERE name = ?")
  const namesByAddress = db.prepare("SELECT * FROM names WHERE lower(address) = ? ORDER BY registered_at, name")
  const addName = db.prepare(
    "INSERT OR IGNORE INTO names (name, address, coin_type, registered_at) VALUES (?, ?, ?, ?)"
  )

  return {
    raw: db,
    projects: {
      get: (id) => {
        const row = getProject.get(id) as { settings: string } | undefined
        return row === undefined ? undefined : JSON.parse(row.settings)
      },
      put: (id, settings, now) => void putProject.run(id, JSON.stringify(settings), now),
      list: () =>
        (listProjects.all() as Array<{ id: string; settings: string }>).map((row) => ({
          id: row.id,
          settings: JSON.parse(row.settings)
        }))
    },
    sessions: {
      put: (row) =>
        void putSession.run(
          row.pci,
          row.projectId,
          row.address.toLowerCase(),
          row.chainId,
          row.createdAt,
          row.expiry,
          JSON.stringify(row.permissions ?? null),
          row.revokedAt
        ),
      byAddress: (projectId, address) =>
        (sessionsByAddress.all(projectId, address.toLowerCase()) as Array<Record<string, unknown>>).map(toSession),
      get: (pci) => {
        const row = getSession.get(pci) as Record<string, unknown> | undefined
        return row === undefined ? undefined : toSession(row)
      },
      revoke: (pci, now) => void revokeSession.run(now, pci)
    },
    analytics: {
      add: (projectId, body, now) => Number(addEvent.run(projectId, now, JSON.stringify(body)).lastInsertRowid),
      byProject: (projectId) =>
        (eventsByProject.all(projectId) as Array<Record<string, unknown>>).map((row) => ({
          id: Number(row.id),
          projectId: text(row.project_id),
          receivedAt: Number(row.received_at),
          body: JSON.parse(text(row.body))
        }))
    },
    names: {
      get: (name) => {
        const row = getName.get(name.toLowerCase()) as Record<string, unknown> | undefined
        return row === undefined ? undefined : toName(row)
      },
      byAddress: (address) => (namesByAddress.all(address.toLowerCase()) as Array<Record<string, unknown>>).map(toName),
      add: (row) =>
        Number(addName.run(row.name.toLowerCase(), row.address, row.coinType, row.registeredAt).changes) === 1
    },
    close: () => db.close()
  }
}
