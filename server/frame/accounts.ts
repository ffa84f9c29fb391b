/**
 * What every login flow of the secure site shares: the binding a login is made for, input checks, mailing codes, the
 * users (each with an EOA key made on first login) and the sessions a login ends in.
 */
import { randomUUID } from "node:crypto"
import type { Hex } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { isEmail } from "../../core/schema/checks.ts"
import type { Kv } from "../shared/kv.ts"
import { FrameHttpError, type OneTimeCode, randomId } from "./codes.ts"
import type { FrameLimiters } from "./limits.ts"
import type { FrameStore, FrameUserRow } from "./store.ts"

/** How long a session lasts, in ms: 7 days. */
export const sessionLifetimeMs = 7 * 24 * 60 * 60 * 1000

/** A device id as the frame makes it: 32 lower-case hex characters. */
export const deviceIdPattern = /^[0-9a-f]{32}$/

/**
 * What a login is bound to: the project the frame was loaded for and the embedding app's origin, which the frame
 * establishes itself (the origin it accepts messages from, checked against the project's allowed origins).
 */
export interface FrameBinding {
  readonly projectId: string
  readonly appOrigin: string
}

/** A session the frame keeps: its token, and the user it signs in. */
export interface LoginResult {
  readonly token: string
  readonly user: FrameUserRow
}

/** Whether two bindings are the same project and app origin. */
export const sameBinding = (a: FrameBinding, b: FrameBinding): boolean =>
  a.projectId === b.projectId && a.appOrigin === b.appOrigin

/** A trimmed, lower-cased email; a 400 for anything that is not one. */
export const normalizeEmail = (email: string): string => {
  const trimmed = email.trim()
  if (!isEmail(trimmed)) throw new FrameHttpError(400, "Invalid email")
  return trimmed.toLowerCase()
}

/** A device id as the frame makes it (see {@link deviceIdPattern}); a 400 otherwise. */
export const checkDevice = (deviceId: string): string => {
  if (!deviceIdPattern.test(deviceId)) throw new FrameHttpError(400, "Invalid device id")
  return deviceId
}

/**
 * A username the stand-ins accept: 1 to 64 printable characters, trimmed; anything else is a 400.
 * @example
 * ```ts
 * checkUsername("  ada#0 ") // "ada#0"
 * ```
 */
export const checkUsername = (username: string): string => {
  const trimmed = username.trim()
  if (trimmed.length === 0 || trimmed.length > 64 || /\p{Cc}/u.test(trimmed))
    throw new FrameHttpError(400, "A username is 1 to 64 printable characters")
  return trimmed
}

/** Options of {@link makeAccounts}. */
export interface AccountsOptions {
  readonly store: FrameStore
  readonly now: () => number
  /** Runs before a login answers (funds the user's accounts on the local chains). */
  readonly onLogin?: ((user: FrameUserRow) => Promise<void>) | undefined
  /** Delivers a code by email; without it, codes go to the store's mailbox. */
  readonly mail?:
    | ((mail: { readonly to: string; readonly subject: string; readonly body: string }) => Promise<void>)
    | undefined
}

/**
 * Users, sessions and code mails over the site's store.
 * @example
 * ```ts
 * import type { FrameStore } from "./store.ts"
 * declare const store: FrameStore
 * declare const token: string
 * declare const binding: FrameBinding
 * const accounts = makeAccounts({ store, now: Date.now })
 * const { user } = await accounts.userOf(token, binding) // or a 401
 * ```
 */
export const makeAccounts = (options: AccountsOptions) => {
  const { store, now } = options

  const mailCode = async (to: string, code: OneTimeCode, purpose: string, note = "") => {
    const subject = `${code.value} is your Airlock code`
    const body = `${note}Your code to ${purpose} is ${code.value}. It expires in 10 minutes and works once.`
    if (options.mail === undefined)
      return void (await store.mailbox.add({ to, subject, body, code: code.value, link: null, sentAt: now() }))
    try {
      await options.mail({ to, subject, body })
    } catch {
      // The code is never in the answer or the log: the user asks again once the mail service is back.
      throw new FrameHttpError(503, "The code could not be sent: try again in a moment")
    }
  }

  const createUser = async (fields: Pick<FrameUserRow, "email" | "provider" | "username">): Promise<FrameUserRow> => {
    const privateKey: Hex = generatePrivateKey()
    const user: FrameUserRow = {
      id: randomUUID(),
      ...fields,
      privateKey,
      address: privateKeyToAccount(privateKey).address,
      preferredAccountType: "smartAccount",
      createdAt: now()
    }
    await store.users.insert(user)
    return user
  }

  /** The user `find` finds, else a new one; of two first logins of one identity at once, both get the one stored. */
  const findOrCreate = async (
    find: () => Promise<FrameUserRow | undefined>,
    fields: Pick<FrameUserRow, "email" | "provider" | "username">
  ): Promise<FrameUserRow> => {
    const found = await find()
    if (found !== undefined) return found
    try {
      return await createUser(fields)
    } catch (error) {
      // A unique email or identity another request stored a moment ago: that user is this login's.
      const raced = await find()
      if (raced !== undefined) return raced
      throw error
    }
  }

  const startSession = async (user: FrameUserRow, deviceId: string, binding: FrameBinding): Promise<LoginResult> => {
    await store.devices.approve(user.id, deviceId, now())
    const token = randomId(32)
    await store.sessions.put(token, {
      userId: user.id,
      deviceId,
      projectId: binding.projectId,
      appOrigin: binding.appOrigin,
      createdAt: now(),
      expiresAt: now() + sessionLifetimeMs,
      revokedAt: null
    })
    await options.onLogin?.(user)
    return { token, user }
  }

  /** The user of a live session made for `binding`, or a 401 (a session of another project or origin included). */
  const userOf = async (
    token: string | undefined,
    binding: FrameBinding
  ): Promise<{ user: FrameUserRow; deviceId: string }> => {
    const session = token === undefined || token === "" ? undefined : await store.sessions.get(token)
    const user = session === undefined ? undefined : await store.users.byId(session.userId)
    if (
      session === undefined ||
      user === undefined ||
      session.revokedAt !== null ||
      now() >= session.expiresAt ||
      !sameBinding(session, binding)
    )
      throw new FrameHttpError(401, "Not signed in")
    return { user, deviceId: session.deviceId }
  }

  return { mailCode, findOrCreate, startSession, userOf }
}

/** The helpers made by {@link makeAccounts}. */
export type Accounts = ReturnType<typeof makeAccounts>

/** What each login flow (email, email update, social, Farcaster) is made with. */
export interface AuthContext {
  readonly store: FrameStore
  /** The shared store pending steps live on. */
  readonly kv: Kv
  readonly now: () => number
  /** The secure site's origin, for links in mails and redirects. */
  readonly origin: () => string
  readonly limiters: FrameLimiters
  readonly accounts: Accounts
}
