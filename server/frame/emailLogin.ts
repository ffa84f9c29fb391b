/**
 * The secure site's email login: a code mailed to the address, answered once (on any instance: the pending login
 * lives on the shared store), ending in a session bound to the frame's project and app origin.
 */
import {
  type AuthContext,
  checkDevice,
  type FrameBinding,
  type LoginResult,
  normalizeEmail,
  sameBinding
} from "./accounts.ts"
import {
  answerCode,
  codeLifetimeMs,
  FrameHttpError,
  makePendingTable,
  newCode,
  type OneTimeCode,
  randomId
} from "./codes.ts"

/** What connect-email asks the frame to do next (SPEC §4). */
export type ConnectEmailAction = "VERIFY_DEVICE" | "VERIFY_OTP" | "CONNECT"

interface EmailLogin {
  readonly email: string
  readonly deviceId: string
  readonly binding: FrameBinding
  readonly expiresAt: number
  readonly code: OneTimeCode
}

/**
 * The email login's steps.
 * @example
 * ```ts
 * import type { AuthContext, FrameBinding } from "./accounts.ts"
 * declare const context: AuthContext
 * declare const binding: FrameBinding
 * declare const deviceId: string
 * const email = makeEmailLogin(context)
 * const { loginId } = await email.connectEmail({ email: "ada@example.com", deviceId, binding, client: "127.0.0.1" })
 * ```
 */
export const makeEmailLogin = ({ store, kv, now, limiters, accounts }: AuthContext) => {
  const logins = makePendingTable<EmailLogin>(kv, "frame:logins", now)
  const { perEmail, perClient, answersPerEmail, answersPerClient } = limiters
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
          const session = await accounts.userOf(input.token, input.binding)
          if (session.user.email === email && session.deviceId === deviceId) return { action: "CONNECT" as const }
        } catch {}
      }
      await answersPerEmail.check(email)
      await perClient.take(input.client)
      await perEmail.take(email)
      const loginId = randomId()
      const code = newCode(now())
      await logins.set(loginId, { email, deviceId, binding: input.binding, expiresAt: now() + codeLifetimeMs, code })
      // Only the mailbox's owner reads this, so it may say what the answer must not: a new device of an account.
      const user = await store.users.byEmail(email)
      const note =
        user !== undefined && !(await store.devices.isApproved(user.id, deviceId))
          ? "Someone is signing in to your Airlock wallet from a device it has not seen. If it is not you, ignore this email. "
          : ""
      await accounts.mailCode(email, code, "sign in", note)
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
      await answersPerClient.take(input.client)
      const pending = await logins.get(input.loginId)
      if (pending !== undefined) await answersPerEmail.take(pending.email)
      const login = await answerCode(logins, input.loginId, input.otp, now, {
        refuse: (login) =>
          login === undefined || !sameBinding(login.binding, input.binding)
            ? new FrameHttpError(400, "No login in progress: request a new code")
            : undefined
      })
      await perEmail.clear(login.email)
      await answersPerEmail.clear(login.email)
      const user = await accounts.findOrCreate(() => store.users.byEmail(login.email), {
        email: login.email,
        provider: null,
        username: null
      })
      return accounts.startSession(user, login.deviceId, input.binding)
    }
  }
}
