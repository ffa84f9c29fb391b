/**
 * The Swap view's machine as the state holds it (issue 23, SPEC §9 swaps: eip155 only): the chosen tokens, the
 * amount typed, the quote and what follows from it, already derived by core's swap part (`core/flows/swap`), so a
 * renderer only draws it. Absent until `startSwap` runs; `selectSwap` gives the idle view then.
 * @module
 */
import type { Message } from "../i18n/catalogue.ts"
import type { SwapToken } from "../schema/api/convert.ts"

/**
 * Where a swap stands: the form is filled (`form`), the transactions are being built (`preparing`), the built swap
 * waits for the user (`preview`), the wallet was asked to approve the router (`approving`) or to swap (`swapping`).
 */
export type SwapStep = "form" | "preparing" | "preview" | "approving" | "swapping"

/** One token of the network's swap list, with the account's balance of it and its USD price. */
export interface SwapTokenView {
  readonly name: string
  readonly symbol: string
  /** CAIP-10 (`eip155:1:0x…`); the native coin is `0xeeee…eeee`. */
  readonly address: string
  readonly decimals: number
  readonly logoUri?: string | undefined
  /** Whether it is the network's native coin (it pays the fee). */
  readonly native: boolean
  /** The account's balance, a decimal string ("0" when it holds none). */
  readonly balance: string
  /** The price of one unit in USD, when known. */
  readonly price?: number | undefined
}

/**
 * Why a swap cannot go on, as a problem the form's button names: no amount typed, more than the balance, no route
 * for the amount (no quote, or nothing out), a form with no tokens to swap.
 */
export type SwapProblem =
  | "enterAmount"
  | "selectToken"
  | "invalidAmount"
  | "insufficientBalance"
  | "insufficientLiquidity"

/**
 * A swap's failure's reason: the network has no swaps ('Network not supported for Swaps'), no gas price ('Network not
 * supported for Gas Price'), the user refused in the wallet, the wallet or the chain failed (a reverted transaction
 * too), the network changed under a preview, nothing is connected.
 */
export type SwapFailureReason =
  | "SwapsNotSupported"
  | "GasPriceNotSupported"
  | "Rejected"
  | "Failed"
  | "NetworkChanged"
  | "NotConnected"

/** A failure as the swap slice keeps it: its reason and its text for the user as catalogue data. */
export interface SwapFailure {
  readonly name: string
  readonly reason: SwapFailureReason
  readonly message: Message
}

/** A built transaction, as the wallet gets it (`eth_sendTransaction`'s one param). */
export interface SwapTransaction {
  readonly from: string
  readonly to: string
  readonly data: string
  readonly value?: string | undefined
  readonly gas?: string | undefined
}

/** What `selectSwap` returns: the Swap view, every value derived. */
export interface SwapView {
  /**
   * `idle` before `startSwap`; `loading` while the network's tokens load; `ready`; `unsupported` on a network without
   * swaps (not EVM, not in SPEC §9's list, or not served by the API: `error` says 'Network not supported for Swaps').
   */
  readonly status: "idle" | "loading" | "ready" | "unsupported"
  readonly step: SwapStep
  /** The network the swap is on. */
  readonly caipNetworkId?: string | undefined
  /** The network's swap tokens, those the account holds first (by USD value), then the list's order. */
  readonly tokens: ReadonlyArray<SwapTokenView>
  readonly from?: SwapTokenView | undefined
  readonly to?: SwapTokenView | undefined
  /** The amount to swap as typed (a decimal comma read as a point). */
  readonly amount: string
  /** Where the quote stands: none asked (`idle`), on its way (`pending`, debounced), `success`, `error`. */
  readonly quoteStatus: "idle" | "pending" | "success" | "error"
  /** What the quote gives for `amount`, a decimal string. */
  readonly toAmount?: string | undefined
  /** The amount's and the quote's values in USD, as the locale writes dollars. */
  readonly fromValueUsd?: string | undefined
  readonly toValueUsd?: string | undefined
  /** How much `to` one `from` gives at the quote, a decimal string to 6 places at most. */
  readonly rate?: string | undefined
  /** The price impact in percent (from the tokens' USD prices), when both are known. */
  readonly priceImpact?: number | undefined
  /** The least the swap gives at SPEC §9's 1 % slippage: the quote × 0.99, floored, in exact base-unit math. */
  readonly minimumReceived?: string | undefined
  /** The network fee of the preview's transactions (approval and swap), in the native coin; 6 places as shown. */
  readonly fee?: string | undefined
  readonly feeSymbol?: string | undefined
  /** The fee in USD, when the native coin's price is known. */
  readonly feeUsd?: string | undefined
  /** Whether the router's allowance is short: the preview offers Approve before Swap. */
  readonly needsApproval: boolean
  /** What the form lacks, for its button; `undefined` when it can be reviewed. */
  readonly problem?: SwapProblem | undefined
  /** Whether `previewSwap` builds the swap: on the form, with a quote and nothing lacking. */
  readonly canPreview: boolean
  /** The last failure: a failed quote, gas price, preparation, approval or swap. An edit clears it. */
  readonly error?: SwapFailure | undefined
}

