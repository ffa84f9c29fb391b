import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { EmailError } from "../../errors/catalogue.ts"
import { isEmail } from "../../schema/checks.ts"
import { errorEventOf } from "../../services/Analytics.ts"
import { Storage, StorageKeys } from "../../services/Storage.ts"
import { track } from "../events/track.ts"
import { authConnector, readyFrame } from "./frame.ts"
import { finishLogin } from "./login.ts"

/** SPEC §9: a new login email may be asked for 30 s after the last one at the earliest. */
export const EMAIL_COOLDOWN_MS = 30_000

/** SPEC §5: a valid email address (at most 254 characters: the length is checked before the pattern reads it). */
export const validEmail = (address: string): boolean => address.length <= 254 && isEmail(address)

/** Seconds until a new login code may be asked for (0: now): the resend button's countdown. */
export const emailCooldown = Effect.gen(function* () {
  const last = yield* (yield* Storage).get(StorageKeys.lastEmailLoginTime)
  const now = yield* Clock.currentTimeMillis
  if (last === undefined || last > now) return 0
  const left = EMAIL_COOLDOWN_MS - (now - last)
  return left <= 0 ? 0 : Math.ceil(left / 1000)
})

/**
 * SPEC §5 'A login email may be triggered only when the allowed-to-trigger-email check passes': 30 s since the last
 * one, else 'Please try again after N seconds'.
 */
export const checkEmailAllowed = Effect.gen(function* () {
  const seconds = yield* emailCooldown
  if (seconds > 0) return yield* new EmailError({ reason: "Cooldown", params: { seconds } })
})

/**
 * Asks the frame to log in `email` (SPEC §4): after the cooldown check, a code is mailed. Answers what comes next:
 * `VERIFY_OTP` (enter the code), `VERIFY_DEVICE` (approve this device from the mailbox first) or `CONNECT` (this device
 * holds a live session: connected already).
 */
export const connectEmail = Effect.fn("connectEmail")(function* (email: string) {
  const address = email.trim()
  if (!validEmail(address)) return yield* new EmailError({ reason: "Invalid" })
  yield* authConnector
  yield* checkEmailAllowed
  const frame = yield* readyFrame
  yield* (yield* Storage).set(StorageKeys.lastEmailLoginTime, yield* Clock.currentTimeMillis)
  yield* track("EMAIL_SUBMITTED")
  const { action } = yield* frame.request("CONNECT_EMAIL", { email: address })
  if (action === "VERIFY_OTP") yield* track("EMAIL_VERIFICATION_CODE_SENT")
  if (action === "CONNECT") yield* finishLogin({ email: address })
  return action
})

/** Waits until the user approved this device from the mailbox link; the code is mailed then (enter it next). */
export const connectDevice = Effect.fn("connectDevice")(function* () {
  const frame = yield* readyFrame
  yield* frame.request("CONNECT_DEVICE")
  yield* track("DEVICE_REGISTERED_FOR_EMAIL")
  yield* track("EMAIL_VERIFICATION_CODE_SENT")
})

/** Logs in with the mailed code, then connects. */
export const connectOtp = Effect.fn("connectOtp")(function* (email: string, otp: string) {
  const frame = yield* readyFrame
  yield* frame
    .request("CONNECT_OTP", { otp: otp.trim() })
    .pipe(
      Effect.tapError((error) => track("EMAIL_VERIFICATION_CODE_FAIL", { message: errorEventOf(error).errorMessage }))
    )
  yield* track("EMAIL_VERIFICATION_CODE_PASS")
  yield* finishLogin({ email: email.trim() })
})
