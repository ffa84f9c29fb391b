/**
 * The secure site's own store: the embedded wallet's users (each one's EOA key encrypted at rest), the devices each
 * has approved, login sessions and the local mailbox, in Postgres tables (PGlite in process, or a real Postgres) next
 * to the API's. Only the frame server opens it; nothing in it is ever served to the app's window.
 */
import { createHash } from "node:crypto"
import { type MigrationStep, migrate } from "../store/migrate.ts"
import { parseSealKey, seal, unseal } from "../store/seal.ts"
import type { Sql } from "../store/sql.ts"
import { codeLifetimeMs } from "./codes.ts"

/** The component name the secure site's migrations are recorded under in `airlock_migrations`. */
export const frameComponent = "frame"

/**
 * The sandbox's key encryption key: a FIXED DEVELOPMENT KEY, public in this source, so a local data dir opens on every
 * run. It protects nothing; a deployment sets its own secret `AIRLOCK_KEY_ENCRYPTION_KEY` (32 random bytes, hex or
 * base64, e.g. `openssl rand -hex 32`).
 */
export const developmentKeyEncryptionKey = "a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1"

// Each entry moves the schema one version up (`airlock_migrations` records how far a database got). Tables carry a
// `frame_` prefix: they share a database with the API's. `private_key` holds the sealed key (`v1.<iv>.<tag>.<ct>`).
const migrations: ReadonlyArray<MigrationStep> = [
  [
    `CREATE TABLE frame_users (
       id TEXT PRIMARY KEY,
       email TEXT UNIQUE,
       provider TEXT,
       username TEXT,
       private_key TEXT NOT NULL,
       address TEXT NOT NULL,
       preferred_account_type TEXT NOT NULL,
       created_at BIGINT NOT NULL
     )`,
    "CREATE UNIQUE INDEX frame_users_by_identity ON frame_users (provider, username)",
    `CREATE TABLE frame_devices (
       user_id TEXT NOT NULL,
       device_id TEXT NOT NULL,
       approved_at BIGINT NOT NULL,
       PRIMARY KEY (user_id, device_id)
     )`,
    `CREATE TABLE frame_sessions (
       token_hash TEXT PRIMARY KEY,
       user_id TEXT NOT NULL,
       device_id TEXT NOT NULL,
       project_id TEXT NOT NULL,
       app_origin TEXT NOT NULL,
       created_at BIGINT NOT NULL,
       expires_at BIGINT NOT NULL,
       revoked_at BIGINT
     )`,
    `CREATE TABLE frame_mailbox (
       id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
       recipient TEXT NOT NULL,
       subject TEXT NOT NULL,
       body TEXT NOT NULL,
       code TEXT,
       link TEXT,
       sent_at BIGINT NOT NULL
     )`,
    "CREATE INDEX frame_mailbox_by_recipient ON frame_mailbox (recipient, id)",
    // The trim on every insert looks for old messages by time: found (or not) at once, however many are kept.
    "CREATE INDEX frame_mailbox_by_sent_at ON frame_mailbox (sent_at)"
  ],
  // A session whose HttpOnly cookie came back once is bound to it: its token alone no longer answers.
  ["ALTER TABLE frame_sessions ADD COLUMN cookie_bound BOOLEAN NOT NULL DEFAULT false"]
]

/** The embedded wallet's account types (SPEC §6). */
export type FrameAccountType = "eoa" | "smartAccount"

/** A stored user. */
export interface FrameUserRow {
  readonly id: string
  /** Lower-cased email of an email login (or one added later by update-email); null for a social-only user. */
  readonly email: string | null
  /** `google`, `github`, …, `farcaster` for a social login; null for an email login. */
  readonly provider: string | null
  readonly username: string | null
  /** The EOA's key: leaves this store only through the key route, to an authenticated frame. */
  readonly privateKey: `0x${string}`
  /** The EOA's checksummed address. */
  readonly address: `0x${string}`
  readonly preferredAccountType: FrameAccountType
  /** Unix ms. */
  readonly createdAt: number
}

/** A stored login session. */
export interface FrameSessionRow {
  readonly userId: string
  readonly deviceId: string
  /** The project the login was made through: a frame of another project reads the session as signed out. */
  readonly projectId: string
  /** The embedding app's origin the login was made for: a frame embedded by another origin reads it as signed out. */
  readonly appOrigin: string
  /** Unix ms. */
  readonly createdAt: number
  /** Unix ms. */
  readonly expiresAt: number
  /** Unix ms, or null while active. */
  readonly revokedAt: number | null
  /** Whether the browser sent the session's HttpOnly cookie back once: from then on every call must carry it. */
  readonly cookieBound?: boolean
}

