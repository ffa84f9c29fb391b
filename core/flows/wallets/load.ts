import * as Effect from "effect/Effect"
import { StateStore } from "../../state/StateStore.ts"
import { hasWalletConnect } from "../../state/selectors.ts"
import { loadMoreWallets } from "../remote/allWallets.ts"
import { loadWallets } from "../remote/wallets.ts"

/**
 * What a custom connect UI shows first: the featured and recommended wallets (fetched at start; again here when they
 * failed or are missing) and the registry's first page (SPEC §9: 40). Nothing without a WalletConnect connector (no
 * registry wallet could connect); a failure shows APKT003 and leaves `wallets.status` `failed`.
 */
export const loadWalletLists = Effect.gen(function* () {
  const store = yield* StateStore
  const state = store.getSnapshot()
  if (!hasWalletConnect(state)) return
  const { wallets } = state
  yield* Effect.all(
    [
      wallets.featured.length === 0 && wallets.recommended.length === 0 ? loadWallets : Effect.void,
      wallets.all.length === 0 && !wallets.search ? loadMoreWallets : Effect.void
    ],
    { concurrency: 2, discard: true }
  )
}).pipe(Effect.withSpan("loadWalletLists"))
