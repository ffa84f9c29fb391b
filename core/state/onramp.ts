/**
 * The onramp's machine as the state holds it (issue 24, SPEC §9 onramp: eip155 and solana): what can be bought on the
 * active network and with what, the amount and its quote, the limits, the providers, and the order being followed,
 * already derived by core's onramp part (`core/flows/onramp`), so a renderer only draws it. Absent until `startOnramp`;
 * `selectOnramp` gives the idle view then. SPEC §4: it starts (and resets) on USDC and USD.
 * @module
 */
import type { Message } from "../i18n/catalogue.ts"
import type { OnrampOrderStatus } from "../schema/api/onramp.ts"
import type { OnrampAmount, OnrampQuote, PaymentCurrency, PurchaseCurrency } from "../schema/onramp.ts"

/**
 * Where a purchase stands: the form (`form`), the provider list (`providers`), the provider's page being opened
 * (`opening`), the order followed (`following`), then its end: `success`, `failed`, `cancelled`, or `timeout` (no end
 * seen within {@link ONRAMP_ORDER_TIMEOUT_MS}).
 */
export type OnrampStep = "form" | "providers" | "opening" | "following" | "success" | "failed" | "cancelled" | "timeout"

/** Why the form cannot go on: no amount, an amount outside the payment method's limits, nothing to buy here. */
export type OnrampProblem = "enterAmount" | "belowMinimum" | "aboveMaximum" | "noCurrency"

/** An onramp provider the user may choose (SPEC §9: meld; the remote `onramp` feature lists them). */
export interface OnrampProvider {
  readonly id: string
  /** Its brand name (not translated). */
  readonly name: string
}

/** The order a provider's page was opened for. */
export interface OnrampOrderView {
  readonly provider: string
  /** The order's id where the API follows orders (Airlock's extension); absent otherwise. */
  readonly id?: string | undefined
  readonly status: OnrampOrderStatus
  /** What was bought (from the order once paid, else the quote). */
  readonly purchaseAmount?: OnrampAmount | undefined
  readonly transactionHash?: string | undefined
}

/** What `selectOnramp` returns: the onramp views' data, every value derived. */
export interface OnrampView {
  /**
   * `idle` before `startOnramp`; `loading` while the options load; `ready`; `unsupported` off SPEC §9's onramp
   * namespaces (eip155, solana) or without a connected account.
   */
  readonly status: "idle" | "loading" | "ready" | "unsupported"
  readonly step: OnrampStep
  /** The network bought on (CAIP-2) and its namespace. */
  readonly caipNetworkId?: string | undefined
  /** The crypto sold on the active network. */
  readonly purchaseCurrencies: ReadonlyArray<PurchaseCurrency>
  readonly paymentCurrencies: ReadonlyArray<PaymentCurrency>
  readonly purchaseCurrency?: PurchaseCurrency | undefined
  readonly paymentCurrency?: PaymentCurrency | undefined
  /** The payment methods of the payment currency, with their limits. */
  readonly paymentMethods: ReadonlyArray<{ readonly id: string; readonly min: string; readonly max: string }>
  /** The chosen payment method's id (`card` first). */
  readonly paymentMethod?: string | undefined
  /** The amount to pay, in the payment currency, as typed (a decimal comma read as a point). */
  readonly amount: string
  /** Where the quote stands: none (`idle`), debounced or on its way (`pending`), `success`. */
  readonly quoteStatus: "idle" | "pending" | "success"
  /** The quote for `amount`; the API's placeholder (equal to the input) when the quote call failed (SPEC §7). */
  readonly quote?: OnrampQuote | undefined
  /** The provider's and the network's fees together (total − subtotal), a decimal string. */
  readonly fees?: string | undefined
  /** What the form lacks; `undefined` when it may go on. */
  readonly problem?: OnrampProblem | undefined
  /** The limit the problem names (the payment method's minimum or maximum), with the currency. */
  readonly problemLimit?: OnrampAmount | undefined
  /** Whether `continueOnramp` / `buyWithProvider` go on: a quote, nothing lacking. */
  readonly canContinue: boolean
  readonly providers: ReadonlyArray<OnrampProvider>
  readonly order?: OnrampOrderView | undefined
  /** The last failure (the provider's page could not be opened, the order failed), as catalogue data. */
  readonly error?: Message | undefined
}

/** The `onramp` slice: the view plus what the flows keep for themselves. */
export interface OnrampState extends OnrampView {
  /** @internal Every currency the API sells, before the network's filter. */
  readonly allPurchaseCurrencies?: ReadonlyArray<PurchaseCurrency> | undefined
  /** @internal The quote asked last; an older answer is dropped. */
  readonly quoteSeq: number
  /** @internal Which `startOnramp` made the slice. */
  readonly startId?: number | undefined
}

/** How long the buy-in-progress view follows an order before it gives up (15 minutes). */
export const ONRAMP_ORDER_TIMEOUT_MS = 15 * 60_000

/** How often the order is read, and the popup checked (SPEC §9's popup poll: every second). */
export const ONRAMP_ORDER_POLL_MS = 1_000

/** The quote is asked once the amount has stayed this long. */
export const ONRAMP_QUOTE_DEBOUNCE_MS = 300

const idle: OnrampView = {
  status: "idle",
  step: "form",
  purchaseCurrencies: [],
  paymentCurrencies: [],
  paymentMethods: [],
  amount: "",
  quoteStatus: "idle",
  canContinue: false,
  providers: []
}

/**
 * The onramp's view (see {@link OnrampView}): idle until `startOnramp`, then what core's onramp part derived. The same
 * object while nothing changed, so it can feed `useSyncExternalStore` directly.
 * @example
 * ```ts
 * import { createAirlock } from "airlock-kit"
 * import { selectOnramp } from "airlock-kit/onramp"
 * import { mainnet } from "airlock-kit/networks"
 * const api = "http://127.0.0.1:4400"
 * const airlock = createAirlock({ projectId: "airlock-demo", networks: [mainnet], endpoints: { walletApi: api, blockchainApi: api } })
 * selectOnramp(airlock.getState()).status // "idle"
 * ```
 */
export const selectOnramp = (state: { readonly onramp?: OnrampView | undefined }): OnrampView => state.onramp ?? idle
