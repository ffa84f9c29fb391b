import * as Effect from "effect/Effect"
import { AlertError } from "../../errors/alerts.ts"
import type { AccountState } from "../../schema/account.ts"
import { type ChainNamespace, chainNamespaces } from "../../schema/namespace.ts"
import { isCaipNetworkId, parseCaipNetworkId } from "../../schema/network.ts"
import { Options } from "../../services/Options.ts"
import { Storage, StorageKeys } from "../../services/Storage.ts"
import { StateStore } from "../../state/StateStore.ts"
import { showAlert } from "../../state/showAlert.ts"
import { unknownNetwork } from "../network/report.ts"
import { resolveNetworkImages } from "./networkImages.ts"
import { loadProject } from "./project.ts"

/**
 * Stored connection statuses; with reconnect disabled every namespace starts disconnected (SPEC §4). A stored
 * connection is `connecting` until the reconnect after `ready` restores it (then `connected`) or gives up: never
 * `connected` without an account, which would draw a Connect Wallet button for a moment.
 */
const restoreStatuses = Effect.gen(function* () {
  const storage = yield* Storage
  const options = yield* Options
  const statuses: Partial<Record<ChainNamespace, AccountState["status"]>> = {}
  for (const namespace of chainNamespaces) {
    const stored = options.enableReconnect ? yield* storage.get(StorageKeys.connectionStatus(namespace)) : undefined
    statuses[namespace] =
      stored === "connected" || stored === "connecting" || stored === "reconnecting" ? "connecting" : "disconnected"
  }
  return statuses
})

/** The last active network; one the app does not list is shown as an unsupported network (SPEC §3). */
const restoreNetwork = Effect.gen(function* () {
  const storage = yield* Storage
  const store = yield* StateStore
  const lastChain = yield* storage.get(StorageKeys.lastChain)
  if (lastChain === undefined || !isCaipNetworkId(lastChain)) return
  const state = store.getSnapshot()
  const parsed = parseCaipNetworkId(lastChain)
  const network =
    state.networks.find((n) => n.caipNetworkId === lastChain) ?? unknownNetwork(parsed.chainNamespace, parsed.chainId)
  store.update((s) => ({
    ...s,
    activeNamespace: network.chainNamespace,
    activeNetworks: { ...s.activeNetworks, [network.chainNamespace]: network }
  }))
})

/**
 * Everything the client does once at start (the options were decoded when its services were built): resolve the
 * networks' registry images, restore the stored session, check the project id, load the project (remote features,
 * origin check, analytics config, wallets), then mark the state ready.
 */
export const initialize = Effect.gen(function* () {
  const store = yield* StateStore
  const options = yield* Options
  const storage = yield* Storage
  // First, so a network's registry image replaces its letter as soon as core's lazy part has loaded.
  yield* resolveNetworkImages
  const statuses = yield* restoreStatuses
  const recent = (yield* storage.get(StorageKeys.recentWallets)) ?? []
  const linking = yield* storage.get(StorageKeys.walletConnectLinking)
  store.update((state) => ({
    ...state,
    accounts: Object.fromEntries(
      chainNamespaces.map((ns) => [ns, { ...state.accounts[ns], status: statuses[ns] ?? "disconnected" }])
    ) as typeof state.accounts,
    wallets: { ...state.wallets, recent },
    walletConnect: linking === undefined ? state.walletConnect : { ...state.walletConnect, linking }
  }))
  yield* restoreNetwork
  if (options.projectId === undefined) yield* showAlert(new AlertError({ code: "APKT008" }))
  else yield* loadProject
  store.update((state) => ({ ...state, status: "ready" }))
}).pipe(Effect.withSpan("initialize"))
