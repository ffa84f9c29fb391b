/**
 * Every use case as an Effect. Loaded on demand by the client, so none of it weighs on the first load.
 * @module
 */
export { showAlert } from "../state/showAlert.ts"
export { disconnect } from "./disconnect.ts"
export { track } from "./events.ts"
export { initialize } from "./initialize.ts"
export { closeModal, isConnected, openModal, routerContext, settleNavigation, settleOpen } from "./modal.ts"
export { isSupportedNetwork, reportChain, switchNamespace, switchNetwork, unknownNetwork } from "./network.ts"
export {
  loadAnalyticsConfig,
  loadMoreWallets,
  loadProject,
  loadRemoteConfig,
  loadWallets,
  searchWallets,
  verifyOrigin
} from "./remote.ts"
