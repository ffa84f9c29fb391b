/**
 * The embedded wallet's actions, for the login views (the React renderer's, or an app's own): each runs core's flow
 * (`core/flows/embedded/`, in core's lazy embedded part, `core/client/embedded.ts`) on the client's runtime and
 * rejects with its typed error (`EmailError`, `ConnectionError`, `FrameError`…), whose `message` is SPEC §8's text.
 * @module
 */
import type * as Effect from "effect/Effect"
import type { CoreServices } from "../../core/adapter/CoreServices.ts"
import type * as Embedded from "../../core/client/embedded.ts"
import type { AirlockClient } from "../../core/client/types.ts"
import type { SocialProvider } from "../../core/schema/login.ts"
import type { AccountType } from "../../core/schema/namespace.ts"

export { openSocialPopup } from "./popup.ts"

type Flows = typeof Embedded.flows

const flows = (): Promise<Flows> => import("../../core/client/embedded.ts").then((m) => m.flows)

const run = <A, E>(airlock: AirlockClient, effect: (flows: Flows) => Effect.Effect<A, E, CoreServices>): Promise<A> =>
  flows().then((m) => airlock.runtime.runPromise(effect(m)))

/**
 * Sends a login code to `email` (after the 30 s cooldown, SPEC §4). Resolves what comes next: `VERIFY_OTP` (enter
 * the code), `VERIFY_DEVICE` (approve this device from the mailbox, then enter the code), or `CONNECT` (connected).
 * @example
 * ```ts
 * const next = await connectEmail(airlock, "ada@example.com") // "VERIFY_OTP"
 * ```
 */
export const connectEmail = (airlock: AirlockClient, email: string) => run(airlock, (m) => m.connectEmail(email))

/**
 * What the modal's email field does (the Connect view's inline field and the Email Login view): sends the code as
 * {@link connectEmail} does, then shows the step that comes next, the code (`EmailVerifyOtp`) or this device's
 * approval (`EmailVerifyDevice`). Rejects as `connectEmail` does, so a form can read out why.
 * @example
 * ```ts
 * await startEmailLogin(airlock, "ada@example.com") // the modal now asks for the code
 * ```
 */
export const startEmailLogin = (airlock: AirlockClient, email: string): Promise<void> =>
  connectEmail(airlock, email).then((next) => {
    if (next === "VERIFY_OTP") airlock.push("EmailVerifyOtp", { email })
    else if (next === "VERIFY_DEVICE") airlock.push("EmailVerifyDevice", { email })
  })

/** Waits until this device is approved from the mailbox link; the code is mailed then. */
export const connectDevice = (airlock: AirlockClient) => run(airlock, (m) => m.connectDevice())

/**
 * Logs in with the code mailed to `email` and connects.
 * @example
 * ```ts
 * await connectOtp(airlock, "ada@example.com", "123456")
 * ```
 */
export const connectOtp = (airlock: AirlockClient, email: string, otp: string) =>
  run(airlock, (m) => m.connectOtp(email, otp))

/** Seconds until a new code may be asked for (0: now). */
export const emailCooldown = (airlock: AirlockClient) => run(airlock, (m) => m.emailCooldown)

/**
 * Logs in with a social account through `popup` (from {@link openSocialPopup}) and connects; rejects with 'Popup
 * closed' when the user closes it first.
 * @example
 * ```ts
 * document.querySelector("button")?.addEventListener("click", () => {
 *   void connectSocial(airlock, "github", openSocialPopup())
 * })
 * ```
 */
export const connectSocial = (airlock: AirlockClient, provider: SocialProvider, popup: Window | undefined) =>
  run(airlock, (m) => m.connectSocial(provider, popup))

/**
 * Logs in with Farcaster: the approval URL (for a QR code) appears as the account's `farcasterUrl`; resolves once
 * it is approved and connected. Leaving the ConnectingFarcaster view fails it.
 */
export const connectFarcaster = (airlock: AirlockClient) => run(airlock, (m) => m.connectFarcaster())

/** Starts changing the user's email: resolves `VERIFY_PRIMARY_OTP` or `VERIFY_SECONDARY_OTP`. */
export const updateEmail = (airlock: AirlockClient, email: string) => run(airlock, (m) => m.updateEmail(email))

/** The code sent to the current address during an email change. */
export const updateEmailPrimaryOtp = (airlock: AirlockClient, otp: string) =>
  run(airlock, (m) => m.updateEmailPrimaryOtp(otp))

/** The code sent to the new address: resolves the new email once it changed. */
export const updateEmailSecondaryOtp = (airlock: AirlockClient, otp: string) =>
  run(airlock, (m) => m.updateEmailSecondaryOtp(otp))

/** The EVM chain ids where the smart account is offered. */
export const smartAccountNetworks = (airlock: AirlockClient) => run(airlock, (m) => m.smartAccountNetworks)

/** Makes the smart account or the EOA the active account. */
export const setPreferredAccount = (airlock: AirlockClient, type: AccountType) =>
  run(airlock, (m) => m.setPreferredAccount(type))

/** Approves (`true`) or rejects the request waiting in ApproveTransaction as `id`. */
export const answerRequest = (airlock: AirlockClient, id: string, approved: boolean) =>
  import("../../core/client/lazy.ts").then((m) => airlock.runtime.runPromise(m.approval.answerApproval(id, approved)))
