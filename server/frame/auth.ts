/**
 * The secure site's logins: email codes, email update, the social stand-ins' codes and the Farcaster stand-in's
 * channels, and the sessions they end in. Users (each with an EOA key made on first login, encrypted at rest) and
 * sessions are stored in the site's tables (`store.ts`); pending steps live on the shared store (`../shared/kv.ts`: memory, or Redis shared by every instance),
 * bounded, and expire after 10 minutes.
 *
 * Every login, pending step and session is bound to a {@link FrameBinding}: the project and the embedding app's origin
 * the frame established. A request under another binding finds no login ("Not signed in"), so a page of another
 * origin, or one that embeds the frame with another project id, starts signed out.
 *
 * DEVELOPMENT STAND-INS: the social and Farcaster logins take the username typed on their page as the identity, with
 * no password and no provider behind them. Anyone can sign in as any social or Farcaster user. Never deploy them.
 */
import { randomUUID } from "node:crypto"
import type { Hex } from "viem"
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts"
import { isEmail } from "../../core/schema/checks.ts"
import { createMemoryKv, type Kv } from "../shared/kv.ts"
import {
  answerCode,
  codeLifetimeMs,
  FrameHttpError,
  makePendingTable,
  makeRateLimit,
  newCode,
  type OneTimeCode,
  randomId
} from "./codes.ts"
import type { FrameAccountType, FrameStore, FrameUserRow } from "./store.ts"
import { makeWaiters } from "./waiters.ts"

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

/**
 * What a login is bound to: the project the frame was loaded for and the embedding app's origin, which the frame
 * establishes itself (the origin it accepts messages from, checked against the project's allowed origins).
 */
export interface FrameBinding {
  readonly projectId: string
  readonly appOrigin: string
}

/** The server's own limits on starting sign-ins (the client's 30 s email cooldown is the client's). */
export interface FrameLimits {
  /** One email gets at most one code per this many ms; a sign-in with a code ends the wait. @default 20000 */
  readonly emailCooldownMs: number
  /**
   * Sign-ins (email codes, social and Farcaster starts) one client may start per {@link codeLifetimeMs}. A client is
   * the caller's IP address (the socket's, no forwarding header): the device id is the caller's to choose, so it
   * cannot be what a limit counts. @default 60
   */
  readonly perClient: number
  /**
   * Answers to codes (right or wrong, sign-in and email change) one email may send per `codeAnswerWindowMs`, across
   * all its codes: each code takes 5 wrong answers, and this stops a guesser from asking for code after code. Once
   * spent, the email's answers and new codes are refused with a 429 saying how long to wait; a right answer resets
   * it. @default 10
   */
  readonly codeAnswersPerEmail: number
  /**
   * Answers to codes one client (IP address) may send per `codeAnswerWindowMs`, whatever the emails: a bound on
   * spraying guesses over many accounts, loose enough for an office behind one address. @default 100
   */
  readonly codeAnswersPerClient: number
  /** The window of the two limits above, in ms. @default 3600000 (1 hour) */
  readonly codeAnswerWindowMs: number
}

/** The limits {@link makeAuth} applies unless told otherwise. */
export const defaultFrameLimits: FrameLimits = {
  emailCooldownMs: 20_000,
  perClient: 60,
  codeAnswersPerEmail: 10,
  codeAnswersPerClient: 100,
  codeAnswerWindowMs: 60 * 60 * 1000
}

const sameBinding = (a: FrameBinding, b: FrameBinding): boolean =>
  a.projectId === b.projectId && a.appOrigin === b.appOrigin

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
  /** Where pending logins live and long-polls are woken; one shared store for every instance. @default memory */
  readonly kv?: Kv
  /**
   * Delivers a code by email (the production server's mail service). Without it, codes go to the store's mailbox,
   * the sandbox's stand-in inbox.
   */
  readonly mail?: (mail: { readonly to: string; readonly subject: string; readonly body: string }) => Promise<void>
}

interface EmailLogin {
  readonly email: string
  readonly deviceId: string
  readonly binding: FrameBinding
  readonly expiresAt: number
  readonly code: OneTimeCode
}

interface EmailUpdate {
  readonly userId: string
  readonly newEmail: string
  readonly expiresAt: number
  readonly stage: "primary" | "secondary"
  readonly code: OneTimeCode
}

interface SocialState {
  readonly provider: FrameSocialProvider
  readonly projectId: string
  readonly appOrigin: string
  readonly appName: string
  readonly expiresAt: number
  /** The stand-in's authorization code once the user allowed, with the username they chose. */
  readonly grant?: { readonly code: string; readonly username: string } | undefined
}

