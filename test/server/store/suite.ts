/**
 * The store behaviours every driver must show, as one suite run on PGlite (a temp folder) and on a real Postgres: the
 * API's tables, the secure site's tables with keys encrypted at rest, hostile values, reopening, and races.
 */
import { randomUUID } from "node:crypto"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { describe, expect, it } from "vitest"
import { openApiDb } from "../../../server/api/db.ts"
import { developmentKeyEncryptionKey, type FrameUserRow, openFrameStore } from "../../../server/frame/store.ts"
import { DecryptionError, InvalidEncryptionKeyError } from "../../../server/store/seal.ts"
import type { Sql } from "../../../server/store/sql.ts"

/** A database the suite can open (again) and look into. */
export interface StoreTarget {
  /** Opens a new connection to the same database. */
  readonly open: () => Promise<Sql>
}

const hostile = [
  "'; DROP TABLE frame_users;--",
  "Robert'); DROP TABLE projects; --",
  "$1 $2 \\x00 %s %n $(id) `id`",
  'quote " and \\" backslash \\',
  "ünïcödé ✓ 😀 \u202e reversed",
  "a".repeat(5000)
]

const newUser = (fields: Partial<FrameUserRow> = {}): FrameUserRow => {
  const privateKey = generatePrivateKey()
  return {
    id: randomUUID(),
    email: `${randomUUID()}@example.com`,
    provider: null,
    username: null,
    privateKey,
    address: privateKeyToAccount(privateKey).address,
    preferredAccountType: "smartAccount",
    createdAt: 1_767_225_600_000,
    ...fields
  }
}

const otherKey = "b2".repeat(32)