/** One message of the local mailbox. */
export interface MailRow {
  readonly id: number
  /** Lower-cased recipient address. */
  readonly to: string
  readonly subject: string
  readonly body: string
  /** The one-time code the message carries, if any. */
  readonly code: string | null
  /** The link the message carries (device approval), if any. */
  readonly link: string | null
  /** Unix ms. */
  readonly sentAt: number
}

/**
 * Mailbox messages kept beyond the live ones: past this count, messages older than a code's lifetime (whose code no
 * longer works) are dropped as new ones arrive. A message younger than that is never dropped, so a flood of mails to
 * other addresses cannot take away someone's pending code (the pending-login limits bound how many there are).
 */
export const maxMailboxMessages = 1000

/** Typed access to the secure site's tables. */
export interface FrameStore {
  readonly users: {
    byId(id: string): Promise<FrameUserRow | undefined>
    byEmail(email: string): Promise<FrameUserRow | undefined>
    byIdentity(provider: string, username: string): Promise<FrameUserRow | undefined>
    insert(row: FrameUserRow): Promise<void>
    setEmail(id: string, email: string): Promise<void>
    setPreferred(id: string, type: FrameAccountType): Promise<void>
  }
  readonly devices: {
    isApproved(userId: string, deviceId: string): Promise<boolean>
    approve(userId: string, deviceId: string, now: number): Promise<void>
  }
  readonly sessions: {
    /** Stores a session under the hash of its token (the token itself is never stored). */
    put(token: string, row: FrameSessionRow): Promise<void>
    get(token: string): Promise<FrameSessionRow | undefined>
    revoke(token: string, now: number): Promise<void>
    /** Binds a session to its cookie (see {@link FrameSessionRow.cookieBound}). */
    bindCookie(token: string): Promise<void>
  }
  readonly mailbox: {
    add(mail: Omit<MailRow, "id">): Promise<MailRow>
    /** Newest first; one recipient's, or everyone's. */
    list(to?: string): Promise<ReadonlyArray<MailRow>>
  }
}

/** Options of {@link openFrameStore}. */
export interface FrameStoreOptions {
  /**
   * The 32-byte key (64 hex characters or base64) user keys are encrypted with: `AIRLOCK_KEY_ENCRYPTION_KEY` in a
   * deployment, {@link developmentKeyEncryptionKey} in the sandbox. A malformed one throws `InvalidEncryptionKeyError`.
   */
  readonly keyEncryptionKey: string
}

type Row = Record<string, unknown>

const tokenHash = (token: string): string => createHash("sha256").update(token).digest("hex")

const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value))

const toMail = (row: Row): MailRow => ({
  id: Number(row.id),
  to: String(row.recipient),
  subject: String(row.subject),
  body: String(row.body),
  code: str(row.code),
  link: str(row.link),
  sentAt: Number(row.sent_at)
})

/**
 * Migrates the secure site's tables on `sql` and returns typed access to them. A user row read with another key than
 * the one it was written with throws `DecryptionError` (never a wrong key). Closing `sql` is the caller's business.
 * @example
 * ```ts
 * import type { Sql } from "../store/sql.ts"
 * declare const sql: Sql
 * const store = await openFrameStore(sql, { keyEncryptionKey: process.env.AIRLOCK_KEY_ENCRYPTION_KEY ?? "" })
 * await store.mailbox.list("ada@example.com")
 * ```
 */
