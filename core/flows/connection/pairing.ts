import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { Adapters } from "../../adapter/Adapters.ts"
import { pairingExpiryMarginMs } from "../../schema/pairing.ts"
import { Options } from "../../services/Options.ts"
import { Platform } from "../../services/Platform.ts"
import { Storage, StorageKeys } from "../../services/Storage.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { StateStore } from "../../state/StateStore.ts"
import { whenState } from "../../state/whenState.ts"
import { connectNetworkOf } from "./adapter.ts"

/**
 * Resets the WalletConnect connection (SPEC §4): no URI, no pairing expiry, no linking and no chosen wallet, in the
 * state and in storage. Runs when a WalletConnect connection ends.
 */
export const resetWalletConnect = Effect.gen(function* () {
  const store = yield* StateStore
  const storage = yield* Storage
  store.update((s) => ({ ...s, walletConnect: { uri: undefined, expiry: undefined } }))
  yield* storage.remove(StorageKeys.walletConnectLinking)
})

/** Resolves with the pairing's expiry once a URI other than the last one is offered. */
const nextExpiry = (after: number | undefined) =>
  whenState(({ walletConnect: { expiry } }) => (expiry !== undefined && expiry !== after ? expiry : undefined))

/**
 * Keeps the offered pairing fresh while a connect waits (SPEC §5 §9): when a URI has under 10 s of its 4 minutes
 * left, it is cleared and the adapter makes a new one. Runs as a child of the connect, so it ends with it.
 */
export const renewPairings = (renew: () => Promise<void> | void) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    let last: number | undefined
    for (;;) {
      const expiry = yield* nextExpiry(last)
      last = expiry
      const now = yield* Clock.currentTimeMillis
      yield* Effect.sleep(Math.max(0, expiry - pairingExpiryMarginMs - now))
      if (store.getSnapshot().walletConnect.expiry !== expiry) continue
      store.update((s) => ({ ...s, walletConnect: { ...s.walletConnect, uri: undefined, expiry: undefined } }))
      yield* Effect.tryPromise(async () => renew()).pipe(
        Effect.catch((error) => Effect.logWarning("Airlock: the pairing could not be renewed", error))
      )
    }
  })

/**
 * Closing the modal while a pairing is offered gives it up (SPEC §4 WalletConnect reset): the adapter aborts the
 * pairing, whose pending connect then rejects and puts the namespace back as it was; the URI goes at once. A pairing
 * made in advance for the modal (`preparePairing`, offered or not) is given up too.
 */
export const cancelPairing = Effect.gen(function* () {
  const store = yield* StateStore
  const adapters = yield* Adapters
  const state = store.getSnapshot()
  const offered = state.walletConnect.uri !== undefined
  const prepared = [...adapters.prepared]
  adapters.prepared.clear()
  if (!offered && prepared.length === 0) return
  if (offered) {
    store.update((s) => ({
      ...s,
      walletConnect: { ...s.walletConnect, uri: undefined, expiry: undefined, wallet: undefined }
    }))
  }
  const targets = new Map(prepared)
  if (offered) for (const c of state.connectors) if (c.type === "WALLET_CONNECT") targets.set(c.id, c.chain)
  for (const [connectorId, namespace] of targets) {
    const implementation = yield* adapters.loadFor(connectorId, namespace)
    yield* Effect.sync(() => implementation?.cancelConnect?.(connectorId))
  }
}).pipe(Effect.catch((error) => Effect.logWarning("Airlock: the pairing could not be given up", error)))

/** The views from which WalletConnect is chosen: a pairing made in advance serves them. */
const choosingViews: ReadonlySet<string> = new Set(["Connect", "AllWallets"])

/** An idle period this long is the browser's whole (Chrome gives at most 50 ms), not the gap before the next frame. */
const WHOLE_IDLE_MS = 40

/**
 * Resolves once the browser has a whole idle period (at most 1 s later), at once where there is no
 * `requestIdleCallback`. Making a pairing is ~30 ms of the SDK's work (keys, hashes, the relay's socket): run in the few
 * ms left before the next frame, as the first idle callback after a click gives, it held back the frame that showed
 * the opened modal.
 */
const idle = Effect.gen(function* () {
  const platform = yield* Platform
  const window = platform.window as
    | (Window & { requestIdleCallback?: Window["requestIdleCallback"]; cancelIdleCallback?: (id: number) => void })
    | undefined
  const request = window?.requestIdleCallback
  if (request === undefined) return
  const until = Date.now() + 1000
  yield* Effect.callback<void>((resume) => {
    let id = 0
    const ask = () => {
      id = request.call(
        window,
        (deadline) => {
          if (deadline.didTimeout || deadline.timeRemaining() >= WHOLE_IDLE_MS) resume(Effect.void)
          else ask()
        },
        { timeout: Math.max(0, until - Date.now()) }
      )
    }
    ask()
    return Effect.sync(() => window?.cancelIdleCallback?.(id))
  })
})

/**
 * What peers do (AppKit) when the modal opens where a wallet is chosen: each WalletConnect connector's adapter starts
 * its provider and makes a pairing in the background, once the page is idle, so choosing WalletConnect (or a
 * WalletConnect wallet in All Wallets) shows the QR code at once. Not with `manualWCControl` (the app drives
 * WalletConnect), nor once the modal left those views, nor while a WalletConnect connect is under way. The pairing
 * stays the adapter's until a connect takes it: the state holds no URI, nothing is tracked, and closing the modal
 * gives it up (`cancelPairing`).
 */
export const preparePairings = Effect.gen(function* () {
  const options = yield* Options
  if (options.manualWCControl) return
  const store = yield* StateStore
  const adapters = yield* Adapters
  const waiting = (state: AirlockState) => state.modal.open && choosingViews.has(state.modal.view)
  for (const connector of store.getSnapshot().connectors) {
    if (connector.type !== "WALLET_CONNECT" || !waiting(store.getSnapshot())) continue
    const implementation = yield* adapters.loadFor(connector.id, connector.chain)
    const prepare = implementation?.preparePairing
    if (prepare === undefined) continue
    yield* idle
    const state = store.getSnapshot()
    if (!waiting(state) || state.walletConnect.uri !== undefined) continue
    if (state.accounts[connector.chain].status === "connecting") continue
    const network = connectNetworkOf(state, connector.chain)
    if (network === undefined) continue
    adapters.prepared.set(connector.id, connector.chain)
    yield* Effect.sync(() => prepare({ connectorId: connector.id, network }))
  }
}).pipe(
  Effect.catch((error) => Effect.logWarning("Airlock: no pairing could be made in advance", error)),
  Effect.withSpan("preparePairings")
)

/**
 * Gives up the pairings made in advance, but `connectorId`'s (the one a connect took): run when a connection is
 * made, so a visitor who chose another wallet leaves no WalletConnect pairing behind.
 */
export const givePreparedUp = (connectorId: string) =>
  Effect.gen(function* () {
    const adapters = yield* Adapters
    const prepared = [...adapters.prepared].filter(([id]) => id !== connectorId)
    adapters.prepared.clear()
    for (const [id, namespace] of prepared) {
      const implementation = yield* adapters.loadFor(id, namespace)
      yield* Effect.sync(() => implementation?.cancelConnect?.(id))
    }
  }).pipe(Effect.catch((error) => Effect.logWarning("Airlock: the pairing could not be given up", error)))
