/**
 * The store suite on a real Postgres (Debian's, started privately by test/server/services.ts), plus what only several
 * connections can show: instances starting at once apply each migration exactly once.
 */
import postgres from "postgres"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { apiComponent, openApiDb } from "../../../server/api/db.ts"
import { developmentKeyEncryptionKey, frameComponent, openFrameStore } from "../../../server/frame/store.ts"
import { migrationVersion } from "../../../server/store/migrate.ts"
import { openSql, type Sql } from "../../../server/store/sql.ts"
import { available, type RunningService, startPostgres } from "../services.ts"
import { storeSuite } from "./suite.ts"

const { postgres: pg } = available()
let server: RunningService | undefined

beforeAll(async () => {
  if (pg.ok) server = await startPostgres()
}, 60_000)
afterAll(() => server?.stop())

/** A new empty database on the test server, so a test sees migrations from nothing. */
const freshDatabase = async (): Promise<string> => {
  const url = new URL(server!.url)
  const name = `fresh_${Math.random().toString(36).slice(2, 10)}`
  const admin = postgres(url.href, { max: 1, onnotice: () => {} })
  try {
    await admin.unsafe(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end({ timeout: 1 })
  }
  url.pathname = `/${name}`
  return url.href
}

describe.skipIf(!pg.ok)(`store on Postgres${pg.ok ? "" : ` (skipped: ${pg.reason})`}`, { timeout: 60_000 }, () => {
  storeSuite(() => ({ open: () => openSql({ databaseUrl: server!.url }) }))

  it("applies each migration exactly once when several instances start at once", async () => {
    const url = await freshDatabase()
    const instances: Array<Sql> = await Promise.all(Array.from({ length: 4 }, () => openSql({ databaseUrl: url })))
    try {
      await Promise.all(
        instances.flatMap((sql) => [
          openApiDb(sql),
          openFrameStore(sql, { keyEncryptionKey: developmentKeyEncryptionKey })
        ])
      )
      const sql = instances[0]!
      expect(await migrationVersion(sql, apiComponent)).toBe(2)
      expect(await migrationVersion(sql, frameComponent)).toBe(2)
      const rows = await sql.query("SELECT component, version FROM airlock_migrations ORDER BY component, version")
      expect(rows).toEqual([
        { component: "api", version: 1 },
        { component: "api", version: 2 },
        { component: "frame", version: 1 },
        { component: "frame", version: 2 }
      ])
    } finally {
      await Promise.all(instances.map((sql) => sql.close()))
    }
  })

  it("fails to open with a clear error when the server cannot be reached", async () => {
    const url = new URL(server!.url)
    url.port = "1"
    await expect(openSql({ databaseUrl: url.href })).rejects.toThrow(/ECONNREFUSED|connect/)
  })
})
