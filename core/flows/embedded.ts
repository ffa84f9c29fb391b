/**
 * The embedded wallet's logins and account changes (SPEC §4, §6), over core's Frame service: email with its code
 * (and device approval), socials through a popup, Farcaster by QR, updating the email, and switching between the
 * smart account and the EOA. A login ends in core's `connect` of the AUTH connector, like any wallet's. Loaded on
 * demand (`airlock/embedded`'s actions import it), never on the first load.
 * @module
 */
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import type { AuthConnection } from "../adapter/AdapterImplementation.ts"
import { ConnectionError, EmailError, FrameError } from "../errors/catalogue.ts"
import { SOCIAL_POPUP_POLL_MS } from "../router/constants.ts"
import { isEmail } from "../schema/checks.ts"
import type { SocialProvider } from "../schema/login.ts"
import { trimDiscordUsername } from "../schema/loginName.ts"
import type { AccountType } from "../schema/namespace.ts"
import { isSafeLinkUrl } from "../schema/urlCheck.ts"
import { ClientConfig } from "../services/ClientConfig.ts"
import { Frame } from "../services/Frame.ts"
import type { FrameShape } from "../services/FrameShape.ts"
import { Options } from "../services/Options.ts"
import { Storage, StorageKeys } from "../services/Storage.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import { forkInClient } from "../state/ClientScope.ts"
import { StateStore } from "../state/StateStore.ts"
import { connect, updateAuthConnection } from "./connection.ts"

/** SPEC §9: a new login email may be asked for 30 s after the last one at the earliest. */
export const EMAIL_COOLDOWN_MS = 30_000

/** SPEC §5: a valid email address (at most 254 characters: the length is checked before the pattern reads it). */
const validEmail = (address: string): boolean => address.length <= 254 && isEmail(address)

/** The namespace the embedded wallet serves. */
const namespace = "eip155"

/** The AUTH connector, or 'No auth connector found' (no `embedded()` adapter). */
const authConnector = Effect.gen(function* () {
  const connector = (yield* StateStore).getSnapshot().connectors.find((c) => c.type === "AUTH")
  if (connector === undefined) return yield* new ConnectionError({ reason: "NoAuthConnector" })
  return connector
})

/** The frames whose theme and dapp data were sent already (once per frame; the theme again when it changes). */
const synced = new WeakSet<FrameShape>()

/** SYNC_THEME and SYNC_DAPP_DATA once the frame is first ready, and SYNC_THEME again on every theme change. */
const syncFrame = (frame: FrameShape) =>
  Effect.gen(function* () {
    if (synced.has(frame)) return
    synced.add(frame)
    const store = yield* StateStore
    const config = yield* ClientConfig
    const options = yield* Options
    const theme = (state: AirlockState) => ({
      themeMode: state.themeMode,
      themeVariables: Object.fromEntries(
        Object.entries(state.themeVariables).flatMap(([key, value]) =>
          typeof value === "string" || typeof value === "number" ? [[key, value]] : []
        )
      )
    })
    const quiet = <A, E>(effect: Effect.Effect<A, E>) =>
      effect.pipe(Effect.catch((error) => Effect.logWarning("Airlock: the frame did not take the sync", error)))
    yield* forkInClient(
      Effect.all(
        [
          quiet(frame.request("SYNC_THEME", theme(store.getSnapshot()))),
          quiet(
            frame.request("SYNC_DAPP_DATA", {
              ...(options.metadata === undefined ? {} : { metadata: options.metadata }),
              sdkVersion: config.sdkVersion,
              sdkType: config.sdkType,
              projectId: config.projectId
            })
          )
        ],
        { discard: true }
      )
    )
    const context = yield* Effect.context<never>()
    store.subscribe((state, previous) => {
      if (state.themeMode === previous.themeMode && state.themeVariables === previous.themeVariables) return
      Effect.runForkWith(context)(quiet(frame.request("SYNC_THEME", theme(state))))
    })
  })

/**
 * The frame, created with the active EVM network (SPEC §7's parameters) and initialised: 'No auth connector found'
 * without the embedded adapter's layer.
 */
