import * as Effect from "effect/Effect"
import { ConnectionError, type EmailError, FrameError } from "../../errors/catalogue.ts"
import { SOCIAL_POPUP_POLL_MS } from "../../router/constants.ts"
import type { SocialProvider } from "../../schema/login.ts"
import { isSafeLinkUrl } from "../../schema/urlCheck.ts"
import { StateStore } from "../../state/StateStore.ts"
import { track } from "../events/track.ts"
import { authConnector, namespace, readyFrame } from "./frame.ts"
import { finishLogin } from "./login.ts"

/** The popup closed without a result: 'Popup closed' (checked every second, SPEC §9). */
const whenPopupClosed = (popup: Window) =>
  Effect.gen(function* () {
    while (!popup.closed) yield* Effect.sleep(SOCIAL_POPUP_POLL_MS)
    return yield* new ConnectionError({ reason: "PopupClosed" })
  })

/** What the frame's `CONNECT_SOCIAL_ERROR` says when the user refused at the provider (docs/frame-protocol.md). */
const frameRefusal = "Connection rejected"

/**
 * A failure of a social step in SPEC §8's words: a refusal stays 'Connection rejected'. The refusal is read from the
 * frame's own reply (its protocol), never from an error's display text.
 */
const socialError = (error: unknown): ConnectionError | EmailError | FrameError => {
  if (error instanceof ConnectionError) return error
  if (error instanceof FrameError && error.reason === "Reply" && error.params?.message === frameRefusal) {
    return new ConnectionError({ reason: "ConnectionRejected", cause: error })
  }
  return new ConnectionError({
    reason: "SocialConnectionFailed",
    details: error instanceof Error ? error.message : String(error),
    cause: error
  })
}

/**
 * A social login (SPEC §4) through `popup`, which the click opened synchronously (a popup opened later is blocked):
 * the frame gives the provider's consent page, the popup shows it, the secure site posts the result back, and the
 * frame logs in with it. The popup closed without a result fails with 'Popup closed'; no popup, with 'Failed to
 * initiate social connection'.
 */
export const connectSocial = Effect.fn("connectSocial")(function* (
  provider: SocialProvider,
  popup: Window | undefined
) {
  yield* authConnector
  yield* track("SOCIAL_LOGIN_STARTED", { provider })
  if (popup === undefined) {
    yield* track("SOCIAL_LOGIN_ERROR", { provider })
    return yield* new ConnectionError({ reason: "SocialConnectionFailed" })
  }
  const store = yield* StateStore
  store.update((s) => ({
    ...s,
    accounts: { ...s.accounts, [namespace]: { ...s.accounts[namespace], socialProvider: provider } }
  }))
  const login = Effect.gen(function* () {
    const frame = yield* readyFrame
    const { uri } = yield* frame.request("GET_SOCIAL_REDIRECT_URI", { provider })
    if (!/^https?:\/\//.test(uri) || !isSafeLinkUrl(uri)) {
      return yield* new ConnectionError({ reason: "SocialConnectionFailed", details: "Unsafe consent page URL" })
    }
    popup.location.href = uri
    const result = yield* Effect.raceFirst(frame.socialResult(popup), whenPopupClosed(popup))
    yield* track("SOCIAL_LOGIN_REQUEST_USER_DATA", { provider })
    const user = yield* frame.request("CONNECT_SOCIAL", { uri: result })
    const username = user.username ?? user.userName ?? undefined
    yield* finishLogin({
      social: provider,
      ...(username === undefined || username === null ? {} : { username })
    })
  })
  yield* login.pipe(
    Effect.mapError(socialError),
    // Closing the popup or refusing at the provider is the user's choice (CANCELED); anything else is an error.
    Effect.tapError((error) =>
      track(
        error instanceof ConnectionError && (error.reason === "PopupClosed" || error.reason === "ConnectionRejected")
          ? "SOCIAL_LOGIN_CANCELED"
          : "SOCIAL_LOGIN_ERROR",
        { provider }
      )
    ),
    Effect.ensuring(
      Effect.sync(() => {
        if (!popup.closed) popup.close()
      })
    )
  )
  yield* track("SOCIAL_LOGIN_SUCCESS", { provider })
})
