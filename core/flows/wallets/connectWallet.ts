import * as Effect from "effect/Effect"
import { ConnectionError } from "../../errors/catalogue.ts"
import { filterExcludedWallets } from "../../rules/connectOrder.ts"
import { walletLink, walletLinkTarget } from "../../rules/walletLinks.ts"
import type { WalletListing } from "../../schema/wallet.ts"
import { Platform, type PlatformShape } from "../../services/Platform.ts"
import { WalletApi } from "../../services/WalletApi.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { StateStore } from "../../state/StateStore.ts"
import type { Store } from "../../state/Store.ts"
import type { WalletTarget } from "../../state/walletList.ts"
import { connect } from "../connection/connect.ts"
import { cancelPairing } from "../connection/pairing.ts"
import { withImages } from "../remote/wallets.ts"
import { findConnector, findKnownListing } from "./find.ts"

/** A registry wallet by id: from the lists the state holds, else asked of the registry (one entry). */
const findListing = Effect.fn("findListing")(function* (key: string) {
  const store = yield* StateStore
  const state = store.getSnapshot()
  const known = findKnownListing(state, key)
  if (known !== undefined) return known
  const { excludedWallets } = state
  const api = yield* WalletApi
  const page = yield* api
    .getWallets({ page: 1, entries: 1, include: [key] })
    .pipe(
      Effect.catch((error) =>
        Effect.as(Effect.logWarning(`Airlock: wallet "${key}" could not be looked up`, error), undefined)
      )
    )
  const found = page?.data.find((wallet) => wallet.id === key)
  return found === undefined ? undefined : filterExcludedWallets(withImages(api, [found]), excludedWallets)[0]
})

/**
 * On a phone, opens the chosen wallet's app with the pairing as soon as its URI is offered (no QR code to scan with
 * the same phone); an app scheme in this tab, a universal link in a new one. Returns what stops watching.
 */
const openOnPhone = (store: Store<AirlockState>, platform: PlatformShape, listing: WalletListing) => {
  const unsubscribe = store.subscribe((state) => {
    const uri = state.walletConnect.uri
    if (uri === undefined) return
    unsubscribe()
    const link = walletLink(listing, "mobile", uri)
    if (link !== undefined) platform.open(link.href, walletLinkTarget(link.href))
  })
  return unsubscribe
}

/**
 * Connects one wallet without the modal (a wallet button, a custom connect UI): an installed browser wallet (by
 * connector id, rdns or name) through its extension; `"walletConnect"` through a plain pairing (the URI is in
 * `state.walletConnect.uri` for a QR code); a registry wallet through WalletConnect with that wallet chosen, so the
 * pairing's links open it (`selectWalletList(state).walletConnect.links`) and, on a phone, its app opens by itself.
 * A registry wallet that is installed here connects through its extension. Rejects with `ConnectionError`:
 * 'Connection rejected', 'Failed to connect' (also for a wallet not found or excluded), or 'WalletConnectConnector
 * not found' (a registry wallet and no `walletConnect()` adapter).
 */
export const connectWallet = Effect.fn("connectWallet")(function* (target: WalletTarget) {
  const store = yield* StateStore
  const state = store.getSnapshot()
  const key = typeof target === "string" ? target : (target.connectorId ?? target.id)
  const connector = findConnector(state, key)
  if (connector !== undefined) {
    // A plain pairing: no registry wallet chosen (one chosen before is forgotten).
    if (
      connector.type === "WALLET_CONNECT" &&
      state.walletConnect.wallet !== undefined &&
      state.walletConnect.uri === undefined
    ) {
      store.update((s) => ({ ...s, walletConnect: { ...s.walletConnect, wallet: undefined } }))
    }
    return yield* connect(connector.id)
  }
  const listing = (typeof target === "string" ? undefined : target.listing) ?? (yield* findListing(key))
  if (listing === undefined) {
    return yield* new ConnectionError({ reason: "FailedToConnect", details: `No wallet "${key}"` })
  }
  // Installed here after all (the registry knows its rdns): its extension connects it.
  const installed = listing.rdns ? findConnector(state, listing.rdns) : undefined
  if (installed !== undefined && installed.type !== "WALLET_CONNECT") return yield* connect(installed.id)
  const walletConnect = state.connectors.find((c) => c.type === "WALLET_CONNECT")
  if (walletConnect === undefined) {
    return yield* new ConnectionError({ reason: "WalletConnectConnectorNotFound" })
  }
  // The chosen wallet: the connect reads it while the modal is closed (`selectWalletConnectWallet`).
  store.update((s) => ({ ...s, walletConnect: { ...s.walletConnect, wallet: listing } }))
  if (!state.isMobile) return yield* connect(walletConnect.id)
  const stop = openOnPhone(store, yield* Platform, listing)
  return yield* connect(walletConnect.id).pipe(Effect.ensuring(Effect.sync(stop)))
})

/**
 * Gives up the WalletConnect pairing a `connectWallet` offers while the modal is closed (a custom connect UI's Back):
 * the URI and the chosen wallet go, the adapter aborts the pairing, and the pending `connectWallet` rejects, the
 * account back to how it was. Nothing when no pairing is offered.
 */
export const cancelConnectWallet = cancelPairing
