/**
 * The secure site's own store: one SQLite file (`frame.db`) in the sandbox's data dir, apart from the API's, holding
 * the embedded wallet's users (with each one's EOA key), the devices each has approved, login sessions and the local
 * mailbox. Only the frame server opens it; nothing in it is ever served to the app's window.
 */
import { createHash } from "node:crypto"
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { migrate } from "../store/sqlite.ts"
import { codeLifetimeMs } from "./codes.ts"

// Each entry moves the schema one version up (`PRAGMA user_version` records how far a file got).
const migrations: ReadonlyArray<string> = [
  `CREATE TABLE users (
     id TEXT PRIMARY KEY,
     email TEXT UNIQUE,
     provider TEXT,
     username TEXT,
     private_key TEXT NOT NULL,
     address TEXT NOT NULL,
     preferred_account_type TEXT NOT NULL,
     created_at INTEGER NOT NULL
   );
   CREATE UNIQUE INDEX users_by_identity ON users (provider, username);
   CREATE TABLE devices (
     user_id TEXT NOT NULL,
     device_id TEXT NOT NULL,
     approved_at INTEGER NOT NULL,
     PRIMARY KEY (user_id, device_id)
   );
   CREATE TABLE sessions (
     token_hash TEXT PRIMARY KEY,
     user_id TEXT NOT NULL,
     device_id TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     expires_at INTEGER NOT NULL,
     revoked_at INTEGER
   );
   CREATE TABLE mailbox (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     recipient TEXT NOT NULL,
     subject TEXT NOT NULL,
     body TEXT NOT NULL,
     code TEXT,
     link TEXT,
     sent_at INTEGER NOT NULL
   );
   CREATE INDEX mailbox_by_recipient ON mailbox (recipient);`,
  // A session is bound to the project and the embedding app's origin it was made for; older sessions (bound to
  // nothing) match no frame and read as signed out.
  `ALTER TABLE sessions ADD COLUMN project_id TEXT NOT NULL DEFAULT '';
   ALTER TABLE sessions ADD COLUMN app_origin TEXT NOT NULL DEFAULT '';`
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

/** Typed access to `frame.db`. */
export interface FrameStore {
  readonly users: {
    byId(id: string): FrameUserRow | undefined
    byEmail(email: string): FrameUserRow | undefined
    byIdentity(provider: string, username: string): FrameUserRow | undefined
    insert(row: FrameUserRow): void
    setEmail(id: string, email: string): void
    setPreferred(id: string, type: FrameAccountType): void
  }
  readonly devices: {
    isApproved(userId: string, deviceId: string): boolean
    approve(userId: string, deviceId: string, now: number): void
  }
  readonly sessions: {
    /** Stores a session under the hash of its token (the token itself is never stored). */
    put(token: string, row: FrameSessionRow): void
    get(token: string): FrameSessionRow | undefined
    revoke(token: string, now: number): void
  }
  readonly mailbox: {
    add(mail: Omit<MailRow, "id">): MailRow
    /** Newest first; one recipient's, or everyone's. */
    list(to?: string): ReadonlyArray<MailRow>
  }
  close(): void
}

const tokenHash = (token: string): string => createHash("sha256").update(token).digest("hex")

const str = (value: unknown): string | null => (value === null || value === undefined ? null : String(value))

const toUser = (row: Record<string, unknown>): FrameUserRow => ({
  id: String(row.id),
  email: str(row.email),
  provider: str(row.provider),
  username: str(row.username),
  privateKey: String(row.private_key) as `0x${string}`,
  address: String(row.address) as `0x${string}`,
  preferredAccountType: row.preferred_account_type === "eoa" ? "eoa" : "smartAccount",
  createdAt: Number(row.created_at)
})

const toMail = (row: Record<string, unknown>): MailRow => ({
  id: Number(row.id),
  to: String(row.recipient),
  subject: String(row.subject),
  body: String(row.body),
  code: str(row.code),
  link: str(row.link),
  sentAt: Number(row.sent_at)
})

/**
 * Opens (creating and migrating on first use) `${dataDir}/frame.db`.
 * @example
 * ```ts
 * const store = openFrameStore("/tmp/airlock-sandbox")
 * store.mailbox.list("ada@example.com")
 * store.close()
 * ```
 */
export const openFrameStore = (dataDir: string): FrameStore => {
  mkdirSync(dataDir, { recursive: true })
  const db = new DatabaseSync(join(dataDir, "frame.db"))
  db.exec("PRAGMA journal_mode = WAL")
  db.exec("PRAGMA synchronous = NORMAL")
  migrate(db, migrations)
  const q = {
    userById: db.prepare("SELECT * FROM users WHERE id = ?"),
    userByEmail: db.prepare("SELECT * FROM users WHERE email = ?"),
    userByIdentity: db.prepare("SELECT * FROM users WHERE provider = ? AND username = ?"),
    insertUser: db.prepare(
      "INSERT INTO users (id, email, provider, username, private_key, address, preferred_account_type, created_at) " +
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    ),
    setEmail: db.prepare("UPDATE users SET email = ? WHERE id = ?"),
    setPreferred: db.prepare("UPDATE users SET preferred_account_type = ? WHERE id = ?"),
    deviceApproved: db.prepare("SELECT 1 AS ok FROM devices WHERE user_id = ? AND device_id = ?"),
    approveDevice: db.prepare("INSERT OR IGNORE INTO devices (user_id, device_id, approved_at) VALUES (?, ?, ?)"),
    putSession: db.prepare(
      "INSERT OR REPLACE INTO sessions " +
        "(token_hash, user_id, device_id, project_id, app_origin, created_at, expires_at, revoked_at) " +
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    ),
    getSession: db.prepare("SELECT * FROM sessions WHERE token_hash = ?"),
    revokeSession: db.prepare("UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL"),
    addMail: db.prepare(
      "INSERT INTO mailbox (recipient, subject, body, code, link, sent_at) VALUES (?, ?, ?, ?, ?, ?)"
    ),
    trimMail: db.prepare("DELETE FROM mailbox WHERE id <= ? AND sent_at <= ?"),
    mailFor: db.prepare("SELECT * FROM mailbox WHERE recipient = ? ORDER BY id DESC LIMIT 200"),
    mailAll: db.prepare("SELECT * FROM mailbox ORDER BY id DESC LIMIT 200")
  }
  const user = (row: unknown) => (row === undefined ? undefined : toUser(row as Record<string, unknown>))
  return {
    users: {
      byId: (id) => user(q.userById.get(id)),
      byEmail: (email) => user(q.userByEmail.get(email.toLowerCase())),
      byIdentity: (provider, username) => user(q.userByIdentity.get(provider, username)),
      insert: (row) =>
        void q.insertUser.run(
          row.id,
          row.email?.toLowerCase() ?? null,
          row.provider,
          row.username,
          row.privateKey,
          row.address,
          row.preferredAccountType,
          row.createdAt
        ),
      setEmail: (id, email) => void q.setEmail.run(email.toLowerCase(), id),
      setPreferred: (id, type) => void q.setPreferred.run(type, id)
    },
    devices: {
      isApproved: (userId, deviceId) => q.deviceApproved.get(userId, deviceId) !== undefined,
      approve: (userId, deviceId, now) => void q.approveDevice.run(userId, deviceId, now)
    },
    sessions: {
      put: (token, row) =>
        void q.putSession.run(
          tokenHash(token),
          row.userId,
          row.deviceId,
          row.projectId,
          row.appOrigin,
          row.createdAt,
          row.expiresAt,
          row.revokedAt
        ),
      get: (token) => {
        const row = q.getSession.get(tokenHash(token)) as Record<string, unknown> | undefined
        if (row === undefined) return undefined
        return {
          userId: String(row.user_id),
          deviceId: String(row.device_id),
          projectId: String(row.project_id),
          appOrigin: String(row.app_origin),
          createdAt: Number(row.created_at),
          expiresAt: Number(row.expires_at),
          revokedAt: row.revoked_at === null ? null : Number(row.revoked_at)
        }
      },
      revoke: (token, now) => void q.revokeSession.run(now, tokenHash(token))
    },
    mailbox: {
      add: (mail) => {
        const id = Number(
          q.addMail.run(mail.to.toLowerCase(), mail.subject, mail.body, mail.code, mail.link, mail.sentAt)
            .lastInsertRowid
        )
        if (id > maxMailboxMessages) q.trimMail.run(id - maxMailboxMessages, mail.sentAt - codeLifetimeMs)
        return { ...mail, to: mail.to.toLowerCase(), id }
      },
      list: (to) =>
        ((to === undefined ? q.mailAll.all() : q.mailFor.all(to.toLowerCase())) as Array<Record<string, unknown>>).map(
          toMail
        )
    },
    close: () => db.close()
  }
}
