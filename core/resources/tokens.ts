/**
 * The token list of a namespace's connected account, as views and apps read it: from the `tokens` resource of its
 * address on its active network (filled by the balance flow on connect, on a network or account change, and by
 * `airlock.refresh`).
 * @module
 */
import type { ChainNamespace } from "../schema/namespace.ts"
import type { TokenBalance } from "../schema/token.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import type { ResourceError } from "../state/ResourceEntry.ts"
import { connectedEntry, type StateSource, watchView } from "./resource.ts"

/** What a Tokens view draws. */
export interface TokensView {
  /** `idle`: no connected account in the namespace; then as the resource (`pending`, `success`, `error`). */
  readonly status: "idle" | "pending" | "success" | "error"
  /** The network's tokens, the most valuable first (the last ones fetched, also while an error is shown). */
  readonly tokens: ReadonlyArray<TokenBalance>
  /** The tokens' total value in USD. */
  readonly totalValue: number
  /** A request is on its way. */
  readonly fetching: boolean
  readonly error?: ResourceError | undefined
  /** When the tokens were fetched (epoch ms). */
  readonly updatedAt?: number | undefined
}

const idle: TokensView = Object.freeze({ status: "idle", tokens: [], totalValue: 0, fetching: false })
const views = new WeakMap<object, TokensView>()

/**
 * The token list of `namespace`'s connected account (default: the active namespace). The same object is returned
 * while its resource is unchanged, so it can feed `useSyncExternalStore` directly.
 *
 * @example
 * ```ts
 * import { createAirlock, selectTokens } from "airlock-kit"
 * import { mainnet } from "airlock-kit/networks"
 * const api = "http://127.0.0.1:4400"
 * const airlock = createAirlock({ projectId: "airlock-demo", networks: [mainnet], endpoints: { walletApi: api, blockchainApi: api } })
 * selectTokens(airlock.getState()).status // "idle"
 * ```
 */
export const selectTokens = (state: AirlockState, namespace?: ChainNamespace): TokensView => {
  const entry = connectedEntry<ReadonlyArray<TokenBalance>>(state, "tokens", namespace)?.entry
  if (entry === undefined) return idle
  const known = views.get(entry)
  if (known !== undefined) return known
  const tokens = entry.data ?? []
  const view: TokensView = {
    status: entry.status,
    tokens,
    totalValue: tokens.reduce((sum, token) => sum + (Number.isFinite(token.value) ? (token.value ?? 0) : 0), 0),
    fetching: entry.fetching,
    ...(entry.error === undefined ? {} : { error: entry.error }),
    ...(entry.updatedAt === undefined ? {} : { updatedAt: entry.updatedAt })
  }
  views.set(entry, view)
  return view
}

/**
 * Calls `listener` with the token list of `namespace` (default: the active one) whenever it changes; returns the
 * function that stops it. Headless apps use it as the React hook `useAirlockTokens` is used.
 *
 * @example
 * ```ts
 * import { createAirlock, watchTokens } from "airlock-kit"
 * import { mainnet } from "airlock-kit/networks"
 * const api = "http://127.0.0.1:4400"
 * const airlock = createAirlock({ projectId: "airlock-demo", networks: [mainnet], endpoints: { walletApi: api, blockchainApi: api } })
 * const stop = watchTokens(airlock, (view) => console.log(view.status, view.tokens.length))
 * stop()
 * ```
 */
export const watchTokens = (
  airlock: StateSource,
  listener: (view: TokensView) => void,
  options: { readonly namespace?: ChainNamespace | undefined } = {}
): (() => void) => watchView(airlock, selectTokens, listener, options.namespace)
