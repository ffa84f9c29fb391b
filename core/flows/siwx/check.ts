import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { StateStore } from "../../state/StateStore.ts"
import { closeAfterConnect } from "../connection/closeAfterConnect.ts"
import { openModal } from "../modal/settle.ts"
import type { SiwxAccount } from "./account.ts"
import { capturesEmail, knownEmail } from "./capture.ts"
import type { SiwxContext } from "./context.ts"
import { liveSessions, setSiwx, signedIn } from "./session.ts"

/** The views sign-in asks on. */
const signInViews: ReadonlySet<string> = new Set(["DataCapture", "DataCaptureOtpConfirm", "SIWXSignMessage"])

/**
 * What a newly connected account, or a network switch, leads to (SPEC §4): on a network the app lists, its sessions
 * are read; with one it is signed in (and a modal the connection was made in closes); without one the modal asks,
 * on the email-capture view when that feature is on, else on the sign view. Status `checking` is set by the watcher
 * before this runs, so the connection does not close the modal in between.
 */
export const checkAccount = (context: SiwxContext, account: SiwxAccount) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const required = context.config.getRequired?.() === true
    if (!account.supported) return yield* setSiwx((siwx) => ({ ...siwx, status: "idle", required, session: undefined }))
    const now = yield* Clock.currentTimeMillis
    const [session] = yield* liveSessions(context.config, account, now)
    if (session !== undefined) {
      const network = store.getSnapshot().activeNetworks[account.namespace]
      if (network !== undefined) context.lastSigned.set(account.namespace, network)
      yield* setSiwx((siwx) => signedIn(account, session)({ ...siwx, required }))
      yield* closeAfterConnect
      return
    }
    yield* setSiwx((siwx) => ({ ...siwx, status: "unauthenticated", required, session: undefined }))
    // SPEC §4: the email-capture view first when that feature is on (and the configuration can mail codes), else the
    // sign view; a modal already on one of them stays where it is.
    const state = store.getSnapshot()
    if (state.modal.open && signInViews.has(state.modal.view)) return
    if (capturesEmail(context, state)) {
      const email = knownEmail(state)
      yield* openModal({ view: "DataCapture", ...(email === undefined ? {} : { data: { email } }) })
    } else yield* openModal({ view: "SIWXSignMessage" })
  }).pipe(Effect.withSpan("siwx.checkAccount"))
