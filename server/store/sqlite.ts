/** What the sandbox's SQLite stores (the API's and the secure site's) share. */
import type { DatabaseSync } from "node:sqlite"

/**
 * Brings `db` up to the last of `migrations`: each step not yet applied (by `PRAGMA user_version`) runs in its own
 * transaction, and a failing step rolls back and throws.
 * @example
 * ```ts
 * import { DatabaseSync } from "node:sqlite"
 * migrate(new DatabaseSync(":memory:"), ["CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT NOT NULL)"])
 * ```
 */
export const migrate = (db: DatabaseSync, migrations: ReadonlyArray<string>): void => {
  const version = Number((db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version)
  for (let step = version; step < migrations.length; step++) {
    db.exec("BEGIN")
    try {
      db.exec(migrations[step] as string)
      db.exec(`PRAGMA user_version = ${step + 1}`)
      db.exec("COMMIT")
    } catch (error) {
      db.exec("ROLLBACK")
      throw error
    }
  }
}
