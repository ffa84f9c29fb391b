/**
 * What a view is opened or pushed with, as the client's `open` and `push` take it.
 * @module
 */
import type { ChainNamespace } from "../schema/namespace.ts"
import type { ViewParams } from "./state.ts"
import type { View } from "./views.ts"

/**
 * The `data` a view is opened or pushed with: required where the view needs it (ConnectingExternal needs its
 * connector), optional where every parameter is, absent for views that take none.
 *
 * @example
 * ```ts
 * import type { ViewRequest } from "./requests.ts"
 * const request: ViewRequest = { view: "ConnectingExternal", data: { connectorId: "io.metamask" } }
 * ```
 */
export type ViewRequest = {
  readonly [V in View]: ViewParams<V> extends undefined
    ? { readonly view: V; readonly data?: undefined }
    : Record<string, never> extends ViewParams<V>
      ? { readonly view: V; readonly data?: ViewParams<V> | undefined }
      : { readonly view: V; readonly data: ViewParams<V> }
}[View]

/**
 * Parameters of the client's `open`: a view (with its typed `data`) or none, and a namespace.
 *
 * @example
 * ```ts
 * import type { OpenParameters } from "./requests.ts"
 * const parameters: OpenParameters = { view: "SwitchNetwork", data: { caipNetworkId: "eip155:8453" } }
 * ```
 */
export type OpenParameters = (ViewRequest | { readonly view?: undefined; readonly data?: undefined }) & {
  /** Open for this namespace: the modal first switches to that namespace's network. */
  readonly namespace?: ChainNamespace | undefined
}

/** The arguments after the view in the client's `push`: its `data`, required only where the view needs it. */
export type PushData<V extends View> =
  ViewParams<V> extends undefined
    ? []
    : Record<string, never> extends ViewParams<V>
      ? [data?: ViewParams<V>]
      : [data: ViewParams<V>]
