/**
 * Opening, closing and going back (SPEC §2): the transitions that depend on the connection and the platform.
 *
 * They stay pure: anything that must happen outside the stack comes back as a {@link RouterEffect} for the caller to
 * run (see `runRouterEffects` in `./timings.ts`).
 * @module
 */
import { FARCASTER_RELOAD_DELAY_MS } from "./constants.ts"
import type { ChainNamespace } from "./namespace.ts"
import { type RouterState, reset, type ViewParams } from "./state.ts"
import type { View } from "./views.ts"

/**
 * What the navigation rules need to know about the app and the connection.
 *
 * @example
 * ```ts
 * import type { RouterContext } from "./navigation.ts"
 * const ctx: RouterContext = {
 *   isConnected: false, hasAdapters: true, manualControl: false, isMobile: false, embedded: false,
 *   activeNamespace: "eip155"
 * }
 * ```
 */
export interface RouterContext {
  /** An address is connected in the namespace being shown (for `open`, the namespace asked for). */
  readonly isConnected: boolean
  /** At least one chain adapter is configured. */
  readonly hasAdapters: boolean
  /** The app drives the WalletConnect connection itself (AppKit's `manualWCControl`). */
  readonly manualControl: boolean
  readonly isMobile: boolean
  /** Embedded mode: the modal is part of the page and is never hidden. */
  readonly embedded: boolean
  /** The namespace whose network is active, if any. */
  readonly activeNamespace: ChainNamespace | undefined
  /** The modal may not close: a required sign-in without a session on a sign view (SPEC §4). @default false */
  readonly closeLocked?: boolean | undefined
}

/**
 * Work outside the view stack that a transition asks for.
 *
 * - `SwitchNamespace`: switch to that namespace's network before showing the modal.
 * - `ClearFarcasterUrl`: forget the Farcaster login url.
 * - `ReloadAuthConnector`: reload the embedded-wallet (auth) connector after `delayMs`.
 *
 * @example
 * ```ts
 * import type { RouterEffect } from "./navigation.ts"
 * const effect: RouterEffect = { _tag: "SwitchNamespace", namespace: "solana" }
 * ```
 */
export type RouterEffect =
  | { readonly _tag: "SwitchNamespace"; readonly namespace: ChainNamespace }
  | { readonly _tag: "ClearFarcasterUrl" }
  | { readonly _tag: "ReloadAuthConnector"; readonly delayMs: number }

/**
 * A transition's outcome: the next state and the effects to run, in order.
 *
 * @example
 * ```ts
 * import type { RouterResult } from "./navigation.ts"
 * import { initial } from "./state.ts"
 * const result: RouterResult = { state: initial, effects: [] }
 * ```
 */
export interface RouterResult {
  readonly state: RouterState
  readonly effects: ReadonlyArray<RouterEffect>
}

/**
 * What `airlock.open()` may ask for.
 *
 * @example
 * ```ts
 * import type { OpenRequest } from "./navigation.ts"
 * const request: OpenRequest<"SwitchNetwork"> = { view: "SwitchNetwork", params: { caipNetworkId: "eip155:1" } }
 * ```
 */
export interface OpenRequest<V extends View = View> {
  readonly view?: V
  readonly params?: ViewParams<V>
  readonly namespace?: ChainNamespace
}

const leaveEffects = (state: RouterState, ctx: RouterContext): ReadonlyArray<RouterEffect> =>
  state.view === "ConnectingFarcaster" && !ctx.isConnected
    ? [{ _tag: "ClearFarcasterUrl" }, { _tag: "ReloadAuthConnector", delayMs: FARCASTER_RELOAD_DELAY_MS }]
    : []

const homeView = (ctx: RouterContext): View => (ctx.isConnected ? "Account" : "Connect")

/**
 * Opens the modal (SPEC §2). Opening for another namespace first asks to switch to it. Then, with manual connection
 * control, or with no adapters and nothing connected: AllWallets on mobile, else ConnectingWalletConnectBasic;
 * otherwise the requested view; otherwise Account if connected, else Connect. The stack restarts at that view.
 *
 * The no-adapters rule is skipped when connected (as AppKit does), so a connected user still lands on Account.
 *
 * @example
 * ```ts
 * import { open } from "./navigation.ts"
 * import { initial } from "./state.ts"
 * const ctx = { isConnected: true, hasAdapters: true, manualControl: false, isMobile: false, embedded: false,
 *   activeNamespace: "eip155" as const }
 * open(initial, ctx).state.view // "Account"
 * open(initial, ctx, { namespace: "solana" }).effects // [{ _tag: "SwitchNamespace", namespace: "solana" }]
 * ```
 */
export const open = <V extends View>(
  state: RouterState,
  ctx: RouterContext,
  request: OpenRequest<V> = {}
): RouterResult => {
  const effects: ReadonlyArray<RouterEffect> =
    request.namespace !== undefined && request.namespace !== ctx.activeNamespace
      ? [{ _tag: "SwitchNamespace", namespace: request.namespace }]
      : []
  const next =
    ctx.manualControl || (!ctx.hasAdapters && !ctx.isConnected)
      ? reset(state, ctx.isMobile ? "AllWallets" : "ConnectingWalletConnectBasic")
      : request.view !== undefined
        ? reset(state, request.view, request.params)
        : reset(state, homeView(ctx))
  return { state: { ...next, open: true }, effects }
}

/**
 * Closes the modal: the stack goes back to Connect (SPEC §2). In embedded mode the modal stays shown, on Account if
 * connected, else Connect. Closing the Farcaster view while not connected also clears its url and reloads the auth
 * connector. A locked modal (`ctx.closeLocked`: a required sign-in) stays as it is.
 *
 * @example
 * ```ts
 * import { close, open } from "./navigation.ts"
 * import { initial } from "./state.ts"
 * const ctx = { isConnected: false, hasAdapters: true, manualControl: false, isMobile: false, embedded: false,
 *   activeNamespace: "eip155" as const }
 * close(open(initial, ctx).state, ctx).state.open // false
 * ```
 */
export const close = (state: RouterState, ctx: RouterContext): RouterResult => {
  if (ctx.closeLocked === true && state.open) return { state, effects: [] }
  const effects = leaveEffects(state, ctx)
  if (ctx.embedded) return { state: { ...reset(state, homeView(ctx)), open: true }, effects }
  return { state: { ...reset(state, "Connect"), open: false }, effects }
}

/**
 * Goes back one view (transition "prev", SPEC §2). If the view below is Connect and the user is connected, Account is
 * shown in its place. With nothing below, the modal closes (see {@link close}). Leaving the Farcaster view while not
 * connected clears its url and reloads the auth connector after 100 ms.
 *
 * @example
 * ```ts
 * import { goBack } from "./navigation.ts"
 * import { initial, push } from "./state.ts"
 * const ctx = { isConnected: false, hasAdapters: true, manualControl: false, isMobile: false, embedded: false,
 *   activeNamespace: "eip155" as const }
 * goBack({ ...push(initial, "AllWallets"), open: true }, ctx).state.view // "Connect"
 * ```
 */
export const goBack = (state: RouterState, ctx: RouterContext): RouterResult => {
  const effects = leaveEffects(state, ctx)
  const below = state.history.slice(0, -1)
  const previous = below.at(-1)
  if (previous === undefined) return { state: close(state, ctx).state, effects }
  const view: View = previous === "Connect" && ctx.isConnected ? "Account" : previous
  return {
    state: { ...state, view, history: [...below.slice(0, -1), view], transition: "prev" },
    effects
  }
}
