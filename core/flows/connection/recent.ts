import * as Effect from "effect/Effect"
import { RECENT_WALLETS_KEPT } from "../../rules/connectOrder.ts"
import type { Connector } from "../../schema/connector.ts"
import type { WalletListing } from "../../schema/wallet.ts"
import { Storage, StorageKeys } from "../../services/Storage.ts"
import { StateStore } from "../../state/StateStore.ts"

/**
 * Puts the connected wallet first among the recent wallets (2 kept, SPEC §5): its registry listing when the registry
 * knows its rdns, else a listing made from the connector.
 */
export const rememberRecent = (connector: Connector, chosen: WalletListing | undefined) =>
  Effect.gen(function* () {
    const store = yield* StateStore
    const storage = yield* Storage
    const state = store.getSnapshot()
    const rdns = connector.info?.rdns
    const { wallets } = state
    const known = [...wallets.recent, ...wallets.featured, ...wallets.recommended, ...wallets.all]
    const listing: WalletListing = chosen ??
      (rdns === undefined ? undefined : known.find((w) => w.rdns === rdns)) ??
      known.find((w) => w.id === connector.explorerId) ?? {
        id: connector.explorerId ?? connector.id,
        name: connector.name,
        ...(rdns === undefined ? {} : { rdns })
      }
    const recent = [listing, ...state.wallets.recent.filter((w) => w.id !== listing.id)].slice(0, RECENT_WALLETS_KEPT)
    store.update((s) => ({ ...s, wallets: { ...s.wallets, recent } }))
    yield* storage.set(StorageKeys.recentWallets, recent)
  })