interface FarcasterChannel {
  readonly binding: FrameBinding
  readonly appName: string
  readonly expiresAt: number
  readonly username?: string | undefined
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

/**
 * The secure site's logins over its store.
 * @example
 * ```ts
 * const auth = makeAuth({ store: await openFrameStore(sql, { keyEncryptionKey }), now: Date.now, origin: () => "http://127.0.0.1:4410" })
 * const binding = { projectId: "airlock-demo", appOrigin: "http://localhost:5173" }
 * const { action, loginId } = await auth.connectEmail({ email: "ada@example.com", deviceId, binding, client: "127.0.0.1" })
 * ```
 */
export const makeAuth = (options: AuthOptions) => {
  const { store, now } = options
  const longPollMs = options.longPollMs ?? defaultLongPollMs
  const limits: FrameLimits = { ...defaultFrameLimits, ...options.limits }
  const kv = options.kv ?? createMemoryKv({ now })
  const logins = makePendingTable<EmailLogin>(kv, "frame:logins", now)
  const updates = makePendingTable<EmailUpdate>(kv, "frame:updates", now)
  const socials = makePendingTable<SocialState>(kv, "frame:socials", now)
  const farcasters = makePendingTable<FarcasterChannel>(kv, "frame:farcaster", now)
  // The email update in progress of each user: a new one replaces it.
  const updateOf = (userId: string) => `frame:update-of:${userId}`
  const waiters = makeWaiters(kv)
  const perEmail = makeRateLimit({
    limit: 1,
    windowMs: limits.emailCooldownMs,
    now,
    message: (seconds) => `A code was just sent to this email: try again in ${seconds} seconds`
  })
  const perClient = makeRateLimit({
    limit: limits.perClient,
    windowMs: codeLifetimeMs,
    now,
    message: (seconds) => `Too many sign-in attempts: try again in ${seconds} seconds`
  })
  // Counted before a code is judged (a sync step after the last await), so parallel guesses cannot overshoot.
  const answersPerEmail = makeRateLimit({
    limit: limits.codeAnswersPerEmail,
    windowMs: limits.codeAnswerWindowMs,
    now,
    message: (seconds) => `Too many codes tried for this email: try again in ${seconds} seconds`
  })
  const answersPerClient = makeRateLimit({
    limit: limits.codeAnswersPerClient,
    windowMs: limits.codeAnswerWindowMs,
    now,
    message: (seconds) => `Too many codes tried: try again in ${seconds} seconds`
  })

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

  return {
    /**
     * Starts an email login: CONNECT when `token` is a live session of that email on this device (and binding);
     * VERIFY_OTP otherwise, with a code mailed. The answer is the same for a known and an unknown email: whether the
     * account exists shows only once the code is checked. Each request is its own pending login with its own code, so
     * a request from another device never voids this one's. One code per email per cooldown, and a per-client limit.
     */
    connectEmail: async (input: {
      email: string
      deviceId: string
      token?: string | undefined
      binding: FrameBinding
      client: string
    }) => {
      const email = normalizeEmail(input.email)
      const deviceId = checkDevice(input.deviceId)
      if (input.token !== undefined) {
        try {
          const session = await userOf(input.token, input.binding)
          if (session.user.email === email && session.deviceId === deviceId) return { action: "CONNECT" as const }
        } catch {}
      }
      answersPerEmail.check(email)
      perClient.take(input.client)
      perEmail.take(email)
      const loginId = randomId()
      const code = newCode(now())
      await logins.set(loginId, { email, deviceId, binding: input.binding, expiresAt: now() + codeLifetimeMs, code })
      // Only the mailbox's owner reads this, so it may say what the answer must not: a new device of an account.
      const user = await store.users.byEmail(email)
      const note =
        user !== undefined && !(await store.devices.isApproved(user.id, deviceId))
          ? "Someone is signing in to your Airlock wallet from a device it has not seen. If it is not you, ignore this email. "
          : ""
      await mailCode(email, code, "sign in", note)
      return { action: "VERIFY_OTP" as const, loginId }
    },

    /**
     * `CONNECT_DEVICE`'s long-poll: no login waits for a device approval any more (the code proves the mailbox), so
     * it answers true at once for a pending login of this binding.
     */
    waitDevice: async (loginId: string, binding: FrameBinding): Promise<boolean> => {
      const login = await logins.get(loginId)
      if (login === undefined || !sameBinding(login.binding, binding))
        throw new FrameHttpError(400, "No login in progress: request a new code")
      return true
    },

    /** Checks a login's code; the right one (once) signs the email in, creating its user on first login. */
    verifyOtp: async (input: {
      loginId: string
      otp: string
      binding: FrameBinding
      client: string
    }): Promise<LoginResult> => {
      answersPerClient.take(input.client)
      const pending = await logins.get(input.loginId)
      if (pending !== undefined) answersPerEmail.take(pending.email)
      const login = await answerCode(logins, input.loginId, input.otp, now, {
        refuse: (login) =>
          login === undefined || !sameBinding(login.binding, input.binding)
            ? new FrameHttpError(400, "No login in progress: request a new code")
            : undefined
      })
      perEmail.clear(login.email)
      answersPerEmail.clear(login.email)
      const user = await findOrCreate(() => store.users.byEmail(login.email), {
        email: login.email,
        provider: null,
        username: null
      })
      return startSession(user, login.deviceId, input.binding)
    },

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

    /**
     * Starts changing a user's email: a code to the current address first (VERIFY_PRIMARY_OTP), or straight to the
     * new one for a user with no email yet (VERIFY_SECONDARY_OTP).
     */
    updateEmail: async (token: string | undefined, binding: FrameBinding, newEmail: string) => {
      const { user } = await userOf(token, binding)
      const email = normalizeEmail(newEmail)
      if (email === user.email) throw new FrameHttpError(400, "This is already your email")
      if ((await store.users.byEmail(email)) !== undefined) throw new FrameHttpError(409, "Email already in use")
      const previous = await kv.take<string>(updateOf(user.id))
      if (previous !== undefined) await updates.delete(previous)
      const updateId = randomId()
      const primary = user.email !== null
      const code = newCode(now())
      await updates.set(updateId, {
        userId: user.id,
        newEmail: email,
        expiresAt: now() + codeLifetimeMs,
        stage: primary ? "primary" : "secondary",
        code
      })
      await kv.set(updateOf(user.id), updateId, { ttlMs: codeLifetimeMs })
      if (primary) await mailCode(user.email!, code, `confirm changing your email to ${email}`)
      else await mailCode(email, code, "confirm this new email")
      return { action: (primary ? "VERIFY_PRIMARY_OTP" : "VERIFY_SECONDARY_OTP") as UpdateEmailAction, updateId }
    },

    /** Checks the code sent to the current address, then mails one to the new address. */
    updateEmailPrimary: async (
      token: string | undefined,
      binding: FrameBinding,
      input: { updateId: string; otp: string; client: string }
    ) => {
      answersPerClient.take(input.client)
      const { user } = await userOf(token, binding)
      answersPerEmail.take(user.email ?? `user:${user.id}`)
      const code = newCode(now())
      const update = await answerCode(updates, input.updateId, input.otp, now, {
        refuse: (update) =>
          update === undefined || update.userId !== user.id
            ? new FrameHttpError(400, "No email update in progress")
            : update.stage !== "primary"
              ? new FrameHttpError(400, "Enter the code sent to your new email")
              : undefined,
        onRight: (update) => ({ value: { ...update, stage: "secondary" as const, code } })
      })
      answersPerEmail.clear(user.email ?? `user:${user.id}`)
      await mailCode(update.newEmail, code, "confirm this new email")
      return { action: "VERIFY_SECONDARY_OTP" as UpdateEmailAction }
    },

    /** Checks the code sent to the new address and makes it the user's email. */
    updateEmailSecondary: async (
      token: string | undefined,
      binding: FrameBinding,
      input: { updateId: string; otp: string; client: string }
    ) => {
      answersPerClient.take(input.client)
      const { user } = await userOf(token, binding)
      answersPerEmail.take(user.email ?? `user:${user.id}`)
      const update = await answerCode(updates, input.updateId, input.otp, now, {
        refuse: (update) =>
          update === undefined || update.userId !== user.id
            ? new FrameHttpError(400, "No email update in progress")
            : update.stage !== "secondary"
              ? new FrameHttpError(400, "Enter the code sent to your current email")
              : undefined
      })
      answersPerEmail.clear(user.email ?? `user:${user.id}`)
      await kv.del(updateOf(user.id))
      if ((await store.users.byEmail(update.newEmail)) !== undefined)
        throw new FrameHttpError(409, "Email already in use")
      await store.users.setEmail(user.id, update.newEmail)
      return { email: update.newEmail }
    },

    /**
     * Starts a social login: the stand-in consent page's URL, bound to the frame's project and app origin.
     * DEVELOPMENT STAND-IN: the consent page takes any username as the identity.
     */
    socialStart: async (input: {
      provider: FrameSocialProvider
      binding: FrameBinding
      appName: string
      client: string
    }) => {
      perClient.take(input.client)
      const state = randomId()
      await socials.set(state, {
        provider: input.provider,
        projectId: input.binding.projectId,
        appOrigin: input.binding.appOrigin,
        appName: input.appName,
        expiresAt: now() + codeLifetimeMs
      })
      return { uri: `${options.origin()}/oauth/${input.provider}/authorize?state=${state}`, state }
    },

    /** A pending social login's details (the consent page and the callback read them). */
    socialState: async (state: string) => {
      const entry = await socials.get(state)
      if (entry === undefined) throw new FrameHttpError(400, "This sign-in has expired: start again from the app")
      return entry
    },

    /**
     * The consent page's answer: where to send the popup next (the secure site's callback).
     * DEVELOPMENT STAND-IN: `username` becomes the identity as typed; nothing proves the person owns it.
     */
    socialDecide: async (input: {
      provider: string
      state: string
      username: string
      allow: boolean
    }): Promise<string> => {
      const entry = await socials.get(input.state)
      if (entry === undefined || entry.provider !== input.provider)
        throw new FrameHttpError(400, "This sign-in has expired: start again from the app")
      const callback = new URL("/social/callback", options.origin())
      callback.searchParams.set("state", input.state)
      if (!input.allow) {
        // The state stays until it expires: the callback page still needs the app's origin to report the refusal.
        callback.searchParams.set("error", "access_denied")
        return callback.href
      }
      const grant = { code: randomId(), username: checkUsername(input.username) }
      const granted = await socials.update(input.state, (current) =>
        current === undefined || current.provider !== input.provider
          ? { result: false }
          : { result: true, change: { value: { ...current, grant } } }
      )
      if (!granted) throw new FrameHttpError(400, "This sign-in has expired: start again from the app")
      callback.searchParams.set("code", grant.code)
      return callback.href
    },

    /** Exchanges the stand-in's code (once, by a frame of the binding it was started for) for a session. */
    socialConnect: async (input: {
      code: string
      state: string
      deviceId: string
      binding: FrameBinding
    }): Promise<LoginResult> => {
      const deviceId = checkDevice(input.deviceId)
      // Spent in the same step it is checked: of two exchanges racing on two instances, one gets the session.
      const entry = await socials.update<SocialState | undefined>(input.state, (current) =>
        current?.grant === undefined || current.grant.code !== input.code || !sameBinding(current, input.binding)
          ? { result: undefined }
          : { result: current, change: "delete" }
      )
      if (entry?.grant === undefined) throw new FrameHttpError(400, "This sign-in has expired or was already used")
      const { username } = entry.grant
      const user = await findOrCreate(() => store.users.byIdentity(entry.provider, username), {
        email: null,
        provider: entry.provider,
        username
      })
      return startSession(user, deviceId, input.binding)
    },

    /**
     * Opens a Farcaster stand-in channel: the page that approves it.
     * DEVELOPMENT STAND-IN: the page takes any username as the identity.
     */
    farcasterStart: async (input: { appName: string; binding: FrameBinding; client: string }) => {
      perClient.take(input.client)
      const channel = randomId(16)
      await farcasters.set(channel, {
        binding: input.binding,
        appName: input.appName,
        expiresAt: now() + codeLifetimeMs
      })
      return { url: `${options.origin()}/farcaster/${channel}`, channel }
    },

    farcasterChannel: async (channel: string) => {
      const entry = await farcasters.get(channel)
      if (entry === undefined) throw new FrameHttpError(404, "This Farcaster sign-in has expired")
      return entry
    },

    farcasterApprove: async (channel: string, username: string): Promise<void> => {
      const checked = checkUsername(username)
      const approved = await farcasters.update(channel, (entry) =>
        entry === undefined ? { result: false } : { result: true, change: { value: { ...entry, username: checked } } }
      )
      if (!approved) throw new FrameHttpError(404, "This Farcaster sign-in has expired")
      await waiters.wake(`farcaster:${channel}`)
    },

    /** Resolves with a session once the channel is approved; undefined while still waiting after the long-poll. */
    farcasterWait: async (
      channel: string,
      deviceId: string,
      binding: FrameBinding,
      signal?: AbortSignal
    ): Promise<LoginResult | undefined> => {
      checkDevice(deviceId)
      const opened = await farcasters.get(channel)
      if (opened === undefined || !sameBinding(opened.binding, binding))
        throw new FrameHttpError(400, "This Farcaster sign-in has expired")
      if (opened.username === undefined) {
        // Parked before the second look: an approval on any instance after that look wakes this long-poll.
        const parked = await waiters.park(`farcaster:${channel}`, longPollMs, signal)
        if ((await farcasters.get(channel))?.username === undefined) await parked.woken
        else parked.cancel()
      }
      // Spent in the same step it is read: of two long-polls on two instances, one gets the session.
      const username = await farcasters.update<string | undefined>(channel, (entry) =>
        entry?.username === undefined || !sameBinding(entry.binding, binding)
          ? { result: undefined }
          : { result: entry.username, change: "delete" }
      )
      if (username === undefined) return undefined
      const user = await findOrCreate(() => store.users.byIdentity("farcaster", username), {
        email: null,
        provider: "farcaster",
        username
      })
      return startSession(user, deviceId, binding)
    },

    /** Answers every parked long-poll (before the server closes). */
    stop: (): Promise<void> => waiters.releaseAll()
  }
}
