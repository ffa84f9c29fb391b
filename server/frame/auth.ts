/**
 * The secure site's logins: email codes (`emailLogin.ts`), email update (`emailUpdate.ts`), the social stand-ins'
 * codes (`social.ts`) and the Farcaster stand-in's channels (`farcaster.ts`), and the sessions they end in
 * (`accounts.ts`). Users (each with an EOA key made on first login, encrypted at rest) and sessions are stored in the
 * site's tables (`store.ts`); pending steps and the limits' counts live on the shared store (`../shared/kv.ts`:
 * memory, or Redis shared by every instance), bounded, and expire.
 *
 * Every login, pending step and session is bound to a {@link FrameBinding}: the project and the embedding app's origin
 * the frame established. A request under another binding finds no login ("Not signed in"), so a page of another
 * origin, or one that embeds the frame with another project id, starts signed out.
 *
 * DEVELOPMENT STAND-INS: the social and Farcaster logins take the username typed on their page as the identity, with
 * no password and no provider behind them. Anyone can sign in as any social or Farcaster user. Never deploy them.
 */
import type { Hex } from "viem"
import { createMemoryKv, type Kv } from "../shared/kv.ts"
import { type AuthContext, type FrameBinding, makeAccounts } from "./accounts.ts"
import { codeLifetimeMs } from "./codes.ts"
import { makeEmailLogin } from "./emailLogin.ts"
import { makeEmailUpdate } from "./emailUpdate.ts"
import { defaultLongPollMs, makeFarcaster } from "./farcaster.ts"
import { defaultFrameLimits, type FrameLimits, makeFrameLimiters } from "./limits.ts"
import { makeSocial } from "./social.ts"
import type { FrameAccountType, FrameStore, FrameUserRow } from "./store.ts"

export {
  checkUsername,
  deviceIdPattern,
  type FrameBinding,
  type LoginResult,
  sessionLifetimeMs
} from "./accounts.ts"
export type { ConnectEmailAction } from "./emailLogin.ts"
export type { UpdateEmailAction } from "./emailUpdate.ts"
export { defaultLongPollMs } from "./farcaster.ts"
export { defaultFrameLimits, type FrameLimits } from "./limits.ts"
export { type FrameSocialProvider, frameSocialProviders } from "./social.ts"

/** Options of {@link makeAuth}. */
export interface AuthOptions {
  readonly store: FrameStore
  /** The clock, unix ms; tests pass one they move. */
  readonly now: () => number
  /** The secure site's origin, for links in mails and redirects. */
  readonly origin: () => string
  /** Runs before a login answers (funds the user's accounts on the local chains). */
  readonly onLogin?: (user: FrameUserRow) => Promise<void>
  /** How long a long-poll waits before answering "pending". @default 25000 */
  readonly longPollMs?: number
  /** The server's limits on starting sign-ins. @default defaultFrameLimits */
  readonly limits?: Partial<FrameLimits>
  /**
   * Where pending logins and the limits' counts live and long-polls are woken; one shared store for every instance,
   * so each limit holds across them. @default memory
   */
  readonly kv?: Kv
  /**
   * Delivers a code by email (the production server's mail service). Without it, codes go to the store's mailbox,
   * the sandbox's stand-in inbox.
   */
  readonly mail?: (mail: { readonly to: string; readonly subject: string; readonly body: string }) => Promise<void>
}

/** The logins of the secure site. */
export type Auth = ReturnType<typeof makeAuth>

/**
 * The secure site's logins over its store.
 * @example
 * ```ts
 * import type { Sql } from "../store/sql.ts"
 * import { openFrameStore } from "./store.ts"
 * declare const sql: Sql
 * declare const keyEncryptionKey: string
 * declare const deviceId: string
 * const auth = makeAuth({ store: await openFrameStore(sql, { keyEncryptionKey }), now: Date.now, origin: () => "http://127.0.0.1:4410" })
 * const binding = { projectId: "airlock-demo", appOrigin: "http://localhost:5173" }
 * const { action, loginId } = await auth.connectEmail({ email: "ada@example.com", deviceId, binding, client: "127.0.0.1" })
 * ```
 */
export const makeAuth = (options: AuthOptions) => {
  const { store, now } = options
  const kv = options.kv ?? createMemoryKv({ now })
  const limits: FrameLimits = { ...defaultFrameLimits, ...options.limits }
  const accounts = makeAccounts({ store, now, onLogin: options.onLogin, mail: options.mail })
  const context: AuthContext = {
    store,
    kv,
    now,
    origin: options.origin,
    limiters: makeFrameLimiters(kv, limits, now, codeLifetimeMs),
    accounts
  }
  const { stop, ...farcaster } = makeFarcaster(context, options.longPollMs ?? defaultLongPollMs)
  const { userOf } = accounts

  return {
    ...makeEmailLogin(context),
    ...makeEmailUpdate(context),
    ...makeSocial(context),
    ...farcaster,

    /** The user of a live session of this binding; 401 otherwise. */
    session: async (token: string | undefined, binding: FrameBinding): Promise<FrameUserRow> =>
      (await userOf(token, binding)).user,

    /** Ends a session. */
    signOut: async (token: string | undefined, binding: FrameBinding): Promise<void> => {
      await userOf(token, binding)
      await store.sessions.revoke(token!, now())
    },

    /** The EOA key of a live session's user, for its own binding only: for the frame's own signing, never the app. */
    key: async (token: string | undefined, binding: FrameBinding): Promise<Hex> =>
      (await userOf(token, binding)).user.privateKey,

    setPreferred: async (
      token: string | undefined,
      binding: FrameBinding,
      type: FrameAccountType
    ): Promise<FrameUserRow> => {
      const { user } = await userOf(token, binding)
      await store.users.setPreferred(user.id, type)
      return { ...user, preferredAccountType: type }
    },

    /** Answers every parked long-poll (before the server closes). */
    stop
  }
}
