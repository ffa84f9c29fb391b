/**
 * How the secure site is started and what a running one offers: {@link StartFrameOptions}, {@link FrameServer}, and
 * the checks on its public origin.
 */
import type { ApiDb } from "../api/db.ts"
import type { Projects } from "../api/projects.ts"
import type { Kv } from "../shared/kv.ts"
import type { Sql } from "../store/sql.ts"
import type { Auth } from "./auth.ts"
import type { FrameChain, FrameFunding } from "./funding.ts"
import type { FrameLimits } from "./limits.ts"
import type { FrameStore } from "./store.ts"

/** Options of `startFrame`. */
export interface StartFrameOptions {
  /** Port on 127.0.0.1; 0 picks a free one. @default 0 */
  readonly port?: number
  /** Where the site keeps its PGlite database (`${dataDir}/frame-pg`) when no `sql` is given. */
  readonly dataDir: string
  /**
   * The database (users, keys, sessions, mailbox): the one the API uses, so one PGlite folder has one owner. `stop()`
   * leaves it open. Without it the site opens its own PGlite in `${dataDir}/frame-pg` and closes it on stop.
   */
  readonly sql?: Sql | undefined
  /**
   * The 32-byte key users' EOA keys are encrypted with at rest (64 hex characters or base64):
   * `AIRLOCK_KEY_ENCRYPTION_KEY` in a deployment; the sandbox passes `developmentKeyEncryptionKey`.
   */
  readonly keyEncryptionKey: string
  /** The API's projects: which origins may embed the frame. */
  readonly projects: Pick<Projects, "get">
  /** The EVM chains the frame reaches (smart accounts where a chain names its factory). @default [] */
  readonly chains?: ReadonlyArray<FrameChain>
  /**
   * Runs at each login before it answers, with the user's EVM address: the sandbox funds new users on its local
   * chains (`sandbox/chain/funding.ts`). @default none
   */
  readonly funding?: FrameFunding | undefined
  /** The server's clock, unix ms (codes expire by it). @default Date.now */
  readonly now?: () => number
  /** How long a long-poll waits before it answers "pending", in ms. @default 25000 */
  readonly longPollMs?: number
  /** The limits on starting sign-ins and answering codes (per email, per client IP). @default defaultFrameLimits */
  readonly limits?: Partial<FrameLimits>
  /**
   * The secure site's origin as browsers reach it (`https://wallet.example.com` behind a TLS proxy). Its JSON routes
   * answer only calls whose `Origin` is this one, which is what binds sessions to the secure origin; mails and
   * redirects link to it. @default `http://127.0.0.1:<port>`
   */
  readonly publicOrigin?: string | undefined
  /**
   * Where pending logins (codes and their tries, social and Farcaster steps) and the sign-in limits' counts live, and
   * long-polls are woken: give every instance behind a load balancer the same shared store (`createRedisKv`), so a
   * login may continue on any of them and each limit holds across them. The caller closes it. @default memory
   */
  readonly kv?: Kv | undefined
  /** Interface to listen on. @default "127.0.0.1" */
  readonly host?: string | undefined
  /**
   * Proxies in front of the site whose `x-forwarded-for` is believed: behind a load balancer the socket's address is
   * the balancer's, and every user would share one sign-in budget. @default 0 (the socket's address)
   */
  readonly trustProxy?: number | undefined
  /**
   * The sandbox's stand-in pages: the mailbox (`/`, `/mailbox`, `/mailbox/messages`), the social consent pages and
   * the Farcaster approval page, where anyone signs in as anyone. The production server turns them off: social and
   * Farcaster starts then answer 404, and codes go out through `mail`. @default true
   */
  readonly sandboxPages?: boolean | undefined
  /** Delivers login codes by email; without it they go to the mailbox (sandbox). */
  readonly mail?:
    | ((mail: { readonly to: string; readonly subject: string; readonly body: string }) => Promise<void>)
    | undefined
  /**
   * The API's smart-session store (`api.db.sessions`): a session the frame grants or revokes on chain is recorded
   * there, so `GET /v1/sessions/{address}` lists it. Without it the frame still grants on chain, and records nothing.
   */
  readonly smartSessions?: Pick<ApiDb["sessions"], "get" | "put" | "revoke"> | undefined
}

/** A running secure site. */
export interface FrameServer {
  /** `http://127.0.0.1:PORT`, no trailing slash: the app's `endpoints.frame`. */
  readonly url: string
  readonly port: number
  /** The store, for tests that look underneath (a user's key, the mailbox). */
  readonly store: FrameStore
  readonly auth: Auth
  /** Closes the server (dropping open connections and long-polls) and the store. Safe to call twice. */
  readonly stop: () => Promise<void>
}

/**
 * Refuses a `publicOrigin` that is not a bare origin (scheme, host and port only, as `URL.origin` spells it), or
 * that is plain http anywhere but loopback: browsers would not treat such a site as secure.
 * @example
 * ```ts
 * checkPublicOrigin("https://wallet.example.com") // ok; "https://wallet.example.com/" throws
 * ```
 */
export const checkPublicOrigin = (value: string): void => {
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {}
  if (url === undefined || url.origin !== value)
    throw new Error(`publicOrigin must be a bare origin such as https://wallet.example.com, got ${value.slice(0, 100)}`)
  if (url.protocol !== "https:" && !["127.0.0.1", "localhost", "[::1]"].includes(url.hostname))
    throw new Error(`publicOrigin must use https outside loopback, got ${value.slice(0, 100)}`)
}
