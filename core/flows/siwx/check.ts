import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { StateStore } from "../../state/StateStore.ts"
import { closeAfterConnect } from "../connection/closeAfterConnect.ts"
import { openModal } from "../modal/settle.ts"
import type { SiwxAccount } from "./account.ts"
import type { SiwxContext } from "./context.ts"
import { liveSessions, setSiwx, signedIn } from "./session.ts"

/**
 * What a newly connected account, or a network switch, leads to (SPEC §4): on a network the app lists, its sessions
 * are read; with one it is signed in (and a modal the connection was made in closes); without one the modal asks,
 * on the sign view. Status `checking` is set by the watcher
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
    // SPEC §4 puts the email-capture view (DataCapture) first when that feature is on; it is not built yet, so the sign
    // view asks directly until it is.
    const { modal } = store.getSnapshot()
    if (!(modal.open && modal.view === "SIWXSignMessage")) yield* openModal({ view: "SIWXSignMessage" })
  }).pipe(Effect.withSpan("siwx.checkAccount"))
