/**
 * Changing a signed-in user's email: a code to the current address (when there is one), then a code to the new one.
 * A user has one change in progress at a time: a new one replaces it.
 */
import type { AuthContext, FrameBinding } from "./accounts.ts"
import { normalizeEmail } from "./accounts.ts"
import {
  answerCode,
  codeLifetimeMs,
  FrameHttpError,
  makePendingTable,
  newCode,
  type OneTimeCode,
  randomId
} from "./codes.ts"

/** What update-email asks next (SPEC §4). */
export type UpdateEmailAction = "VERIFY_PRIMARY_OTP" | "VERIFY_SECONDARY_OTP"

interface EmailUpdate {
  readonly userId: string
  readonly newEmail: string
  readonly expiresAt: number
  readonly stage: "primary" | "secondary"
  readonly code: OneTimeCode
}

/**
 * The email update's steps.
 * @example
 * ```ts
 * import type { AuthContext, FrameBinding } from "./accounts.ts"
 * declare const context: AuthContext
 * declare const binding: FrameBinding
 * declare const token: string
 * const { updateId } = await makeEmailUpdate(context).updateEmail(token, binding, "ada@new.example")
 * ```
 */
export const makeEmailUpdate = ({ store, kv, now, limiters, accounts }: AuthContext) => {
  const updates = makePendingTable<EmailUpdate>(kv, "frame:updates", now)
  // The email update in progress of each user: a new one replaces it.
  const updateOf = (userId: string) => `frame:update-of:${userId}`
  const { answersPerEmail, answersPerClient } = limiters
  return {
    /**
     * Starts changing a user's email: a code to the current address first (VERIFY_PRIMARY_OTP), or straight to the
     * new one for a user with no email yet (VERIFY_SECONDARY_OTP).
     */
    updateEmail: async (token: string | undefined, binding: FrameBinding, newEmail: string) => {
      const { user } = await accounts.userOf(token, binding)
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
      if (primary) await accounts.mailCode(user.email!, code, `confirm changing your email to ${email}`)
      else await accounts.mailCode(email, code, "confirm this new email")
      return { action: (primary ? "VERIFY_PRIMARY_OTP" : "VERIFY_SECONDARY_OTP") as UpdateEmailAction, updateId }
    },

    /** Checks the code sent to the current address, then mails one to the new address. */
    updateEmailPrimary: async (
      token: string | undefined,
      binding: FrameBinding,
      input: { updateId: string; otp: string; client: string }
    ) => {
      await answersPerClient.take(input.client)
      const { user } = await accounts.userOf(token, binding)
      await answersPerEmail.take(user.email ?? `user:${user.id}`)
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
      await answersPerEmail.clear(user.email ?? `user:${user.id}`)
      await accounts.mailCode(update.newEmail, code, "confirm this new email")
      return { action: "VERIFY_SECONDARY_OTP" as UpdateEmailAction }
    },

    /** Checks the code sent to the new address and makes it the user's email. */
    updateEmailSecondary: async (
      token: string | undefined,
      binding: FrameBinding,
      input: { updateId: string; otp: string; client: string }
    ) => {
      await answersPerClient.take(input.client)
      const { user } = await accounts.userOf(token, binding)
      await answersPerEmail.take(user.email ?? `user:${user.id}`)
      const update = await answerCode(updates, input.updateId, input.otp, now, {
        refuse: (update) =>
          update === undefined || update.userId !== user.id
            ? new FrameHttpError(400, "No email update in progress")
            : update.stage !== "secondary"
              ? new FrameHttpError(400, "Enter the code sent to your current email")
              : undefined
      })
      await answersPerEmail.clear(user.email ?? `user:${user.id}`)
      await kv.del(updateOf(user.id))
      if ((await store.users.byEmail(update.newEmail)) !== undefined)
        throw new FrameHttpError(409, "Email already in use")
      await store.users.setEmail(user.id, update.newEmail)
      return { email: update.newEmail }
    }
  }
}