/**
 * The `swap` slice: the view plus what the flows keep for themselves (the form's keys, the quote's base units, the
 * built transactions, a counter so that a slow old quote never overwrites a newer one).
 */
export interface SwapState extends SwapView {
  /** @internal The network's swap list as the API gave it. */
  readonly list?: ReadonlyArray<SwapToken> | undefined
  /** @internal USD prices by upper-case symbol (the price API answers by token, without its address). */
  readonly prices?: Readonly<Record<string, number>> | undefined
  /** @internal The chosen tokens, by CAIP-10 address. */
  readonly fromKey?: string | undefined
  readonly toKey?: string | undefined
  /** @internal Which `startSwap` made the slice; a later one's answers win. */
  readonly startId?: number | undefined
  /** @internal The quote asked last; an answer for an older one is dropped. */
  readonly quoteSeq: number
  /** @internal The quote's base units. */
  readonly quoteOut?: string | undefined
  /** @internal The standard gas price the quote was asked at, in wei. */
  readonly gasPrice?: string | undefined
  /** @internal The preview's transactions. */
  readonly approveTx?: SwapTransaction | undefined
  readonly swapTx?: SwapTransaction | undefined
  /** @internal The preview's fee in wei. */
  readonly feeWei?: string | undefined
}

const idle: SwapView = {
  status: "idle",
  step: "form",
  tokens: [],
  amount: "",
  quoteStatus: "idle",
  needsApproval: false,
  canPreview: false
}

/**
 * The Swap view (see {@link SwapView}): idle until `startSwap`, then what core's swap part derived. The same object
 * while nothing changed, so it can feed `useSyncExternalStore` directly.
 * @example
 * ```ts
 * import { createAirlock, selectSwap } from "airlock-kit"
 * import { mainnet } from "airlock-kit/networks"
 * const api = "http://127.0.0.1:4400"
 * const airlock = createAirlock({ projectId: "airlock-demo", networks: [mainnet], endpoints: { walletApi: api, blockchainApi: api } })
 * selectSwap(airlock.getState()).status // "idle"
 * ```
 */
export const selectSwap = (state: { readonly swap?: SwapView | undefined }): SwapView => state.swap ?? idle

/**
 * The swap tokens whose name or symbol contains `search`, ignoring case and the spaces around it: the token picker's
 * search (the list keeps its order: holdings first).
 * @example
 * ```ts
 * import { filterSwapTokens, selectSwap } from "airlock-kit"
 * filterSwapTokens(selectSwap(airlock.getState()).tokens, " usd ")
 * ```
 */
export const filterSwapTokens = (
  tokens: ReadonlyArray<SwapTokenView>,
  search: string
): ReadonlyArray<SwapTokenView> => {
  const text = search.trim().toLowerCase()
  return text === "" ? tokens : tokens.filter((t) => `${t.name} ${t.symbol}`.toLowerCase().includes(text))
}
