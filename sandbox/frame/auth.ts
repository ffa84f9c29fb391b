/**
 * The secure site's logins: email codes with device approval, email update, the social stand-ins' codes and the
 * Farcaster stand-in's channels, and the sessions they end in. Users (each with an EOA key made on first login) and
 * sessions are stored in `frame.db`; pending steps live in memory, bounded, and expire after 10 minutes.
 */
import { randomUUID } from "node:crypto"
import type { Hex } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { isEmail } from "../../core/schema/checks.ts"
import {
  checkCode,
  codeLifetimeMs,
  FrameHttpError,
  makePendingTable,
  newCode,
  type OneTimeCode,
  randomId
} from "./codes.ts"
import type { FrameAccountType, FrameStore, FrameUserRow } from "./store.ts"

/** The social providers the stand-in serves (SPEC §5); Farcaster has its own flow. */
export const frameSocialProviders = ["google", "github", "apple", "facebook", "x", "discord"] as const
/** One of {@link frameSocialProviders}. */
export type FrameSocialProvider = (typeof frameSocialProviders)[number]

/** How long a session lasts, in ms: 7 days. */
export const sessionLifetimeMs = 7 * 24 * 60 * 60 * 1000

/** How long a long-poll (device approval, Farcaster) is held before it answers "still pending", in ms. */
export const defaultLongPollMs = 25_000

/** A device id as the frame makes it: 32 lower-case hex characters. */
export const deviceIdPattern = /^[0-9a-f]{32}$/

/** What connect-email asks the frame to do next (SPEC §4). */
export type ConnectEmailAction = "VERIFY_DEVICE" | "VERIFY_OTP" | "CONNECT"

/** What update-email asks next (SPEC §4). */
export type UpdateEmailAction = "VERIFY_PRIMARY_OTP" | "VERIFY_SECONDARY_OTP"

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
}

interface EmailLogin {
  readonly email: string
  readonly deviceId: string
  readonly expiresAt: number
  /** Set while the device waits for approval: the token of the mailbox link. */
  deviceToken: string | undefined
  code: OneTimeCode | undefined
}

interface EmailUpdate {
  readonly userId: string
  readonly newEmail: string
  readonly expiresAt: number
  stage: "primary" | "secondary"
  code: OneTimeCode
}

interface SocialState {
  readonly provider: FrameSocialProvider
  readonly appOrigin: string
  readonly appName: string
  readonly expiresAt: number
  /** The stand-in's authorization code once the user allowed, with the username they chose. */
  grant: { readonly code: string; readonly username: string } | undefined
}

interface FarcasterChannel {
  readonly appName: string
  readonly expiresAt: number
  username: string | undefined
}

/** A session the frame keeps: its token, and the user it signs in. */
export interface LoginResult {
  readonly token: string
  readonly user: FrameUserRow
}

/** The logins of the secure site. */
export type Auth = ReturnType<typeof makeAuth>

const normalizeEmail = (email: string): string => {
  const trimmed = email.trim()
  if (!isEmail(trimmed)) throw new FrameHttpError(400, "Invalid email")
  return trimmed.toLowerCase()
}

