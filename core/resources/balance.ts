/**
 * The native balance of a namespace's connected account, as apps read it: the account's balance (filled by the
 * balance flow from the token list, or from the chain when the API cannot answer) with the fetch state of the token
 * resource it comes from.
 * @module
 */
import type { ChainNamespace } from "../schema/namespace.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import type { ResourceError } from "../state/ResourceEntry.ts"
import { connectedEntry, type StateSource, watchView } from "./resource.ts"

/** What {@link selectBalance} returns. */
export interface BalanceView {
  /** `idle`: no connected account; `pending`: the first fetch is on its way; `error`: no source gave a balance. */
  readonly status: "idle" | "pending" | "success" | "error"
  /** The balance in the native currency, as a decimal string (e.g. `"1.5"`). */
  readonly balance?: string | undefined
  /** The native currency's symbol (e.g. `"ETH"`). */
  readonly symbol?: string | undefined
  /** A request is on its way. */
  readonly fetching: boolean
  readonly error?: ResourceError | undefined
}

const idle: BalanceView = Object.freeze({ status: "idle", fetching: false })
// The last view per account object: the same object back while neither the account nor its resource changed.
const views = new WeakMap<object, { readonly entry: unknown; readonly view: BalanceView }>()

/**
 * The native balance of `namespace`'s connected account (default: the active namespace). The same object is returned
 * while nothing it shows changed, so it can feed `useSyncExternalStore` directly.
 *
 * @example
 * ```ts
 * import { createAirlock, selectBalance } from "airlock-kit"
 * import { mainnet } from "airlock-kit/networks"
 * const api = "http://127.0.0.1:4400"
 * const airlock = createAirlock({ projectId: "airlock-demo", networks: [mainnet], endpoints: { walletApi: api, blockchainApi: api } })
 * selectBalance(airlock.getState()).status // "idle"
 * ```
 */
export const selectBalance = (state: AirlockState, namespace?: ChainNamespace): BalanceView => {
  const connected = connectedEntry<unknown>(state, "tokens", namespace)
  if (connected === undefined) return idle
  const { account, entry } = connected
  const known = views.get(account)
  if (known !== undefined && known.entry === entry) return known.view
  const fetching = entry?.fetching ?? false
  const view: BalanceView =
    account.balance !== undefined
      ? { status: "success", balance: account.balance, symbol: account.balanceSymbol, fetching }
      : entry === undefined || entry.status === "pending" || fetching
        ? { status: "pending", fetching }
        : { status: "error", fetching, ...(entry.error === undefined ? {} : { error: entry.error }) }
  views.set(account, { entry, view })
  return view
}

/**
 * Calls `listener` with the native balance of `namespace` (default: the active one) whenever it changes; returns
 * the function that stops it.
 *
 * @example
 * ```ts
 * import { createAirlock, watchBalance } from "airlock-kit"
 * import { mainnet } from "airlock-kit/networks"
 * const api = "http://127.0.0.1:4400"
 * const airlock = createAirlock({ projectId: "airlock-demo", networks: [mainnet], endpoints: { walletApi: api, blockchainApi: api } })
 * const stop = watchBalance(airlock, (view) => console.log(view.balance, view.symbol))
 * stop()
 * ```
 */
export const watchBalance = (
  airlock: StateSource,
  listener: (view: BalanceView) => void,
  options: { readonly namespace?: ChainNamespace | undefined } = {}
): (() => void) => watchView(airlock, selectBalance, listener, options.namespace)
