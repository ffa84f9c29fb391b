import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import { Adapters } from "../../adapter/Adapters.ts"
import { pairingExpiryMarginMs } from "../../schema/pairing.ts"
import { Storage, StorageKeys } from "../../services/Storage.ts"
import { StateStore } from "../../state/StateStore.ts"
import { whenState } from "../../state/whenState.ts"

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
 * pairing, whose pending connect then rejects and puts the namespace back as it was; the URI goes at once.
 */
export const cancelPairing = Effect.gen(function* () {
  const store = yield* StateStore
  const state = store.getSnapshot()
  if (state.walletConnect.uri === undefined) return
  store.update((s) => ({
    ...s,
    walletConnect: { ...s.walletConnect, uri: undefined, expiry: undefined, wallet: undefined }
  }))
  const adapters = yield* Adapters
  for (const connector of state.connectors.filter((c) => c.type === "WALLET_CONNECT")) {
    const implementation = yield* adapters.loadFor(connector.id, connector.chain)
    yield* Effect.sync(() => implementation?.cancelConnect?.(connector.id))
  }
}).pipe(Effect.catch((error) => Effect.logWarning("Airlock: the pairing could not be given up", error)))
