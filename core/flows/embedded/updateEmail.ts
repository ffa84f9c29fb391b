import * as Effect from "effect/Effect"
import { EmailError } from "../../errors/catalogue.ts"
import { Storage, StorageKeys } from "../../services/Storage.ts"
import { StateStore } from "../../state/StateStore.ts"
import { updateAuthConnection } from "../connection/auth.ts"
import { track } from "../events/track.ts"
import { validEmail } from "./email.ts"
import { connectedAuth, namespace, readyFrame } from "./frame.ts"

/**
 * Starts changing the user's email (SPEC §4): answers `VERIFY_PRIMARY_OTP` (a code went to the current address
 * first) or `VERIFY_SECONDARY_OTP` (a code went to the new one). The address the user already has fails with
 * 'This is your email already', and nothing is sent.
 */
export const updateEmail = Effect.fn("updateEmail")(function* (email: string) {
  const address = email.trim()
  if (!validEmail(address)) return yield* new EmailError({ reason: "Invalid" })
  const current = (yield* StateStore).getSnapshot().accounts[namespace].user?.email
  if (current?.toLowerCase() === address.toLowerCase()) return yield* new EmailError({ reason: "Unchanged" })
  yield* connectedAuth
  const frame = yield* readyFrame
  yield* track("EMAIL_EDIT")
  const { action } = yield* frame.request("UPDATE_EMAIL", { email: address })
  return action
})

/** The code sent to the current address; the new address gets its own code next. */
export const updateEmailPrimaryOtp = Effect.fn("updateEmailPrimaryOtp")(function* (otp: string) {
  yield* connectedAuth
  const frame = yield* readyFrame
  yield* frame.request("UPDATE_EMAIL_PRIMARY_OTP", { otp: otp.trim() })
})

/** The code sent to the new address: the email changes, in the account and in storage. */
export const updateEmailSecondaryOtp = Effect.fn("updateEmailSecondaryOtp")(function* (otp: string) {
  const connectorId = yield* connectedAuth
  const frame = yield* readyFrame
  const { newEmail } = yield* frame.request("UPDATE_EMAIL_SECONDARY_OTP", { otp: otp.trim() })
  yield* (yield* Storage).set(StorageKeys.email, newEmail)
  const user = (yield* StateStore).getSnapshot().accounts[namespace].user
  yield* updateAuthConnection(namespace, connectorId, { auth: { user: { ...user, email: newEmail }, name: newEmail } })
  return newEmail
})
