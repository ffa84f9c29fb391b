/** Schema migrations on a {@link Sql}: numbered steps per component, each applied once per database. */
import type { Sql } from "./sql.ts"

/** One migration step: its statements, run in order in one transaction. */
export type MigrationStep = ReadonlyArray<string>

// One lock id for every component's migrations (any fixed 64-bit number; this one is "airlock" in ASCII, 0x6169726c6f636b).
const migrationLock = "27419012907361131"

/**
 * Brings `component`'s tables up to the last of `steps`. Each step not applied yet runs in its own transaction that
 * first takes a Postgres advisory lock, so several instances starting at once on one database apply each step exactly
 * once (the others wait, then see it recorded in `airlock_migrations`). A failing step rolls back and throws.
 * @example
 * ```ts
 * import type { Sql } from "./sql.ts"
 * declare const sql: Sql
 * await migrate(sql, "notes", [["CREATE TABLE notes (id BIGINT PRIMARY KEY, text TEXT NOT NULL)"]])
 * ```
 */
export const migrate = async (sql: Sql, component: string, steps: ReadonlyArray<MigrationStep>): Promise<void> => {
  for (let index = 0; index < steps.length; index++) {
    const version = index + 1
    await sql.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(${migrationLock}::bigint)`)
      await tx.query(
        `CREATE TABLE IF NOT EXISTS airlock_migrations (
           component TEXT NOT NULL,
           version INTEGER NOT NULL,
           applied_at BIGINT NOT NULL,
           PRIMARY KEY (component, version)
         )`
      )
      const done = await tx.query("SELECT 1 FROM airlock_migrations WHERE component = $1 AND version = $2", [
        component,
        version
      ])
      if (done.length > 0) return
      for (const statement of steps[index] ?? []) await tx.query(statement)
      await tx.query("INSERT INTO airlock_migrations (component, version, applied_at) VALUES ($1, $2, $3)", [
        component,
        version,
        Date.now()
      ])
    })
  }
}

/**
 * The last step of `component` applied to this database (0 when none).
 * @example
 * ```ts
 * import type { Sql } from "./sql.ts"
 * declare const sql: Sql
 * await migrationVersion(sql, "api") // 2
 * ```
 */
export const migrationVersion = async (sql: Sql, component: string): Promise<number> => {
  const rows = await sql.query<{ version: number | null }>(
    "SELECT max(version) AS version FROM airlock_migrations WHERE component = $1",
    [component]
  )
  return Number(rows[0]?.version ?? 0)
}
