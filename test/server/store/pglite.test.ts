/** The store suite on PGlite, in a temp folder reopened between steps (as a restarted server does). */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { apiComponent, openApiDb } from "../../../server/api/db.ts"
import { developmentKeyEncryptionKey, frameComponent, openFrameStore } from "../../../server/frame/store.ts"
import { migrationVersion } from "../../../server/store/migrate.ts"
import { openSql } from "../../../server/store/sql.ts"
import { storeSuite } from "./suite.ts"

const dir = mkdtempSync(join(tmpdir(), "airlock-store-pglite-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("store on PGlite", { timeout: 60_000 }, () => {
  storeSuite(() => ({ open: () => openSql({ dataDir: join(dir, "pg") }) }))

  it("migrates once when both stores open together on one connection, and not again on reopen", async () => {
    const folder = join(dir, "migrations")
    const sql = await openSql({ dataDir: folder })
    try {
      await Promise.all([
        openApiDb(sql),
        openApiDb(sql),
        openFrameStore(sql, { keyEncryptionKey: developmentKeyEncryptionKey }),
        openFrameStore(sql, { keyEncryptionKey: developmentKeyEncryptionKey })
      ])
      expect(await migrationVersion(sql, apiComponent)).toBe(2)
      expect(await migrationVersion(sql, frameComponent)).toBe(2)
    } finally {
      await sql.close()
    }
    const again = await openSql({ dataDir: folder })
    try {
      await openApiDb(again)
      const rows = await again.query("SELECT component, version FROM airlock_migrations ORDER BY component, version")
      expect(rows).toEqual([
        { component: "api", version: 1 },
        { component: "api", version: 2 },
        { component: "frame", version: 1 },
        { component: "frame", version: 2 }
      ])
    } finally {
      await again.close()
    }
  })

  it("keeps data in memory when no folder is given", async () => {
    const sql = await openSql({})
    try {
      const db = await openApiDb(sql)
      await db.projects.put("in-memory", { id: "in-memory" }, 1)
      expect(await db.projects.get("in-memory")).toEqual({ id: "in-memory" })
    } finally {
      await sql.close()
    }
  })
})
