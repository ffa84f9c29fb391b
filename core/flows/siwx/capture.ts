import * as Effect from "effect/Effect"
import { ChainError, EmailError, SiwxError } from "../../errors/catalogue.ts"
import type { OpenParameters } from "../../router/requests.ts"
import { getViewParams, push, reset } from "../../router/state.ts"
import type { View } from "../../router/views.ts"
import { errorMessage } from "../../rules/walletErrors.ts"
import { isEmail } from "../../schema/checks.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { StateStore } from "../../state/StateStore.ts"
import { openModal } from "../modal/settle.ts"
import { siwxAccount } from "./account.ts"
import type { SiwxContext } from "./context.ts"
import { appCall } from "./session.ts"

/**
 * Email capture (SPEC §4, DataCapture): before the sign view, when the `emailCapture` feature is on and the
 * configuration can mail codes (`requestEmailOtp` and `confirmEmailOtp`, which `serverSiwx` has), the user gives an
 * email address and confirms it with the code mailed to it; the sign view follows, and the server puts the confirmed
 * address in the session it makes. Skip goes straight to the sign view.
 * @module
 */

/** Whether sign-in starts with email capture: the feature is on and the configuration can mail and check codes. */
export const capturesEmail = (context: SiwxContext, state: AirlockState): boolean =>
  state.features.emailCapture &&
  typeof context.config.requestEmailOtp === "function" &&
  typeof context.config.confirmEmailOtp === "function"

/** The address the capture form starts with: the embedded wallet's login email, when the account has one. */
export const knownEmail = (state: AirlockState): string | undefined => {
  const namespace = state.activeNamespace
  const email = namespace === undefined ? undefined : state.accounts[namespace].user?.email
  return typeof email === "string" && isEmail(email) ? email : undefined
}

/**
 * Shows the next step while the modal is open (else opens the modal on it): the code view on top of the email form
 * (Back returns to the address), the sign view alone (the capture is over).
 */
const showInstead = <V extends "DataCaptureOtpConfirm" | "SIWXSignMessage">(
  view: V,
  params?: V extends "DataCaptureOtpConfirm" ? { readonly email: string } : undefined
) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    if (!store.getSnapshot().modal.open) return yield* openModal({ view, data: params } as OpenParameters)
    store.update((state) => ({
      ...state,
      modal:
        view === "DataCaptureOtpConfirm"
          ? push(state.modal, view as "DataCaptureOtpConfirm", params as never)
          : reset(state.modal, view as View)
    }))
  })

/** The configuration's refusal of a code or a resend, in its own first line. */
const refused = (cause: unknown) =>
  new SiwxError({ reason: "EmailOtpRefused", params: { message: firstLine(errorMessage(cause)) } })

const firstLine = (text: string): string => (text.split("\n")[0] ?? "").slice(0, 200)

/** Has the configuration mail a code to `email` for the connected account (its CAIP-10 address). */
const mailCode = (context: SiwxContext, email: string) =>
  Effect.gen(function* () {
    const account = siwxAccount((yield* StateStore).getSnapshot())
    if (account === undefined) return yield* new ChainError({ reason: "NoActiveCaipAddress" })
    const request = context.config.requestEmailOtp
    if (request === undefined) return yield* new SiwxError({ reason: "EmailOtpFailed" })
    return yield* appCall(() =>
      request.call(context.config, { email, account: `${account.chainId}:${account.address}` })
    )
  })

/**
 * The capture form's Continue: checks the address, has the configuration mail a code for the connected account, and
 * shows the code view; when the configuration answers that the address is already confirmed for this account
 * (`uuid: null`), the sign view. 'Invalid email address' for a malformed address, 'No ActiveCaipAddress found'
 * without a connected account, 'Failed to send email OTP' when the configuration failed.
 */
export const requestCaptureCode = (context: SiwxContext, email: string) =>
  Effect.gen(function* () {
    const address = email.trim()
    if (!isEmail(address)) return yield* new EmailError({ reason: "Invalid" })
    const answer = yield* mailCode(context, address).pipe(
      Effect.mapError((error) =>
        error instanceof ChainError ? error : new SiwxError({ reason: "EmailOtpFailed", details: errorMessage(error) })
      )
    )
    const confirmed = (answer as { readonly uuid?: unknown } | undefined)?.uuid === null
    if (confirmed) yield* showInstead("SIWXSignMessage")
    else yield* showInstead("DataCaptureOtpConfirm", { email: address })
  }).pipe(Effect.withSpan("siwx.requestCaptureCode"))

/**
 * The code view's code: the configuration checks it (its error, such as 'Invalid code: 2 tries left', is the
 * failure), then the sign view takes the code view's place.
 */
export const confirmCaptureCode = (context: SiwxContext, code: string) =>
  Effect.gen(function* () {
    const confirm = context.config.confirmEmailOtp
    if (confirm === undefined) return yield* new SiwxError({ reason: "EmailOtpFailed" })
    yield* appCall(() => confirm.call(context.config, { code })).pipe(Effect.mapError(refused))
    yield* showInstead("SIWXSignMessage")
  }).pipe(Effect.withSpan("siwx.confirmCaptureCode"))

/** The code view's resend: the same address again; the configuration's refusal (a cooldown) is the failure. */
export const resendCaptureCode = (context: SiwxContext) =>
  Effect.gen(function* () {
    const email = getViewParams((yield* StateStore).getSnapshot().modal, "DataCaptureOtpConfirm")?.email
    if (email === undefined) return yield* new EmailError({ reason: "Invalid" })
    yield* mailCode(context, email).pipe(
      Effect.mapError((error) => (error instanceof ChainError || error instanceof SiwxError ? error : refused(error)))
    )
  }).pipe(Effect.withSpan("siwx.resendCaptureCode"))

/** The capture form's Skip: the sign view, without an email. */
export const skipCapture = showInstead("SIWXSignMessage").pipe(Effect.withSpan("siwx.skipCapture"))
