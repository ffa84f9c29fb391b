import type { PushData } from "../../router/requests.ts"
import { push as pushRouter } from "../../router/state.ts"
import { isViewEnabled, type View } from "../../router/views.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import type { Store } from "../../state/Store.ts"

/**
 * The view a push shows: on a phone the plain WalletConnect row leads to All Wallets (a wallet is chosen there and
 * opened by its link) rather than a QR code the same phone would have to scan; with the All Wallets feature off it
 * stays the pairing view, which draws no QR code on a phone.
 */
const pushedView = (state: AirlockState, view: View, data: unknown): View =>
  view === "ConnectingWalletConnect" &&
  state.isMobile &&
  state.features.allWallets &&
  (data as { readonly walletId?: string } | undefined)?.walletId === undefined
    ? "AllWallets"
    : view

/** Pushes a view onto the modal's stack; a feature view whose feature is off is not pushed (SPEC §2). */
export const applyPush = <V extends View>(store: Store<AirlockState>, view: V, ...[data]: PushData<V>): void =>
  store.update((state) => {
    if (!isViewEnabled(view, state.features)) return state
    const shown = pushedView(state, view, data)
    return { ...state, modal: pushRouter(state.modal, shown, (shown === view ? data : undefined) as never) }
  })
