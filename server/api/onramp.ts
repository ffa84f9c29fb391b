/**
 * The onramp provider the API's `/v1/onramp/*` and `/v1/generators/onrampurl` routes answer from: what it sells and
 * takes, its quotes, and (when it has a hosted buy page) opening and reading orders. The sandbox passes its ramp
 * (`sandbox/ramp/provider.ts`); without a provider those routes answer 404.
 */
import type { OnrampOrder } from "../../core/schema/api/onramp.ts"
import type { OnrampQuote, PaymentMethodLimit } from "../../core/schema/onramp.ts"

/** An order the URL generator opens: where to send what, and the buyer's presets. */
export interface OnrampOrderRequest {
  readonly projectId: string
  readonly provider: string
  /** CAIP-2 network to send on. */
  readonly network: string
  /** The network's display name, for the buy page. */
  readonly networkName: string
  /** The asset's symbol, one of the provider's `assets`. */
  readonly asset: string
  /** The destination wallet address. */
  readonly address: string
  /** Preset fiat currency (one of `fiatCurrencies`), amount and payment method (the buyer may change them). */
  readonly fiat: string
  readonly amount: number | undefined
  readonly method: string
}

/** An order as the provider reports it: its project (only that project may read it) and its status. */
export interface OnrampOrderRecord {
  readonly projectId: string
  readonly status: OnrampOrder
}

/**
 * An onramp provider.
 * @example
 * ```ts
 * import { startApi } from "./server.ts"
 * // Your provider's adapter (the sandbox's is `sandboxOnramp(ramp)` in sandbox/ramp/provider.ts)
 * declare const provider: OnrampProvider
 * await startApi({ dataDir: "/tmp/airlock-api", onramp: provider })
 * ```
 */
export interface OnrampProvider {
  /** Fiat currencies it takes (ISO codes, upper-case). */
  readonly fiatCurrencies: ReadonlyArray<string>
  /** Limits per payment method. */
  readonly limits: ReadonlyArray<PaymentMethodLimit>
  /** The crypto it sells, by symbol; each is offered on the chains where the API knows a token with that symbol. */
  readonly assets: ReadonlyArray<{ readonly symbol: string; readonly name: string }>
  /** The quote for paying `amount` of `fiat` for `asset`; undefined when it has none. */
  quote(input: {
    readonly asset: string
    readonly fiat: string
    readonly amount: number
  }): OnrampQuote | undefined | Promise<OnrampQuote | undefined>
  /** Opens an order; its buy page's URL. Without it, the URL generator answers 404. */
  readonly open?:
    | ((
        order: OnrampOrderRequest
      ) =>
        | { readonly orderId: string; readonly url: string }
        | Promise<{ readonly orderId: string; readonly url: string }>)
    | undefined
  /** An order by id, undefined when unknown. Without it, the order route answers 404. */
  readonly get?: ((id: string) => OnrampOrderRecord | undefined | Promise<OnrampOrderRecord | undefined>) | undefined
}
