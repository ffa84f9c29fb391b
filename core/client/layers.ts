import * as Effect from "effect/Effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as Layer from "effect/Layer"
import type { AlertError } from "../errors/alerts.ts"
import type { OptionsError } from "../errors/catalogue.ts"
import type { AirlockOptions } from "../options/AirlockOptions.ts"
import { decodeOptions } from "../options/decodeOptions.ts"
import { ActiveNetwork } from "../services/ActiveNetwork.ts"
import { Analytics } from "../services/Analytics.ts"
import { BlockchainApi } from "../services/BlockchainApi.ts"
import type { ClientConfig } from "../services/ClientConfig.ts"
import { Options } from "../services/Options.ts"
import type { Platform } from "../services/Platform.ts"
import { Storage } from "../services/Storage.ts"
import { WalletApi } from "../services/WalletApi.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import type { Store } from "../state/Store.ts"

/**
 * The service layers a client runs on; each can be replaced (tests use the memory layers). This module is loaded on
 * demand, right after `createAirlock`, so HTTP and the services stay out of the first load.
 */
export interface ServiceLayers {
  /** Storage; defaults to `localStorage`. */
  readonly storage?: Layer.Layer<Storage> | undefined
  readonly walletApi?: Layer.Layer<WalletApi, never, ClientConfig> | undefined
  readonly blockchainApi?: Layer.Layer<BlockchainApi, never, ClientConfig | ActiveNetwork> | undefined
  readonly analytics?: Layer.Layer<Analytics, never, ClientConfig | Platform> | undefined
}

/** The network the blockchain API checks support for: the active namespace's active network. */
export const activeNetworkLayer = (store: Store<AirlockState>) =>
  ActiveNetwork.layer(
    Effect.sync(() => {
      const state = store.getSnapshot()
      return state.activeNamespace === undefined
        ? undefined
        : state.activeNetworks[state.activeNamespace]?.caipNetworkId
    })
  )

/**
 * The decoded options and the live layers over `fetch` and `localStorage`, or the replacements given. Analytics is gated by the state's
 * `analytics` feature, and its alerts (APKT002 on a 403, once) go to `onAlert`.
 */
export const serviceLayers = (
  store: Store<AirlockState>,
  replacements: ServiceLayers,
  onAlert: (alert: AlertError) => void,
  options: AirlockOptions
): Layer.Layer<Options | Storage | WalletApi | BlockchainApi | Analytics, OptionsError, ClientConfig | Platform> => {
  const http = FetchHttpClient.layer
  const analytics =
    replacements.analytics ??
    Analytics.layerWith({
      enabled: Effect.sync(() => store.getSnapshot().features.analytics),
      onAlert
    }).pipe(Layer.provide(http))
  return Layer.mergeAll(
    // The schema decode lives here, in the services chunk: a bad option fails the runtime, so every action rejects.
    Layer.effect(Options, decodeOptions(options)),
    replacements.storage ?? Storage.layerLocalStorage,
    replacements.walletApi ?? WalletApi.layer.pipe(Layer.provide(http)),
    (replacements.blockchainApi ?? BlockchainApi.layer.pipe(Layer.provide(http))).pipe(
      Layer.provide(activeNetworkLayer(store))
    ),
    analytics
  )
}
