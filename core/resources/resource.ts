/**
 * The shared resource model (in the manner of TanStack Query's core): every piece of account data the modal fetches
 * (tokens today; NFTs, activity and identity next) is an entry in `state.resources`, keyed by what it is for, with
 * its status, data, error and the time it was fetched. Pure types and helpers here; the fetching flow is
 * `core/resources/fetch.ts` (loaded with the flows that use it).
 * @module
 */
import type { ChainNamespace } from "../schema/namespace.ts"
import type { AirlockState } from "../state/AirlockState.ts"
import type { ResourceEntry } from "../state/ResourceEntry.ts"

/** How long each resource's data stays fresh (SPEC §9 cache lifetimes), in ms. */
export const resourceLifetimes = {
  /** The token list (the portfolio): 30 s. */
  tokens: 30_000,
  /** Transaction history: 15 s. */
  activity: 15_000,
  /** NFTs (SPEC has no lifetime for them: the portfolio's 30 s, as they change as seldom as balances). */
  nfts: 30_000
} as const

/** After a failed token balance fetch, the API is not asked again for 30 s (SPEC §8 'Token Balance Unavailable'). */
export const tokensRetryMillis = 30_000

/**
 * The key of an account's resource on a network.
 * @example
 * ```ts
 * resourceKey("tokens", "eip155:1", "0x52908400098527886E0F7030069857D2E4169EE7") // "tokens|eip155:1|0x52908400098527886E0F7030069857D2E4169EE7"
 * ```
 */
export const resourceKey = (kind: keyof typeof resourceLifetimes, caipNetworkId: string, address: string): string =>
  `${kind}|${caipNetworkId}|${address}`

/**
 * The key of `kind` for `namespace`'s connected account (default: the active namespace) on its active network; the
 * empty string when no account is connected there. Hooks refetch when it changes (another account or network).
 * @example
 * ```ts
 * import { connectedResourceKey, createAirlock } from "airlock-kit"
 * import { mainnet } from "airlock-kit/networks"
 * const api = "http://127.0.0.1:4400"
 * const airlock = createAirlock({ projectId: "airlock-demo", networks: [mainnet], endpoints: { walletApi: api, blockchainApi: api } })
 * connectedResourceKey(airlock.getState(), "tokens") // "" (not connected)
 * ```
 */
export const connectedResourceKey = (
  state: AirlockState,
  kind: keyof typeof resourceLifetimes,
  namespace?: ChainNamespace
): string => {
  const ns = namespace ?? state.activeNamespace
  const account = ns === undefined ? undefined : state.accounts[ns]
  const network = ns === undefined ? undefined : state.activeNetworks[ns]
  return account?.status === "connected" && account.address !== undefined && network !== undefined
    ? resourceKey(kind, network.caipNetworkId, account.address)
    : ""
}

/**
 * The entry of `kind` for `namespace`'s connected account on its active network, with the account and network;
 * `undefined` when no account is connected there (the entry itself is `undefined` until a first fetch).
 */
export const connectedEntry = <A>(
  state: AirlockState,
  kind: keyof typeof resourceLifetimes,
  namespace?: ChainNamespace
) => {
  const ns = namespace ?? state.activeNamespace
  if (ns === undefined) return undefined
  const account = state.accounts[ns]
  const network = state.activeNetworks[ns]
  if (account.status !== "connected" || account.address === undefined || network === undefined) return undefined
  const entry = state.resources[resourceKey(kind, network.caipNetworkId, account.address)] as
    | ResourceEntry<A>
    | undefined
  return { account, network, entry }
}

/** What a paged resource holds: every item fetched so far, and the cursor of the next page (null at the end). */
export interface Pages<A> {
  readonly items: ReadonlyArray<A>
  readonly next: string | null
}

/** What the `watchX` functions read: a client (or anything with its `getState` and `subscribe`). */
export interface StateSource {
  getState(): AirlockState
  subscribe(listener: (state: AirlockState, previous: AirlockState) => void): () => void
}

/**
 * Calls `listener` with `select(state, namespace)` whenever it returns another object; returns the function that
 * stops it. The `watchX` functions of the resources are this over their `selectX`.
 */
export const watchView = <V>(
  airlock: StateSource,
  select: (state: AirlockState, namespace?: ChainNamespace) => V,
  listener: (view: V) => void,
  namespace: ChainNamespace | undefined
): (() => void) => {
  let last = select(airlock.getState(), namespace)
  return airlock.subscribe((state) => {
    const next = select(state, namespace)
    if (next === last) return
    last = next
    listener(next)
  })
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype

/**
 * `next` with every part that deep-equals the matching part of `previous` replaced by that part (structural sharing):
 * a refetch that changed one row keeps every other row's object, so what renders them does not render again.
 *
 * @example
 * ```ts
 * const before = [{ symbol: "ETH", n: "1" }, { symbol: "USDC", n: "5" }]
 * const after = replaceEqualDeep(before, [{ symbol: "ETH", n: "1" }, { symbol: "USDC", n: "6" }])
 * after[0] === before[0] // true
 * ```
 */
export const replaceEqualDeep = <A>(previous: unknown, next: A): A => {
  if (previous === next) return next
  const bothArrays = Array.isArray(previous) && Array.isArray(next)
  if (!bothArrays && !(isPlainObject(previous) && isPlainObject(next))) return next
  const before = previous as Record<string, unknown>
  const after = next as Record<string, unknown>
  const keys = Object.keys(after)
  const copy = (bothArrays ? [] : {}) as Record<string, unknown>
  let same = Object.keys(before).length === keys.length
  for (const key of keys) {
    const shared = replaceEqualDeep(before[key], after[key])
    copy[key] = shared
    if (shared !== before[key]) same = false
  }
  return (same ? previous : copy) as A
}
