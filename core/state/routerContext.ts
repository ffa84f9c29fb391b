import type { RouterContext } from "../router/navigation.ts"
import type { AirlockState } from "./AirlockState.ts"
import { closeLocked } from "./siwx.ts"

/** Whether an address is connected in `namespace` (the active one by default). */
export const isConnected = (state: AirlockState, namespace = state.activeNamespace): boolean =>
  namespace !== undefined && state.accounts[namespace].address !== undefined

/** The options the router's rules read; known synchronously, before the full options decode. */
export interface RouterOptions {
  /** Whether the app passed any adapter. */
  readonly hasAdapters: boolean
  readonly manualWCControl: boolean
  readonly embedded: boolean
}

/** The facts the router's rules read, taken from the state and options. */
export const routerContext = (
  state: AirlockState,
  options: RouterOptions,
  namespace = state.activeNamespace
): RouterContext => ({
  isConnected: isConnected(state, namespace),
  hasAdapters: options.hasAdapters,
  manualControl: options.manualWCControl,
  isMobile: state.isMobile,
  embedded: options.embedded,
  activeNamespace: state.activeNamespace,
  // Only while connected: a disconnect (a required sign-in cancelled) closes the modal.
  closeLocked: isConnected(state, namespace) && closeLocked(state.siwx, state.modal.view)
})
