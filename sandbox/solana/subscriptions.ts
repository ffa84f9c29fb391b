/**
 * The local Solana chain's PubSub over WebSocket (what `createSolanaRpcSubscriptions` talks to): `slotSubscribe`,
 * `rootSubscribe`, `signatureSubscribe` and `accountSubscribe`, each with its unsubscribe method. Notifications go out
 * as each transaction lands; a signature subscribed after its transaction landed is notified at once, and a signature
 * subscription ends with its one notification, as on a validator.
 */
import type { Address } from "@solana/kit"
import { type WebSocket, WebSocketServer } from "ws"
import { encodeAccount, mintDecimals } from "./encoding.ts"
import { invalidParams, RpcError, rpcErrorCodes } from "./errors.ts"
import type { SolanaTxRecord } from "./history.ts"
import type { Ledger } from "./ledger.ts"
import { addressAt, callMethod, configAt, parseJson, type RpcMethod, signatureOf, stringifyJson } from "./rpc.ts"

type Subscription =
  | { readonly kind: "slot" }
  | { readonly kind: "root" }
  | { readonly kind: "signature"; readonly signature: string }
  | { readonly kind: "account"; readonly address: Address; readonly config: Readonly<Record<string, unknown>> }

/** Most live subscriptions one connection may hold. */
export const maxSubscriptionsPerConnection = 1000

/** Largest message a client may send, in bytes. */
export const maxSubscriptionMessageBytes = 1_000_000

/** The PubSub endpoint, attached to an HTTP server's upgrades. */
export interface SolanaPubSub {
  readonly server: WebSocketServer
  /** Closes every connection and stops listening for transactions. */
  close(): Promise<void>
}

/**
 * Serves PubSub on `server`'s WebSocket upgrades (any path).
 * @example
 * ```ts
 * const pubsub = attachPubSub(httpServer, ledger)
 * await pubsub.close()
 * ```
 */
export const attachPubSub = (server: import("node:http").Server, ledger: Ledger): SolanaPubSub => {
  const wss = new WebSocketServer({ server, maxPayload: maxSubscriptionMessageBytes })
  // ws re-emits the HTTP server's errors; the server's owner handles those, this must not crash on them
  wss.on("error", () => {})
  const decimalsOf = mintDecimals(ledger.svm)
  const connections = new Map<WebSocket, Map<number, Subscription>>()
  let nextId = 1

  const send = (socket: WebSocket, message: unknown) => {
    if (socket.readyState === socket.OPEN) socket.send(stringifyJson(message))
  }
  const notify = (socket: WebSocket, method: string, subscription: number, result: unknown) =>
    send(socket, { jsonrpc: "2.0", method, params: { result, subscription } })
  const signatureResult = (record: SolanaTxRecord) => ({ context: { slot: record.slot }, value: { err: record.err } })

  const methodsFor = (socket: WebSocket, subscriptions: Map<number, Subscription>) => {
    const subscribe = (subscription: Subscription) => {
      if (subscriptions.size >= maxSubscriptionsPerConnection)
        throw invalidParams(`Too many subscriptions: at most ${maxSubscriptionsPerConnection} per connection`)
      const id = nextId++
      subscriptions.set(id, subscription)
      return id
    }
    const unsubscribe: RpcMethod = (params) => {
      const id = params[0]
      if (typeof id !== "number" || !subscriptions.delete(id))
        throw new RpcError(rpcErrorCodes.invalidParams, "Invalid subscription id.")
      return true
    }
    const methods: Record<string, RpcMethod> = {
      slotSubscribe: () => subscribe({ kind: "slot" }),
      rootSubscribe: () => subscribe({ kind: "root" }),
      accountSubscribe: (params) => {
        const address = addressAt(params, 0)
        const config = configAt(params, 1)
        encodeAccount(ledger.svm.getAccount(address), config, decimalsOf)
        return subscribe({ kind: "account", address, config })
      },
      signatureSubscribe: (params) => {
        const signature = signatureOf(params[0])
        configAt(params, 1)
        const landed = ledger.history.get(signature)
        if (landed === undefined) return subscribe({ kind: "signature", signature })
        // Landed already: one notification right after the subscription id, and the subscription is done.
        const id = nextId++
        setImmediate(() => notify(socket, "signatureNotification", id, signatureResult(landed)))
        return id
      },
      slotUnsubscribe: unsubscribe,
      rootUnsubscribe: unsubscribe,
      accountUnsubscribe: unsubscribe,
      signatureUnsubscribe: unsubscribe
    }
    return methods
  }

  wss.on("connection", (socket) => {
    const subscriptions = new Map<number, Subscription>()
    connections.set(socket, subscriptions)
    const methods = methodsFor(socket, subscriptions)
    socket.on("message", (data, isBinary) => {
      let request: unknown
      try {
        request = parseJson(isBinary ? "" : data.toString())
      } catch {
        return send(socket, {
          jsonrpc: "2.0",
          id: null,
          error: { code: rpcErrorCodes.parseError, message: "Parse error" }
        })
      }
      // A message without an id (kit's keep-alive `ping`) is a notification: nothing to answer.
      if (typeof request === "object" && request !== null && !Array.isArray(request) && !("id" in request)) return
      void callMethod(methods, request).then((answer) => send(socket, answer))
    })
    socket.on("close", () => connections.delete(socket))
    socket.on("error", () => socket.terminate())
  })

  const stopListening = ledger.onLanded((record) => {
    for (const [socket, subscriptions] of connections)
      for (const [id, subscription] of subscriptions) {
        if (subscription.kind === "slot")
          notify(socket, "slotNotification", id, { parent: record.slot - 1n, root: record.slot, slot: record.slot })
        else if (subscription.kind === "root") notify(socket, "rootNotification", id, record.slot)
        else if (subscription.kind === "signature") {
          if (subscription.signature !== record.signature) continue
          subscriptions.delete(id)
          notify(socket, "signatureNotification", id, signatureResult(record))
        } else if (record.accountKeys.includes(subscription.address)) {
          let value: object | null
          try {
            value = encodeAccount(ledger.svm.getAccount(subscription.address), subscription.config, decimalsOf)
          } catch {
            continue // grew past what its encoding can carry (base58): a validator stays silent too
          }
          notify(socket, "accountNotification", id, { context: { slot: record.slot }, value })
        }
      }
  })

  let closed: Promise<void> | undefined
  return {
    server: wss,
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        stopListening()
        for (const socket of connections.keys()) socket.terminate()
        wss.close(() => resolve())
      })
      return closed
    }
  }
}
