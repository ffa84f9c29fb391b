import { existsSync } from "node:fs"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { apiComponent } from "../../../server/api/db.ts"
import { migrationVersion } from "../../../server/store/migrate.ts"
import { call, post, removeDir, startTestApi, tempDir } from "./fixture.ts"

const dir = tempDir()
afterAll(() => removeDir(dir))

const alice = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"

// Each start opens PGlite on the data dir: seconds on a busy machine, hence the longer timeout.
describe("sandbox API persistence", { timeout: 60_000 }, () => {
  it("keeps projects, sessions and analytics across a stop and start on the same data dir", async () => {
    const first = await startTestApi({ dataDir: dir })
    // PGlite keeps the database in a folder of the data dir
    expect(existsSync(join(dir, "pg", "PG_VERSION"))).toBe(true)
    await post(first, "/sandbox/projects", { id: "kept", mode: "rate-limited", analytics: false })
    await post(first, "/sandbox/projects", { id: "airlock-demo", allowedOrigins: ["https://edited.example"] })
    await post(first, "/sandbox/sessions", { projectId: "airlock-demo", address: alice, pci: "kept-pci", expiry: 42 })
    await post(first, "/e?projectId=airlock-demo", {
      eventId: "kept-event",
      url: "http://localhost/",
      domain: "localhost",
      timestamp: 1,
      props: { event: "MODAL_OPEN" }
    })
    await first.stop()
    await first.stop()

    const second = await startTestApi({ dataDir: dir })
    try {
      expect(second.port).not.toBe(0)
      expect(await call(second, "/getAnalyticsConfig?projectId=kept")).toMatchObject({ status: 429 })
      // a seeded project keeps its edits instead of being re-seeded
      expect((await call(second, "/projects/v1/origins?projectId=airlock-demo")).body).toEqual({
        allowedOrigins: ["https://edited.example"]
      })
      expect((await call(second, `/v1/sessions/${alice}?projectId=airlock-demo`)).body).toMatchObject({
        pcis: [{ pci: "kept-pci", expiry: 42 }]
      })
      const events = (await call(second, "/sandbox/events?projectId=airlock-demo")).body as {
        events: Array<{ body: { eventId: string } }>
      }
      expect(events.events.map((e) => e.body.eventId)).toEqual(["kept-event"])
    } finally {
      await second.stop()
    }
  })

  it("migrates an empty data dir and seeds the demo and failure-mode projects", async () => {
    const fresh = await startTestApi()
    try {
      const list = (await call(fresh, "/sandbox/projects")).body as { projects: Array<{ id: string; mode: string }> }
      expect(list.projects.map((p) => p.id)).toEqual(
        expect.arrayContaining(["airlock-demo", "sandbox-rate-limited", "sandbox-server-error", "sandbox-invalid-key"])
      )
      expect(await migrationVersion(fresh.db.sql, apiComponent)).toBe(2)
    } finally {
      await fresh.stop()
      removeDir(fresh.dir)
    }
  })
})