export const readyFrame = Effect.gen(function* () {
  const found = yield* Effect.serviceOption(Frame)
  if (Option.isNone(found)) return yield* new ConnectionError({ reason: "NoAuthConnector" })
  const frame = found.value
  const state = (yield* StateStore).getSnapshot()
  const network = state.activeNetworks[namespace] ?? state.networks.find((n) => n.chainNamespace === namespace)
  if (network === undefined)
    return yield* new ConnectionError({ reason: "NoRequestedChains", details: "No EVM network" })
  yield* frame.ensureFrame({ chainId: Number(network.id), rpcUrl: network.rpcUrls.default.http[0] ?? "" })
  yield* frame.ready
  yield* syncFrame(frame)
  return frame
})

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

/** After the frame logged in: the login remembered (SPEC §9 keys), then core connects the AUTH connector. */
const finishLogin = (login: {
  readonly email?: string
  readonly social?: SocialProvider
  readonly username?: string
}) =>
  Effect.gen(function* () {
    const storage = yield* Storage
    const connector = yield* authConnector
    if (login.email !== undefined) {
      yield* storage.set(StorageKeys.email, login.email)
      yield* storage.set(StorageKeys.emailLoginUsed, true)
    }
    if (login.social !== undefined) yield* storage.set(StorageKeys.socialProvider, login.social)
    if (login.username !== undefined) yield* storage.set(StorageKeys.socialUsername, login.username)
    yield* connect(connector.id)
    if (login.social !== undefined) {
      const name =
        login.social === "discord" && login.username !== undefined
          ? trimDiscordUsername(login.username)
          : login.username
      yield* updateAuthConnection(namespace, connector.id, {
        auth: { socialProvider: login.social, ...(name === undefined ? {} : { name }) }
      })
    }
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
  const { action } = yield* frame.request("CONNECT_EMAIL", { email: address })
  if (action === "CONNECT") yield* finishLogin({ email: address })
  return action
})

/** Waits until the user approved this device from the mailbox link; the code is mailed then (enter it next). */
export const connectDevice = Effect.fn("connectDevice")(function* () {
  const frame = yield* readyFrame
  yield* frame.request("CONNECT_DEVICE")
})

/** Logs in with the mailed code, then connects. */
export const connectOtp = Effect.fn("connectOtp")(function* (email: string, otp: string) {
  const frame = yield* readyFrame
  yield* frame.request("CONNECT_OTP", { otp: otp.trim() })
  yield* finishLogin({ email: email.trim() })
})

/** The popup closed without a result: 'Popup closed' (checked every second, SPEC §9). */
const whenPopupClosed = (popup: Window) =>
  Effect.gen(function* () {
    while (!popup.closed) yield* Effect.sleep(SOCIAL_POPUP_POLL_MS)
    return yield* new ConnectionError({ reason: "PopupClosed" })
  })

/** A failure of a social step in SPEC §8's words: a refusal stays 'Connection rejected'. */
const socialError = (error: unknown): ConnectionError | EmailError | FrameError => {
  if (error instanceof ConnectionError) return error
  if (error instanceof FrameError && error.shortMessage === "Connection rejected") {
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
  if (popup === undefined) return yield* new ConnectionError({ reason: "SocialConnectionFailed" })
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
    const user = yield* frame.request("CONNECT_SOCIAL", { uri: result })
    const username = user.username ?? user.userName ?? undefined
    yield* finishLogin({
      social: provider,
      ...(username === undefined || username === null ? {} : { username })
    })
  })
  yield* login.pipe(
    Effect.mapError(socialError),
    Effect.ensuring(
      Effect.sync(() => {
        if (!popup.closed) popup.close()
      })
    )
  )
})

/**
 * Farcaster (SPEC §4): the frame's approval URL goes into the state (`farcasterUrl`, the QR code), then the login
 * waits for the approval. Leaving the view or closing the modal first fails it ('Failed to connect to farcaster').
 */