/** The suite, on `target`; each test takes unique ids, so tests share one database. */
export const storeSuite = (target: () => StoreTarget) => {
  const withSql = async <T>(run: (sql: Sql) => Promise<T>): Promise<T> => {
    const sql = await target().open()
    try {
      return await run(sql)
    } finally {
      await sql.close()
    }
  }

  describe("the API store", () => {
    it("stores projects, sessions, analytics and names and reads them back after a reopen", async () => {
      const id = `p-${randomUUID()}`
      const address = "0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
      await withSql(async (sql) => {
        const db = await openApiDb(sql)
        await db.projects.put(id, { id, mode: "ok", nested: { list: [1, 2] } }, 1)
        await db.projects.put(id, { id, mode: "rate-limited" }, 2)
        await db.sessions.put({
          pci: `${id}-pci`,
          projectId: id,
          address,
          chainId: "eip155:1",
          createdAt: 1_767_225_600_000,
          expiry: 4_102_444_800,
          permissions: { policies: [] },
          revokedAt: null
        })
        await db.sessions.revoke(`${id}-pci`, 1_767_225_700_000)
        expect(await db.analytics.add(id, { eventId: "a" }, 5)).toBeGreaterThan(0)
        await db.analytics.add(id, { eventId: "b" }, 6)
        expect(await db.names.add({ name: `${id}.airlock.id`, address, coinType: 60, registeredAt: 7 })).toBe(true)
      })
      await withSql(async (sql) => {
        const db = await openApiDb(sql)
        expect(await db.projects.get(id)).toEqual({ id, mode: "rate-limited" })
        expect((await db.projects.list()).filter((p) => p.id === id)).toHaveLength(1)
        expect(await db.sessions.byAddress(id, address.toUpperCase().replace("0X", "0x"))).toEqual([
          {
            pci: `${id}-pci`,
            projectId: id,
            address: address.toLowerCase(),
            chainId: "eip155:1",
            createdAt: 1_767_225_600_000,
            expiry: 4_102_444_800,
            permissions: { policies: [] },
            revokedAt: 1_767_225_700_000
          }
        ])
        expect((await db.analytics.byProject(id)).map((row) => [row.body, row.receivedAt])).toEqual([
          [{ eventId: "a" }, 5],
          [{ eventId: "b" }, 6]
        ])
        expect(await db.names.get(`${id.toUpperCase()}.AIRLOCK.ID`)).toMatchObject({ address, coinType: 60 })
        expect((await db.names.byAddress(address.toLowerCase())).map((row) => row.name)).toEqual([`${id}.airlock.id`])
        expect([...(await db.names.taken([`${id}.airlock.id`, `${id}x.airlock.id`]))]).toEqual([`${id}.airlock.id`])
      })
    })

    it("gives a name to exactly one of two concurrent registrations", async () => {
      await withSql(async (sql) => {
        const db = await openApiDb(sql)
        for (let round = 0; round < 5; round++) {
          const name = `race-${randomUUID()}.airlock.id`
          const results = await Promise.all(
            ["0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"].map(
              (address) => db.names.add({ name, address, coinType: 60, registeredAt: round })
            )
          )
          expect(results.filter(Boolean)).toHaveLength(1)
        }
      })
    })

    it("stores SQL-like and odd strings verbatim", async () => {
      await withSql(async (sql) => {
        const db = await openApiDb(sql)
        for (const value of hostile) {
          const id = `${value}-${randomUUID()}`
          await db.projects.put(id, { note: value }, 1)
          expect(await db.projects.get(id)).toEqual({ note: value })
          await db.analytics.add(id, { value }, 1)
          expect((await db.analytics.byProject(id)).map((row) => row.body)).toEqual([{ value }])
        }
        const [row] = await sql.query<{ n: number }>("SELECT count(*)::int AS n FROM projects")
        expect(row?.n).toBeGreaterThan(0)
      })
    })
  })

  describe("the secure site's store", () => {
    it("keeps users, devices, sessions and mail across a reopen, with keys that decrypt to what was stored", async () => {
      const user = newUser({ email: `Ada.${randomUUID()}@Example.com` })
      const social = newUser({ email: null, provider: "github", username: `ada-${randomUUID()}` })
      const token = randomUUID()
      await withSql(async (sql) => {
        const store = await openFrameStore(sql, { keyEncryptionKey: developmentKeyEncryptionKey })
        await store.users.insert(user)
        await store.users.insert(social)
        await store.users.setPreferred(user.id, "eoa")
        await store.devices.approve(user.id, "device-1", 10)
        await store.devices.approve(user.id, "device-1", 11)
        await store.sessions.put(token, {
          userId: user.id,
          deviceId: "device-1",
          projectId: "airlock-demo",
          appOrigin: "http://localhost:5173",
          createdAt: 1,
          expiresAt: 2,
          revokedAt: null
        })
        await store.sessions.revoke(token, 3)
        const mail = await store.mailbox.add({
          to: user.email!,
          subject: "s",
          body: "b",
          code: "123456",
          link: null,
          sentAt: 4
        })
        expect(mail.to).toBe(user.email!.toLowerCase())
      })
      await withSql(async (sql) => {
        const store = await openFrameStore(sql, { keyEncryptionKey: developmentKeyEncryptionKey })
        const stored = { ...user, email: user.email!.toLowerCase(), preferredAccountType: "eoa" }
        expect(await store.users.byId(user.id)).toEqual(stored)
        expect(await store.users.byEmail(user.email!.toUpperCase())).toEqual(stored)
        expect(await store.users.byIdentity("github", social.username!)).toEqual(social)
        expect(await store.devices.isApproved(user.id, "device-1")).toBe(true)
        expect(await store.devices.isApproved(user.id, "device-2")).toBe(false)
        expect(await store.sessions.get(token)).toMatchObject({ userId: user.id, revokedAt: 3 })
        expect(await store.sessions.get(`${token}x`)).toBeUndefined()
        expect((await store.mailbox.list(user.email!)).map((m) => m.code)).toEqual(["123456"])
        // The session token itself is never stored, only its hash.
        const raw = await sql.query("SELECT * FROM frame_sessions WHERE user_id = $1", [user.id])
        expect(JSON.stringify(raw)).not.toContain(token)
      })
    })

    it("encrypts keys at rest: the column never holds the key, another key or another row's value fails typed", async () => {
      const [ada, bob] = [newUser(), newUser()]
      await withSql(async (sql) => {
        const store = await openFrameStore(sql, { keyEncryptionKey: developmentKeyEncryptionKey })
        await store.users.insert(ada)
        await store.users.insert(bob)
        const rows = await sql.query<{ id: string; private_key: string }>(
          "SELECT id, private_key FROM frame_users WHERE id = $1 OR id = $2",
          [ada.id, bob.id]
        )
        for (const row of rows) {
          expect(row.private_key).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/)
          for (const user of [ada, bob]) {
            expect(row.private_key).not.toContain(user.privateKey.slice(2))
            expect(row.private_key.toLowerCase()).not.toContain(user.privateKey.slice(2, 20))
          }
        }
        const wrong = await openFrameStore(sql, { keyEncryptionKey: otherKey })
        await expect(wrong.users.byId(ada.id)).rejects.toBeInstanceOf(DecryptionError)
        await expect(wrong.users.byEmail(ada.email!)).rejects.toThrow(/Cannot decrypt a stored secret/)

        // Ada's sealed key copied onto Bob's row does not open as Bob's.
        const adaSealed = rows.find((row) => row.id === ada.id)!.private_key
        await sql.query("UPDATE frame_users SET private_key = $1 WHERE id = $2", [adaSealed, bob.id])
        await expect(store.users.byId(bob.id)).rejects.toBeInstanceOf(DecryptionError)
        expect((await store.users.byId(ada.id))?.privateKey).toBe(ada.privateKey)

        await expect(openFrameStore(sql, { keyEncryptionKey: "too-short" })).rejects.toBeInstanceOf(
          InvalidEncryptionKeyError
        )
        // A base64 form of the same key opens the same rows.
        const base64 = Buffer.from(developmentKeyEncryptionKey, "hex").toString("base64")
        const same = await openFrameStore(sql, { keyEncryptionKey: base64 })
        expect((await same.users.byId(ada.id))?.privateKey).toBe(ada.privateKey)
      })
    })

    it("stores SQL-like and odd strings verbatim in every text field", async () => {
      await withSql(async (sql) => {
        const store = await openFrameStore(sql, { keyEncryptionKey: developmentKeyEncryptionKey })
        for (const value of hostile) {
          const user = newUser({ email: null, provider: value, username: `${value}-${randomUUID()}` })
          await store.users.insert(user)
          expect(await store.users.byIdentity(value, user.username!)).toEqual(user)
          const to = `${randomUUID()}${value}`.toLowerCase()
          await store.mailbox.add({ to, subject: value, body: value, code: null, link: value, sentAt: 1 })
          expect(await store.mailbox.list(to)).toMatchObject([{ to, subject: value, body: value, link: value }])
        }
        // the tables the hostile strings name are still there
        expect(await sql.query("SELECT count(*) AS n FROM frame_users")).toHaveLength(1)
      })
    })
  })

  describe("the connection", () => {
    it("keeps a transaction's statements apart from concurrent callers", async () => {
      await withSql(async (sql) => {
        const table = `t_${randomUUID().replaceAll("-", "")}`
        await sql.query(`CREATE TABLE ${table} (v TEXT NOT NULL)`)
        const failing = sql.transaction(async (tx) => {
          await tx.query(`INSERT INTO ${table} VALUES ('inside')`)
          await new Promise((resolve) => setImmediate(resolve))
          await tx.query(`INSERT INTO ${table} VALUES ('inside again')`)
          throw new Error("roll back")
        })
        const outside = sql.query(`INSERT INTO ${table} VALUES ('outside')`)
        await expect(failing).rejects.toThrow("roll back")
        await outside
        expect(await sql.query(`SELECT v FROM ${table}`)).toEqual([{ v: "outside" }])
        expect(await sql.transaction(async (tx) => tx.query(`SELECT count(*)::int AS n FROM ${table}`))).toEqual([
          { n: 1 }
        ])
      })
    })

    it("reports a failed statement as an error and stays usable", async () => {
      await withSql(async (sql) => {
        await expect(sql.query("SELECT * FROM no_such_table")).rejects.toThrow(/no_such_table/)
        expect(await sql.query("SELECT $1::text AS v", ["still here"])).toEqual([{ v: "still here" }])
      })
    })
  })
}
