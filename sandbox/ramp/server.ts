/**
 * The sandbox ramp: an onramp provider on its own loopback origin, as a hosted one would be. The API's
 * `/v1/generators/onrampurl` opens an order here and answers the URL of its buy page; the buyer pays on that page
 * (SPEC §9's limits checked again), the treasury sends the crypto on the sandbox chain, and the API's
 * `/v1/onramp/orders/{orderId}` reports the order.
 *
 * Routes: `GET /buy?order=ID` (the page), `/buy.js`, `/buy.css`, and the page's own JSON calls `POST
 * /orders/ID/quote`, `/orders/ID/pay`, `/orders/ID/cancel` (same origin, JSON only).
 *
 * Run with the rest of the sandbox: `startSandbox()` or `npm start` (port `AIRLOCK_RAMP_PORT`, 4411).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { listenLocal } from "../../server/http/listen.ts"
import { makeOrders, type NewOrder, type Orders, orderStatus, type RampOrder } from "./orders.ts"
import { buyCss, buyJs, buyPage, pageCsp } from "./page.ts"
import { makeTreasury, type RampEvmChain, type RampSolanaChain } from "./payout.ts"
import { type RampRefusal, rampQuote, refusalOf } from "./pricing.ts"

/** Options of {@link startRamp}. */
export interface StartRampOptions {
  /** Port on 127.0.0.1; 0 picks a free one. @default 0 */
  readonly port?: number
  /** The EVM chains it pays on. */
  readonly evm: ReadonlyArray<RampEvmChain>
  /** The Solana chain it pays on. */
  readonly solana?: RampSolanaChain | undefined
}

/** A running ramp. */
export interface RampServer {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string
  readonly port: number
  readonly orders: Orders
  /** Opens an order and gives the URL of its buy page. */
  readonly open: (order: NewOrder) => { readonly order: RampOrder; readonly url: string }
  readonly stop: () => Promise<void>
}

const refusalText: Readonly<Record<RampRefusal, string>> = {
  invalidAmount: "Enter an amount.",
  belowMinimum: "The amount is below this payment method's minimum.",
  aboveMaximum: "The amount is above this payment method's maximum.",
  unknownCurrency: "This currency is not accepted.",
  unknownMethod: "This payment method is not accepted."
}

const maxBody = 10_000

const readJson = (req: IncomingMessage): Promise<Record<string, unknown>> =>
  new Promise((resolve, reject) => {
    let text = ""
    req.setEncoding("utf8")
    req.on("data", (chunk: string) => {
      text += chunk
      if (text.length > maxBody) {
        reject(new Error("Body too large"))
        req.destroy()
      }
    })
    req.on("error", reject)
    req.on("end", () => {
      try {
        const value: unknown = text.trim() === "" ? {} : JSON.parse(text)
        resolve(typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {})
      } catch {
        reject(new Error("Invalid JSON"))
      }
    })
  })

const security = { "x-content-type-options": "nosniff", "referrer-policy": "no-referrer" }

const send = (res: ServerResponse, status: number, type: string, body: string, extra: Record<string, string> = {}) =>
  res.writeHead(status, { "content-type": type, "cache-control": "no-store", ...security, ...extra }).end(body)

const sendJson = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, "application/json; charset=utf-8", JSON.stringify(body))

/** The payment form's fields as the page posts them. */
const formOf = (body: Record<string, unknown>) => ({
  amount: typeof body.amount === "number" ? body.amount : Number.NaN,
  fiat: typeof body.fiat === "string" ? body.fiat : "",
  method: typeof body.method === "string" ? body.method : ""
})

/**
 * Starts the ramp on 127.0.0.1.
 * @example
 * ```ts
 * const ramp = await startRamp({ evm: [{ caipNetworkId: "eip155:1", rpcUrl, usdc }] })
 * await ramp.stop()
 * ```
 */
export const startRamp = async (options: StartRampOptions): Promise<RampServer> => {
  const orders = makeOrders()
  const treasury = makeTreasury(options.evm, options.solana)
  let origin = ""

  const pay = async (order: RampOrder, form: ReturnType<typeof formOf>): Promise<RampOrder> => {
    const quote = rampQuote({ asset: order.asset, fiat: form.fiat, amount: form.amount })
    if (quote === undefined) throw new Error(refusalText.invalidAmount)
    orders.update(order.id, (o) => ({ ...o, status: "processing", quote, fiat: form.fiat, method: form.method }))
    try {
      const hash = await treasury.pay({
        network: order.network,
        asset: order.asset,
        amount: String(quote.purchaseAmount.amount),
        to: order.address
      })
      return orders.update(order.id, (o) => ({ ...o, status: "success", transactionHash: hash })) ?? order
    } catch (error) {
      const reason = error instanceof Error ? error.message.split("\n")[0] : "The transfer failed"
      return orders.update(order.id, (o) => ({ ...o, status: "failed", reason })) ?? order
    }
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1")
    const method = req.method ?? "GET"
    if (method === "GET" && url.pathname === "/buy.js") return send(res, 200, "text/javascript; charset=utf-8", buyJs)
    if (method === "GET" && url.pathname === "/buy.css") return send(res, 200, "text/css; charset=utf-8", buyCss)
    if (method === "GET" && url.pathname === "/buy") {
      const order = orders.get(url.searchParams.get("order") ?? "")
      if (order === undefined) return send(res, 404, "text/plain; charset=utf-8", "No such order")
      return send(res, 200, "text/html; charset=utf-8", buyPage(order), { "content-security-policy": pageCsp })
    }
    const action = /^\/orders\/([\w-]{1,64})\/(quote|pay|cancel)$/.exec(url.pathname)
    if (action === null || method !== "POST") return sendJson(res, 404, { message: "Not found" })
    // Only the buy page itself may pay or cancel: same origin, JSON (no cross-site form post reaches here).
    if (req.headers.origin !== origin || !/^application\/json\b/.test(req.headers["content-type"] ?? "")) {
      return sendJson(res, 403, { message: "Forbidden" })
    }
    const order = orders.get(action[1] ?? "")
    if (order === undefined) return sendJson(res, 404, { message: "No such order" })
    const body = await readJson(req).catch(() => undefined)
    if (body === undefined) return sendJson(res, 400, { message: "Invalid JSON" })
    const form = formOf(body)
    if (action[2] === "cancel") {
      const next = order.status === "created" ? orders.update(order.id, (o) => ({ ...o, status: "cancelled" })) : order
      return sendJson(res, 200, orderStatus(next ?? order))
    }
    const refusal = refusalOf(form.amount, form.fiat, form.method)
    if (action[2] === "quote") {
      const quote = rampQuote({ asset: order.asset, fiat: form.fiat, amount: form.amount })
      return sendJson(res, 200, { quote, ...(refusal === undefined ? {} : { message: refusalText[refusal] }) })
    }
    if (order.status !== "created") return sendJson(res, 409, { message: `The order is ${order.status}` })
    if (refusal !== undefined) return sendJson(res, 400, { message: refusalText[refusal] })
    return sendJson(res, 200, orderStatus(await pay(order, form)))
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { message: error instanceof Error ? error.message : "Internal error" })
    })
  })
  server.requestTimeout = 30_000
  const listening = await listenLocal(server, options.port)
  origin = `http://127.0.0.1:${listening.port}`
  return {
    url: origin,
    port: listening.port,
    orders,
    open: (input) => {
      const order = orders.create(input)
      return { order, url: `${origin}/buy?order=${encodeURIComponent(order.id)}` }
    },
    stop: listening.stop
  }
}
