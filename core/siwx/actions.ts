/**
 * Sign-in actions for any renderer (the React one's sign view, or an app's own): each runs core's SIWX flow on the
 * client's runtime and rejects with its typed error, whose `message` is SPEC §8's text ('SIWX is not enabled' for a
 * client without `siwx` or `siweConfig`, 'No ActiveCaipAddress found' when nothing is connected, 'Error signing
 * message' when the wallet or the app's configuration failed).
 * @module
 */
import type * as Effect from "effect/Effect"
import type { CoreServices } from "../adapter/CoreServices.ts"
import type { StartedSiwx } from "../client/siwx.ts"
import type { AirlockClient } from "../client/types.ts"
import { SiwxError } from "../errors/catalogue.ts"
import type { SIWXSession } from "../options/siwx.ts"

type Flows = typeof import("../flows/siwx/index.ts")

const run = <A, E>(
  airlock: AirlockClient,
  effect: (flows: Flows, started: StartedSiwx) => Effect.Effect<A, E, CoreServices>
): Promise<A> => {
  if (airlock.getState().siwx.status === "disabled") return Promise.reject(new SiwxError({ reason: "NotEnabled" }))
  return import("../client/siwx.ts").then(async (m) =>
    airlock.runtime.runPromise(effect(m.flows, await m.startedFor(airlock.runtime)))
  )
}

/**
 * Asks the connected wallet to sign the sign-in message and hands the session to the configuration (the sign view's
 * primary button). Resolves with the session; closes the modal.
 * @example
 * ```ts
 * const session = await requestSignIn(airlock)
 * session.data.accountAddress // the signed-in address
 * ```
 */
export const requestSignIn = (airlock: AirlockClient): Promise<SIWXSession> =>
  run(airlock, (m, s) => m.requestSignMessage(s.context))

/**
 * The sign view's Cancel (SPEC §4): optional sign-in closes the modal; required sign-in switches back to the last
 * network with a session, or disconnects.
 * @example
 * ```ts
 * await cancelSignIn(airlock)
 * ```
 */
export const cancelSignIn = (airlock: AirlockClient): Promise<void> =>
  run(airlock, (m, s) => m.cancelSignMessage(s.context))

/**
 * The configuration's live sessions of the connected account on its network (expired ones left out).
 * @example
 * ```ts
 * const [session] = await getSiwxSessions(airlock)
 * ```
 */
export const getSiwxSessions = (airlock: AirlockClient): Promise<ReadonlyArray<SIWXSession>> =>
  run(airlock, (m, s) => m.activeSessions(s.context))

/**
 * Signs the connected account out on its network (the configuration's `revokeSession`); `state.siwx` becomes
 * `unauthenticated`. The wallet stays connected.
 * @example
 * ```ts
 * await signOut(airlock)
 * airlock.getState().siwx.status // "unauthenticated"
 * ```
 */
export const signOut = (airlock: AirlockClient): Promise<void> =>
  run(airlock, (m, s) => m.revokeActiveSession(s.context))

/**
 * The email-capture form's Continue (SPEC §4, DataCapture): mails a code to `email` through the configuration's
 * `requestEmailOtp` and shows the code view (`DataCaptureOtpConfirm`), or the sign view when the address is already
 * confirmed for this account. Rejects with 'Invalid email address' or 'Failed to send email OTP'.
 * @example
 * ```ts
 * await requestEmailCapture(airlock, "ada@example.com")
 * ```
 */
export const requestEmailCapture = (airlock: AirlockClient, email: string): Promise<void> =>
  run(airlock, (m, s) => m.requestCaptureCode(s.context, email))

/**
 * The email-capture code view's code: the configuration's `confirmEmailOtp` checks it, then the sign view follows.
 * Rejects with the configuration's reason (a wrong or expired code).
 * @example
 * ```ts
 * await confirmEmailCapture(airlock, "123456")
 * ```
 */
export const confirmEmailCapture = (airlock: AirlockClient, code: string): Promise<void> =>
  run(airlock, (m, s) => m.confirmCaptureCode(s.context, code))

/**
 * Mails the email-capture code again, to the address the code view shows.
 * @example
 * ```ts
 * await resendEmailCapture(airlock)
 * ```
 */
export const resendEmailCapture = (airlock: AirlockClient): Promise<void> =>
  run(airlock, (m, s) => m.resendCaptureCode(s.context))

/**
 * The email-capture form's Skip: the sign view, without an email.
 * @example
 * ```ts
 * await skipEmailCapture(airlock)
 * ```
 */
export const skipEmailCapture = (airlock: AirlockClient): Promise<void> => run(airlock, (m) => m.skipCapture)