const checkDevice = (deviceId: string): string => {
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

/** Resolves waiters by key: a long-poll parks here until its key is woken or its time is up. */
const makeWaiters = () => {
  const waiting = new Map<string, Set<() => void>>()
  return {
    wake: (key: string) => {
      for (const wake of waiting.get(key) ?? []) wake()
      waiting.delete(key)
    },
    /** Resolves true when woken, false after `ms` or when `signal` aborts. */
    wait: (key: string, ms: number, signal?: AbortSignal): Promise<boolean> =>
      new Promise((resolve) => {
        const set = waiting.get(key) ?? new Set()
        waiting.set(key, set)
        const done = (woken: boolean) => {
          clearTimeout(timer)
          signal?.removeEventListener("abort", abort)
          set.delete(wake)
          if (set.size === 0 && waiting.get(key) === set) waiting.delete(key)
          resolve(woken)
        }
        const wake = () => done(true)
        const abort = () => done(false)
        const timer = setTimeout(() => done(false), ms)
        timer.unref()
        signal?.addEventListener("abort", abort, { once: true })
        set.add(wake)
      }),
    /** Answers every parked long-poll "pending" (on stop). */
    releaseAll: () => {
      for (const key of [...waiting.keys()]) {
        for (const wake of waiting.get(key) ?? []) wake()
      }
      waiting.clear()
    }
  }
}

/**
 * The secure site's logins over its store.
 * @example
 * ```ts
 * const auth = makeAuth({ store: openFrameStore(dir), now: Date.now, origin: () => "http://127.0.0.1:4410" })
 * const { action, loginId } = await auth.connectEmail({ email: "ada@example.com", deviceId })
 * ```
 */
export const makeAuth = (options: AuthOptions) => {
  const { store, now } = options
  const longPollMs = options.longPollMs ?? defaultLongPollMs
  const logins = makePendingTable<EmailLogin>(now)
  const updates = makePendingTable<EmailUpdate>(now)
  const socials = makePendingTable<SocialState>(now)
  const farcasters = makePendingTable<FarcasterChannel>(now)
  const waiters = makeWaiters()

  const mailCode = (to: string, code: OneTimeCode, purpose: string) =>
    store.mailbox.add({
      to,
      subject: `${code.value} is your Airlock code`,
      body: `Your code to ${purpose} is ${code.value}. It expires in 10 minutes and works once.`,
      code: code.value,
      link: null,
      sentAt: now()
    })

  const createUser = (fields: Pick<FrameUserRow, "email" | "provider" | "username">): FrameUserRow => {
    const privateKey: Hex = generatePrivateKey()
    const user: FrameUserRow = {
      id: randomUUID(),
      ...fields,
      privateKey,
      address: privateKeyToAccount(privateKey).address,
      preferredAccountType: "smartAccount",
      createdAt: now()
    }
    store.users.insert(user)
    return user
  }

  const startSession = async (user: FrameUserRow, deviceId: string): Promise<LoginResult> => {
    store.devices.approve(user.id, deviceId, now())
    const token = randomId(32)
    store.sessions.put(token, {
      userId: user.id,
      deviceId,
      createdAt: now(),
      expiresAt: now() + sessionLifetimeMs,
      revokedAt: null
    })
    await options.onLogin?.(user)
    return { token, user }
  }

  /** The user of a live session, or a 401. */
  const userOf = (token: string | undefined): { user: FrameUserRow; deviceId: string } => {
    const session = token === undefined || token === "" ? undefined : store.sessions.get(token)
    const user = session === undefined ? undefined : store.users.byId(session.userId)
    if (session === undefined || user === undefined || session.revokedAt !== null || now() >= session.expiresAt)
      throw new FrameHttpError(401, "Not signed in")
    return { user, deviceId: session.deviceId }
  }

  const sendLoginCode = (login: EmailLogin) => {
    login.code = newCode(now())
    mailCode(login.email, login.code, "sign in")
  }

  return {
    /**
     * Starts an email login: CONNECT when `token` is a live session of that email on this device; VERIFY_DEVICE for
     * an account this device has not signed in to (a mailbox link approves it); VERIFY_OTP otherwise (a code is
     * mailed). A new request voids the email's earlier pending login.
     */
    connectEmail: (input: { email: string; deviceId: string; token?: string | undefined }) => {
      const email = normalizeEmail(input.email)
      const deviceId = checkDevice(input.deviceId)
      const user = store.users.byEmail(email)
      if (input.token !== undefined && user !== undefined) {
        try {
          const session = userOf(input.token)
          if (session.user.id === user.id && session.deviceId === deviceId) return { action: "CONNECT" as const }
        } catch {}
      }
      for (const [id] of logins.find((login) => login.email === email)) logins.delete(id)
      const loginId = randomId()
      const login: EmailLogin = {
        email,
        deviceId,
        expiresAt: now() + codeLifetimeMs,
        deviceToken: undefined,
        code: undefined
      }
      logins.set(loginId, login)
      if (user !== undefined && !store.devices.isApproved(user.id, deviceId)) {
        login.deviceToken = randomId()
        const link = `${options.origin()}/mailbox/approve-device?token=${login.deviceToken}`
        store.mailbox.add({
          to: email,
          subject: "Approve a new device",
          body: "Someone is signing in to your Airlock wallet from a device it has not seen. Open the link to approve it.",
          code: null,
          link,
          sentAt: now()
        })
        return { action: "VERIFY_DEVICE" as const, loginId }
      }
      sendLoginCode(login)
      return { action: "VERIFY_OTP" as const, loginId }
    },

    /** The mailbox link: approves the device of a pending login and mails its code. */
    approveDevice: (deviceToken: string): { readonly email: string } => {
      const found = logins.find((login) => login.deviceToken === deviceToken && now() < login.expiresAt)[0]
      if (found === undefined) throw new FrameHttpError(404, "This link has expired or was already used")
      const [loginId, login] = found
      const user = store.users.byEmail(login.email)
      if (user !== undefined) store.devices.approve(user.id, login.deviceId, now())
      login.deviceToken = undefined
      sendLoginCode(login)
      waiters.wake(loginId)
      return { email: login.email }
    },

    /** Resolves true once the login's device is approved; false when still waiting after the long-poll time. */
    waitDevice: async (loginId: string, signal?: AbortSignal): Promise<boolean> => {
      const login = logins.get(loginId)
      if (login === undefined) throw new FrameHttpError(400, "No login in progress: request a new code")
      if (login.deviceToken === undefined) return true
      await waiters.wait(loginId, longPollMs, signal)
      const after = logins.get(loginId)
      return after !== undefined && after.deviceToken === undefined
    },

    /** Checks a login's code; the right one (once) signs the email in, creating its user on first login. */
    verifyOtp: async (input: { loginId: string; otp: string }): Promise<LoginResult> => {
      const login = logins.get(input.loginId)
      if (login === undefined) throw new FrameHttpError(400, "No login in progress: request a new code")
      if (login.code === undefined) throw new FrameHttpError(400, "Approve this device from the email first")
      try {
        checkCode(login.code, input.otp, now())
      } catch (error) {
        if (error instanceof FrameHttpError && !error.message.startsWith("Invalid code")) logins.delete(input.loginId)
        throw error
      }
      logins.delete(input.loginId)
      const user =
        store.users.byEmail(login.email) ?? createUser({ email: login.email, provider: null, username: null })
      return startSession(user, login.deviceId)
    },

    /** The user of a live session; 401 otherwise. */
    session: (token: string | undefined): FrameUserRow => userOf(token).user,

    /** Ends a session. */
    signOut: (token: string | undefined): void => {
      userOf(token)
      store.sessions.revoke(token!, now())
    },

    /** The EOA key of a live session's user: for the frame's own signing, never for the app. */
    key: (token: string | undefined): Hex => userOf(token).user.privateKey,

    setPreferred: (token: string | undefined, type: FrameAccountType): FrameUserRow => {
      const { user } = userOf(token)
      store.users.setPreferred(user.id, type)
      return { ...user, preferredAccountType: type }
    },

    /**
     * Starts changing a user's email: a code to the current address first (VERIFY_PRIMARY_OTP), or straight to the
     * new one for a user with no email yet (VERIFY_SECONDARY_OTP).
     */
    updateEmail: (token: string | undefined, newEmail: string) => {
      const { user } = userOf(token)
      const email = normalizeEmail(newEmail)
      if (email === user.email) throw new FrameHttpError(400, "This is already your email")
      if (store.users.byEmail(email) !== undefined) throw new FrameHttpError(409, "Email already in use")
      for (const [id] of updates.find((update) => update.userId === user.id)) updates.delete(id)
      const updateId = randomId()
      const primary = user.email !== null
      const code = newCode(now())
      updates.set(updateId, {
        userId: user.id,
        newEmail: email,
        expiresAt: now() + codeLifetimeMs,
        stage: primary ? "primary" : "secondary",
        code
      })
      if (primary) mailCode(user.email!, code, `confirm changing your email to ${email}`)
      else mailCode(email, code, "confirm this new email")
      return { action: (primary ? "VERIFY_PRIMARY_OTP" : "VERIFY_SECONDARY_OTP") as UpdateEmailAction, updateId }
    },

    /** Checks the code sent to the current address, then mails one to the new address. */
    updateEmailPrimary: (token: string | undefined, input: { updateId: string; otp: string }) => {
      const { user } = userOf(token)
      const update = updates.get(input.updateId)
      if (update === undefined || update.userId !== user.id)
        throw new FrameHttpError(400, "No email update in progress")
      if (update.stage !== "primary") throw new FrameHttpError(400, "Enter the code sent to your new email")
      checkUpdateCode(input.updateId, update, input.otp)
      update.stage = "secondary"
      update.code = newCode(now())
      mailCode(update.newEmail, update.code, "confirm this new email")
      return { action: "VERIFY_SECONDARY_OTP" as UpdateEmailAction }
    },

    /** Checks the code sent to the new address and makes it the user's email. */
    updateEmailSecondary: (token: string | undefined, input: { updateId: string; otp: string }) => {
      const { user } = userOf(token)
      const update = updates.get(input.updateId)
      if (update === undefined || update.userId !== user.id)
        throw new FrameHttpError(400, "No email update in progress")
      if (update.stage !== "secondary") throw new FrameHttpError(400, "Enter the code sent to your current email")
      checkUpdateCode(input.updateId, update, input.otp)
      updates.delete(input.updateId)
      if (store.users.byEmail(update.newEmail) !== undefined) throw new FrameHttpError(409, "Email already in use")
      store.users.setEmail(user.id, update.newEmail)
      return { email: update.newEmail }
    },

    /** Starts a social login: the stand-in consent page's URL, bound to the app's origin. */
    socialStart: (input: { provider: FrameSocialProvider; appOrigin: string; appName: string }) => {
      const state = randomId()
      socials.set(state, { ...input, expiresAt: now() + codeLifetimeMs, grant: undefined })
      return { uri: `${options.origin()}/oauth/${input.provider}/authorize?state=${state}`, state }
    },

    /** A pending social login's details (the consent page and the callback read them). */
    socialState: (state: string) => {
      const entry = socials.get(state)
      if (entry === undefined) throw new FrameHttpError(400, "This sign-in has expired: start again from the app")
      return entry
    },

    /** The consent page's answer: where to send the popup next (the secure site's callback). */
    socialDecide: (input: { provider: string; state: string; username: string; allow: boolean }): string => {
      const entry = socials.get(input.state)
      if (entry === undefined || entry.provider !== input.provider)
        throw new FrameHttpError(400, "This sign-in has expired: start again from the app")
      const callback = new URL("/social/callback", options.origin())
      callback.searchParams.set("state", input.state)
      if (!input.allow) {
        // The state stays until it expires: the callback page still needs the app's origin to report the refusal.
        callback.searchParams.set("error", "access_denied")
        return callback.href
      }
      entry.grant = { code: randomId(), username: checkUsername(input.username) }
      callback.searchParams.set("code", entry.grant.code)
      return callback.href
    },

    /** Exchanges the stand-in's code (once) for a session of that provider's user. */
    socialConnect: async (input: { code: string; state: string; deviceId: string }): Promise<LoginResult> => {
      const deviceId = checkDevice(input.deviceId)
      const entry = socials.get(input.state)
      if (entry?.grant === undefined || entry.grant.code !== input.code)
        throw new FrameHttpError(400, "This sign-in has expired or was already used")
      socials.delete(input.state)
      const { username } = entry.grant
      const user =
        store.users.byIdentity(entry.provider, username) ??
        createUser({ email: null, provider: entry.provider, username })
      return startSession(user, deviceId)
    },

    /** Opens a Farcaster stand-in channel: the page that approves it. */
    farcasterStart: (appName: string) => {
      const channel = randomId(16)
      farcasters.set(channel, { appName, expiresAt: now() + codeLifetimeMs, username: undefined })
      return { url: `${options.origin()}/farcaster/${channel}`, channel }
    },

    farcasterChannel: (channel: string) => {
      const entry = farcasters.get(channel)
      if (entry === undefined) throw new FrameHttpError(404, "This Farcaster sign-in has expired")
      return entry
    },

    farcasterApprove: (channel: string, username: string) => {
      const entry = farcasters.get(channel)
      if (entry === undefined) throw new FrameHttpError(404, "This Farcaster sign-in has expired")
      entry.username = checkUsername(username)
      waiters.wake(`farcaster:${channel}`)
    },

    /** Resolves with a session once the channel is approved; undefined while still waiting after the long-poll. */
    farcasterWait: async (
      channel: string,
      deviceId: string,
      signal?: AbortSignal
    ): Promise<LoginResult | undefined> => {
      checkDevice(deviceId)
      if (farcasters.get(channel) === undefined) throw new FrameHttpError(400, "This Farcaster sign-in has expired")
      if (farcasters.get(channel)?.username === undefined)
        await waiters.wait(`farcaster:${channel}`, longPollMs, signal)
      const entry = farcasters.get(channel)
      if (entry?.username === undefined) return undefined
      farcasters.delete(channel)
      const user =
        store.users.byIdentity("farcaster", entry.username) ??
        createUser({ email: null, provider: "farcaster", username: entry.username })
      return startSession(user, deviceId)
    },

    /** Answers every parked long-poll (before the server closes). */
    stop: () => waiters.releaseAll()
  }

  function checkUpdateCode(updateId: string, update: EmailUpdate, otp: string) {
    try {
      checkCode(update.code, otp, now())
    } catch (error) {
      if (error instanceof FrameHttpError && !error.message.startsWith("Invalid code")) updates.delete(updateId)
      throw error
    }
  }
}
