import * as Effect from "effect/Effect"
import { ConnectionError } from "../../errors/catalogue.ts"
import { isSafeLinkUrl } from "../../schema/urlCheck.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { StateStore } from "../../state/StateStore.ts"
import { track } from "../events/track.ts"
import { authConnector, namespace, readyFrame } from "./frame.ts"
import { finishLogin } from "./login.ts"

/**
 * Farcaster (SPEC §4): the frame's approval URL goes into the state (`farcasterUrl`, the QR code), then the login
 * waits for the approval. Leaving the view or closing the modal first fails it ('Failed to connect to farcaster').
 */
export const connectFarcaster = Effect.fn("connectFarcaster")(
  function* () {
    yield* authConnector
    yield* track("SOCIAL_LOGIN_STARTED", { provider: "farcaster" })
    const store = yield* StateStore
    const frame = yield* readyFrame
    const { url } = yield* frame.request("GET_FARCASTER_URI")
    if (!isSafeLinkUrl(url)) return yield* new ConnectionError({ reason: "FarcasterConnectionFailed" })
    store.update((s) => ({
      ...s,
      accounts: { ...s.accounts, [namespace]: { ...s.accounts[namespace], farcasterUrl: url } }
    }))
    const left = Effect.callback<void>((resume) => {
      const gone = (state: AirlockState) => !state.modal.open || state.modal.view !== "ConnectingFarcaster"
      const unsubscribe = store.subscribe((state) => {
        if (!gone(state)) return
        unsubscribe()
        resume(Effect.void)
      })
      return Effect.sync(unsubscribe)
    }).pipe(Effect.andThen(Effect.fail(new ConnectionError({ reason: "FarcasterConnectionFailed" }))))
    const user = yield* Effect.raceFirst(frame.request("CONNECT_FARCASTER"), left)
    yield* track("SOCIAL_LOGIN_REQUEST_USER_DATA", { provider: "farcaster" })
    const username = user.username ?? user.userName ?? undefined
    yield* finishLogin(username === undefined || username === null ? {} : { username })
    yield* track("SOCIAL_LOGIN_SUCCESS", { provider: "farcaster" })
  },
  Effect.tapError(() => track("SOCIAL_LOGIN_ERROR", { provider: "farcaster" }))
)