export const openFrameStore = async (sql: Sql, options: FrameStoreOptions): Promise<FrameStore> => {
  const key = parseSealKey(options.keyEncryptionKey)
  await migrate(sql, frameComponent, migrations)
  const toUser = (row: Row): FrameUserRow => ({
    id: String(row.id),
    email: str(row.email),
    provider: str(row.provider),
    username: str(row.username),
    // The user id is the additional data: a sealed key copied onto another user's row does not open there.
    privateKey: unseal(key, String(row.private_key), String(row.id)) as `0x${string}`,
    address: String(row.address) as `0x${string}`,
    preferredAccountType: row.preferred_account_type === "eoa" ? "eoa" : "smartAccount",
    createdAt: Number(row.created_at)
  })
  const user = async (text: string, params: ReadonlyArray<unknown>) => {
    const [row] = await sql.query<Row>(text, params)
    return row === undefined ? undefined : toUser(row)
  }
  return {
    users: {
      byId: (id) => user("SELECT * FROM frame_users WHERE id = $1", [id]),
      byEmail: (email) => user("SELECT * FROM frame_users WHERE email = $1", [email.toLowerCase()]),
      byIdentity: (provider, username) =>
        user("SELECT * FROM frame_users WHERE provider = $1 AND username = $2", [provider, username]),
      insert: async (row) => {
        await sql.query(
          "INSERT INTO frame_users (id, email, provider, username, private_key, address, preferred_account_type, " +
            "created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
          [
            row.id,
            row.email?.toLowerCase() ?? null,
            row.provider,
            row.username,
            seal(key, row.privateKey, row.id),
            row.address,
            row.preferredAccountType,
            row.createdAt
          ]
        )
      },
      setEmail: async (id, email) => {
        await sql.query("UPDATE frame_users SET email = $1 WHERE id = $2", [email.toLowerCase(), id])
      },
      setPreferred: async (id, type) => {
        await sql.query("UPDATE frame_users SET preferred_account_type = $1 WHERE id = $2", [type, id])
      }
    },
    devices: {
      isApproved: async (userId, deviceId) =>
        (await sql.query("SELECT 1 FROM frame_devices WHERE user_id = $1 AND device_id = $2", [userId, deviceId]))
          .length > 0,
      approve: async (userId, deviceId, now) => {
        await sql.query(
          "INSERT INTO frame_devices (user_id, device_id, approved_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
          [userId, deviceId, now]
        )
      }
    },
    sessions: {
      put: async (token, row) => {
        await sql.query(
          "INSERT INTO frame_sessions " +
            "(token_hash, user_id, device_id, project_id, app_origin, created_at, expires_at, revoked_at) " +
            "VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (token_hash) DO UPDATE SET " +
            "user_id = excluded.user_id, device_id = excluded.device_id, project_id = excluded.project_id, " +
            "app_origin = excluded.app_origin, created_at = excluded.created_at, expires_at = excluded.expires_at, " +
            "revoked_at = excluded.revoked_at",
          [
            tokenHash(token),
            row.userId,
            row.deviceId,
            row.projectId,
            row.appOrigin,
            row.createdAt,
            row.expiresAt,
            row.revokedAt
          ]
        )
      },
      get: async (token) => {
        const [row] = await sql.query<Row>("SELECT * FROM frame_sessions WHERE token_hash = $1", [tokenHash(token)])
        if (row === undefined) return undefined
        return {
          userId: String(row.user_id),
          deviceId: String(row.device_id),
          projectId: String(row.project_id),
          appOrigin: String(row.app_origin),
          createdAt: Number(row.created_at),
          expiresAt: Number(row.expires_at),
          revokedAt: row.revoked_at === null ? null : Number(row.revoked_at),
          cookieBound: row.cookie_bound === true
        }
      },
      bindCookie: async (token) => {
        await sql.query("UPDATE frame_sessions SET cookie_bound = true WHERE token_hash = $1", [tokenHash(token)])
      },
      revoke: async (token, now) => {
        await sql.query("UPDATE frame_sessions SET revoked_at = $1 WHERE token_hash = $2 AND revoked_at IS NULL", [
          now,
          tokenHash(token)
        ])
      }
    },
    mailbox: {
      add: async (mail) => {
        const to = mail.to.toLowerCase()
        const [row] = await sql.query<Row>(
          "INSERT INTO frame_mailbox (recipient, subject, body, code, link, sent_at) " +
            "VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
          [to, mail.subject, mail.body, mail.code, mail.link, mail.sentAt]
        )
        const id = Number(row?.id)
        if (id > maxMailboxMessages)
          await sql.query("DELETE FROM frame_mailbox WHERE id <= $1 AND sent_at <= $2", [
            id - maxMailboxMessages,
            mail.sentAt - codeLifetimeMs
          ])
        return { ...mail, to, id }
      },
      list: async (to) =>
        (to === undefined
          ? await sql.query<Row>("SELECT * FROM frame_mailbox ORDER BY id DESC LIMIT 200")
          : await sql.query<Row>("SELECT * FROM frame_mailbox WHERE recipient = $1 ORDER BY id DESC LIMIT 200", [
              to.toLowerCase()
            ])
        ).map(toMail)
    }
  }
}
