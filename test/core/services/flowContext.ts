import * as Layer from "effect/Layer"
import { mainnet } from "../../../core/networks/index.ts"
import { DEFAULT_FEATURES } from "../../../core/rules/features.ts"
import { Options, type ResolvedOptions } from "../../../core/services/Options.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { makeInitialState } from "../../../core/state/initial.ts"
import { StateStore } from "../../../core/state/StateStore.ts"
import { makeStore, type Store } from "../../../core/state/Store.ts"

/** The decoded options the flows read, spelled out (these tests decode no app options). */
export const flowOptions = {
  projectId: "p1",
  hasAdapters: false,
  enableReconnect: true,
  enableNetworkSwitch: true,
  allowUnsupportedChain: false,
  manualWCControl: false,
  basic: false,
  embedded: false,
  features: undefined,
  featuredWalletIds: [],
  includeWalletIds: undefined
} satisfies ResolvedOptions

/** A fresh store in its first state (desktop, nothing injected, on mainnet). */
export const makeFlowStore = (over: { readonly isMobile?: boolean; readonly hasInjectedWallet?: boolean } = {}) =>
  makeStore<AirlockState>(
    makeInitialState({
      networks: [mainnet],
      activeNetwork: mainnet,
      themeMode: "dark",
      themeVariables: undefined,
      features: DEFAULT_FEATURES,
      statuses: {},
      isMobile: over.isMobile ?? false,
      hasInjectedWallet: over.hasInjectedWallet ?? false
    })
  )

/** The store and options every flow needs. */
export const flowContext = (store: Store<AirlockState>) =>
  Layer.mergeAll(StateStore.layer(store), Options.layer(flowOptions))
