/**
 * The sandbox ramp's orders, in memory: created by the API's `/v1/generators/onrampurl`, paid or cancelled on the
 * ramp's buy page, read by the API's `/v1/onramp/orders/{orderId}`. Bounded: the oldest go first past
 * {@link maxOrders}.
 */
import { randomUUID } from "node:crypto"
import type { OnrampOrder, OnrampOrderStatus } from "../../core/schema/api/onramp.ts"
import type { OnrampQuote } from "../../core/schema/onramp.ts"
import type { RampAsset } from "./pricing.ts"

/** Orders kept at most. */
export const maxOrders = 1_000

/** What an order is opened with. */
export interface NewOrder {
  readonly projectId: string
  readonly provider: string
  /** CAIP-2 network to send on. */
  readonly network: string
  /** The network's display name, for the page. */
  readonly networkName: string
  readonly asset: RampAsset
  /** The destination wallet address. */
  readonly address: string
  /** Preset fiat currency, amount and payment method (the buyer may change them on the page). */
  readonly fiat: string
  readonly amount: number | undefined
  readonly method: string
}

/** An order as the ramp keeps it. */
export interface RampOrder extends NewOrder {
  readonly id: string
  readonly status: OnrampOrderStatus
  readonly quote?: OnrampQuote | undefined
  readonly transactionHash?: string | undefined
  readonly reason?: string | undefined
}

/** The order book. */
export interface Orders {
  readonly create: (order: NewOrder) => RampOrder
  readonly get: (id: string) => RampOrder | undefined
  /** Changes an order; `undefined` when there is none. */
  readonly update: (id: string, change: (order: RampOrder) => RampOrder) => RampOrder | undefined
}

/** An order as `GET /v1/onramp/orders/{orderId}` answers it. */
export const orderStatus = (order: RampOrder): OnrampOrder => ({
  orderId: order.id,
  status: order.status,
  network: order.network,
  ...(order.quote === undefined
    ? {}
    : { purchaseAmount: order.quote.purchaseAmount, paymentTotal: order.quote.paymentTotal }),
  ...(order.transactionHash === undefined ? {} : { transactionHash: order.transactionHash }),
  ...(order.reason === undefined ? {} : { reason: order.reason })
})

/**
 * A new, empty order book.
 * @example
 * ```ts
 * const order = makeOrders().create({ ... })
 * ```
 */
export const makeOrders = (): Orders => {
  const orders = new Map<string, RampOrder>()
  return {
    create: (order) => {
      const created: RampOrder = { ...order, id: randomUUID(), status: "created" }
      orders.set(created.id, created)
      while (orders.size > maxOrders) {
        const oldest = orders.keys().next().value
        if (oldest === undefined) break
        orders.delete(oldest)
      }
      return created
    },
    get: (id) => orders.get(id),
    update: (id, change) => {
      const order = orders.get(id)
      if (order === undefined) return undefined
      const next = change(order)
      orders.set(id, next)
      return next
    }
  }
}
