/**
 * The modal's view stack as an immutable value, and the transitions that need no outside context.
 *
 * Invariant kept by every transition: `history` is never empty and its last entry is `view`.
 * @module
 */
import type { ChainNamespace } from "./namespace.ts"
import type { View } from "./views.ts"

/**
 * Parameters a view is opened with. Views not listed take none.
 *
 * @example
 * ```ts
 * import type { ViewParamsMap } from "./state.ts"
 * const params: ViewParamsMap["ConnectingExternal"] = { connectorId: "io.metamask" }
 * ```
 */
export interface ViewParamsMap {
  readonly ConnectingExternal: { readonly connectorId: string; readonly walletName?: string }
  readonly ConnectingWalletConnect: { readonly walletId?: string }
  readonly ConnectingSocial: { readonly provider: string }
  readonly EmailVerifyOtp: { readonly email: string }
  readonly EmailVerifyDevice: { readonly email: string }
  /** Email capture (SIWX): the address the form starts with, and the address the code was mailed to. */
  readonly DataCapture: { readonly email?: string }
  readonly DataCaptureOtpConfirm: { readonly email: string }
  readonly UpdateEmailWallet: { readonly email: string }
  readonly UpdateEmailPrimaryOtp: { readonly email: string; readonly newEmail: string }
  readonly UpdateEmailSecondaryOtp: { readonly email: string; readonly newEmail: string }
  readonly ProfileWallets: { readonly namespace?: ChainNamespace }
  readonly SwitchNetwork: { readonly caipNetworkId: string }
  readonly SwitchActiveChain: { readonly namespace: ChainNamespace; readonly caipNetworkId?: string }
  readonly RegisterAccountName: { readonly suggestedName?: string }
  readonly RegisterAccountNameSuccess: { readonly name: string }
  readonly Swap: { readonly fromToken?: string; readonly toToken?: string; readonly amount?: string }
  readonly Send: { readonly tokenAddress?: string; readonly amount?: string; readonly receiverAddress?: string }
  /**
   * A request of the embedded wallet waiting for the user (`id`), or refused (`notAllowed`): its method and a short,
   * bounded summary of what it asks (`requestSummary` in core/rules/requestSummary.ts).
   */
  readonly ApproveTransaction: {
    readonly id?: string
    readonly method: string
    readonly notAllowed?: boolean
    readonly to?: string
    readonly value?: string
    readonly data?: string
    readonly message?: string
    readonly calls?: number
    /** `wallet_grantPermissions`: the session key, each permission (core/rules/smartSessions.ts), the expiry. */
    readonly signer?: string
    readonly permissions?: ReadonlyArray<{
      readonly type: string
      readonly target?: string
      readonly function?: string
      readonly allowance?: string
    }>
    readonly expiry?: number
  }
  /** An NFT of the account's `nfts` resource, by its id. */
  readonly NftDetail: { readonly id: string }
}

/**
 * The parameters of one view: its entry in {@link ViewParamsMap}, or `undefined` for views without parameters.
 *
 * @example
 * ```ts
 * import type { ViewParams } from "./state.ts"
 * const none: ViewParams<"Connect"> = undefined
 * ```
 */
export type ViewParams<V extends View> = V extends keyof ViewParamsMap ? ViewParamsMap[V] : undefined

/**
 * Parameters of the views on the stack, keyed by view, so going back to a view finds what it was opened with.
 *
 * @example
 * ```ts
 * import type { RouterData } from "./state.ts"
 * const data: RouterData = { SwitchNetwork: { caipNetworkId: "eip155:8453" } }
 * ```
 */
export type RouterData = { readonly [V in keyof ViewParamsMap]?: ViewParamsMap[V] }

/**
 * Direction of the last view change, for the view-transition animation (SPEC §2: next and prev).
 *
 * @example
 * ```ts
 * import type { Transition } from "./state.ts"
 * const direction: Transition = "prev"
 * ```
 */
export type Transition = "next" | "prev"

/**
 * The modal's routing state: whether it is open, the view on top, the stack, view parameters and direction.
 *
 * @example
 * ```ts
 * import { initial, push } from "./state.ts"
 * const state = push(initial, "AllWallets")
 * state.history // ["Connect", "AllWallets"]
 * ```
 */
export interface RouterState {
  readonly open: boolean
  readonly view: View
  /** The stack, oldest first; the last entry is always `view`. */
  readonly history: ReadonlyArray<View>
  readonly data: RouterData
  readonly transition: Transition
}

/**
 * The state before the modal was ever opened: closed, on Connect.
 *
 * @example
 * ```ts
 * import { initial } from "./state.ts"
 * initial.view // "Connect"
 * ```
 */
export const initial: RouterState = { open: false, view: "Connect", history: ["Connect"], data: {}, transition: "next" }

const withParams = <V extends View>(data: RouterData, view: V, params: ViewParams<V> | undefined): RouterData => {
  if (params === undefined) {
    if (!(view in data)) return data
    const { [view as keyof RouterData]: _dropped, ...rest } = data
    return rest
  }
  return { ...data, [view]: params }
}

/**
 * Shows a view on top of the stack (transition "next"). Pushing the view already on top only updates its parameters,
 * so a double click does not stack the same view twice.
 *
 * @example
 * ```ts
 * import { initial, push } from "./state.ts"
 * push(initial, "SwitchNetwork", { caipNetworkId: "eip155:1" }).view // "SwitchNetwork"
 * ```
 */
export const push = <V extends View>(state: RouterState, view: V, params?: ViewParams<V>): RouterState => ({
  ...state,
  view,
  history: state.view === view ? state.history : [...state.history, view],
  data: withParams(state.data, view, params),
  transition: "next"
})

/**
 * Swaps the view on top of the stack for another (transition "next"), e.g. ProfileWallets after a login succeeds.
 *
 * @example
 * ```ts
 * import { initial, push, replace } from "./state.ts"
 * replace(push(initial, "EmailLogin"), "ProfileWallets").history // ["Connect", "ProfileWallets"]
 * ```
 */
export const replace = <V extends View>(state: RouterState, view: V, params?: ViewParams<V>): RouterState => ({
  ...state,
  view,
  history: [...state.history.slice(0, -1), view],
  data: withParams(state.data, view, params),
  transition: "next"
})

/**
 * Replaces the whole stack with one view, keeping the open flag (transition "next"); parameters of the old stack go.
 *
 * @example
 * ```ts
 * import { initial, push, reset } from "./state.ts"
 * reset(push(initial, "AllWallets"), "Account").history // ["Account"]
 * ```
 */
export const reset = <V extends View>(state: RouterState, view: V, params?: ViewParams<V>): RouterState => ({
  open: state.open,
  view,
  history: [view],
  data: withParams({}, view, params),
  transition: "next"
})

/**
 * The parameters a view on the stack was opened with, if any.
 *
 * @example
 * ```ts
 * import { getViewParams, initial, push } from "./state.ts"
 * const state = push(initial, "SwitchNetwork", { caipNetworkId: "eip155:10" })
 * getViewParams(state, "SwitchNetwork")?.caipNetworkId // "eip155:10"
 * ```
 */
export const getViewParams = <V extends keyof ViewParamsMap>(
  state: RouterState,
  view: V
): ViewParamsMap[V] | undefined => state.data[view] as ViewParamsMap[V] | undefined