export const connectFarcaster = Effect.fn("connectFarcaster")(function* () {
  yield* authConnector
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
  const username = user.username ?? user.userName ?? undefined
  yield* finishLogin(username === undefined || username === null ? {} : { username })
})

/** The connected embedded user's connector, or 'Not connected to email or social'. */
const connectedAuth = Effect.gen(function* () {
  const state = (yield* StateStore).getSnapshot()
  const connectorId = state.activeConnectorIds[namespace]
  const connector = state.connectors.find((c) => c.id === connectorId)
  if (connectorId === undefined || connector?.type !== "AUTH") {
    return yield* new ConnectionError({ reason: "NotConnectedToEmailOrSocial" })
  }
  return connectorId
})

/**
 * Starts changing the user's email (SPEC §4): answers `VERIFY_PRIMARY_OTP` (a code went to the current address
 * first) or `VERIFY_SECONDARY_OTP` (a code went to the new one).
 */
export const updateEmail = Effect.fn("updateEmail")(function* (email: string) {
  const address = email.trim()
  if (!validEmail(address)) return yield* new EmailError({ reason: "Invalid" })
  yield* connectedAuth
  const frame = yield* readyFrame
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

/** The networks each frame offers the smart account on: asked once per frame (they do not change in a session). */
const enabledNetworks = new WeakMap<FrameShape, ReadonlyArray<number>>()

/**
 * The chain ids where the smart account may be used, from the frame (once per frame), remembered in storage (SPEC §9
 * `smart_account_networks`).
 */
export const smartAccountNetworks = Effect.gen(function* () {
  const frame = yield* readyFrame
  const known = enabledNetworks.get(frame)
  if (known !== undefined) return known
  const { smartAccountEnabledNetworks } = yield* frame.request("GET_SMART_ACCOUNT_ENABLED_NETWORKS")
  enabledNetworks.set(frame, smartAccountEnabledNetworks)
  yield* (yield* Storage).set(StorageKeys.smartAccountNetworks, smartAccountEnabledNetworks)
  return smartAccountEnabledNetworks
})

/**
 * Makes the smart account or the EOA the active account (SPEC §4, §6): the smart account only on a network that
 * offers it. The address in the state follows; its balance is read again.
 */
export const setPreferredAccount = Effect.fn("setPreferredAccount")(function* (type: AccountType) {
  const connectorId = yield* connectedAuth
  const store = yield* StateStore
  const state = store.getSnapshot()
  if (type === "smartAccount") {
    const enabled = yield* smartAccountNetworks
    const network = state.activeNetworks[namespace]
    if (network === undefined || !enabled.includes(Number(network.id))) {
      return yield* new ConnectionError({
        reason: "FailedToConnect",
        details: "Smart accounts are not available on this network"
      })
    }
  }
  const frame = yield* readyFrame
  const answer = yield* frame.request("SET_PREFERRED_ACCOUNT", { type })
  const user = yield* frame.request("GET_USER", {})
  const auth: Partial<AuthConnection> = {
    preferredAccountType: answer.type,
    ...(user.smartAccountDeployed === undefined ? {} : { smartAccountDeployed: user.smartAccountDeployed }),
    user: { ...state.accounts[namespace].user, ...(user.accounts === undefined ? {} : { accounts: user.accounts }) }
  }
  yield* updateAuthConnection(namespace, connectorId, { accounts: [answer.address], auth })
})

/**
 * Reads the user again after a transaction (the smart account deploys with its first one): `smartAccountDeployed`
 * and the accounts follow in the state.
 */
export const refreshUser = Effect.gen(function* () {
  const connectorId = yield* connectedAuth
  const frame = yield* readyFrame
  const user = yield* frame.request("GET_USER", {})
  const before = (yield* StateStore).getSnapshot().accounts[namespace].user
  yield* updateAuthConnection(namespace, connectorId, {
    auth: {
      ...(user.smartAccountDeployed === undefined ? {} : { smartAccountDeployed: user.smartAccountDeployed }),
      user: { ...before, ...(user.accounts === undefined ? {} : { accounts: user.accounts }) }
    }
  })
})
