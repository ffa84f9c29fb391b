import * as Effect from "effect/Effect"
import { networkMessages } from "../../i18n/en/network.ts"
import { reset } from "../../router/index.ts"
import type { ChainNamespace } from "../../schema/namespace.ts"
import type { CaipNetwork } from "../../schema/network.ts"
import { Options } from "../../services/Options.ts"
import type { AirlockState } from "../../state/AirlockState.ts"
import { StateStore } from "../../state/StateStore.ts"
import { activateNetwork } from "./activate.ts"

/** Whether `network` is one of the app's networks. */
export const isSupportedNetwork = (state: AirlockState, network: CaipNetwork | undefined): boolean =>
  network !== undefined && state.networks.some((n) => n.caipNetworkId === network.caipNetworkId)

/**
 * The network shown for a chain the app does not know (SPEC §3: shown as an unsupported network), named by the
 * wallet's chain in English ("Chain 31337"); renderers name it in the user's language (`network.chain`).
 */
export const unknownNetwork = (namespace: ChainNamespace, id: string | number): CaipNetwork =>
  ({
    id,
    caipNetworkId: `${namespace}:${id}`,
    chainNamespace: namespace,
    // Filled here, not with i18n/format.ts: the renderer's translation hook (a file of its own on the first load)
    // runs that module, and sharing it with this lazy part keeps core's first-load code out of the page's file
    // under rolldown (Vite): a third file and 1 KB more before the button shows (test/renderers/react/firstLoad).
    name: networkMessages["network.chain"].replace("{id}", () => String(id)),
    nativeCurrency: { name: "Unknown", symbol: "", decimals: namespace === "solana" ? 9 : 18 },
    rpcUrls: { default: { http: [] } }
  }) as unknown as CaipNetwork

/**
 * A wallet reported its chain (e.g. `chainChanged`). An unknown chain becomes the active, unsupported network, and
 * the UnsupportedChain view opens when switching is enabled, unsupported chains are not allowed and basic mode is
 * off (SPEC §4).
 */
export const reportChain = Effect.fn("reportChain")(function* (namespace: ChainNamespace, chainId: string | number) {
  const store = yield* StateStore
  const options = yield* Options
  const state = store.getSnapshot()
  // A chain reported by a wallet of a namespace the app is not acting on changes that namespace only.
  const focus = state.activeNamespace === undefined || state.activeNamespace === namespace
  const known = state.networks.find((n) => n.caipNetworkId === `${namespace}:${chainId}`)
  if (known !== undefined) {
    store.update((s) => activateNetwork(s, known, focus))
    return
  }
  const showView = focus && options.enableNetworkSwitch && !options.allowUnsupportedChain && !options.basic
  store.update((s) => {
    const next = activateNetwork(s, unknownNetwork(namespace, chainId), focus)
    return showView ? { ...next, modal: { ...reset(next.modal, "UnsupportedChain"), open: true } } : next
  })
})
