import type { ResolvedOptions } from "../client/Options.ts"
import type { RouterContext } from "../router/navigation.ts"
import type { AirlockState } from "./AirlockState.ts"

/** Whether an address is connected in `namespace` (the active one by default). */
export const isConnected = (state: AirlockState, namespace = state.activeNamespace): boolean =>
  namespace !== undefined && state.accounts[namespace].address !== undefined

/** The facts the router's rules read, taken from the state and options. */
export const routerContext = (
  state: AirlockState,
  options: ResolvedOptions,
  namespace = state.activeNamespace
): RouterContext => ({
  isConnected: isConnected(state, namespace),
  hasAdapters: options.adapters.length > 0,
  manualControl: options.manualWCControl,
  isMobile: state.isMobile,
  embedded: options.embedded,
  activeNamespace: state.activeNamespace
})
