/**
 * A relay client speaking the protocol by hand (as the SDK does), which can reconnect with the same key (the same
 * client id) and choose which pushes it acks.
 */
import { randomBytes } from "node:crypto"
import { generateKeyPair, signJWT } from "@walletconnect/relay-auth"
import { WebSocket } from "ws"

/** A push received: its topic and message. */
export interface Pushed {
  readonly topic: string
  readonly message: string
}

/** A logged-in client. */
export interface WireClient {
  readonly clientId: string
  /** Pushes received, in order. */
  readonly pushes: Array<Pushed>
  request(method: string, params: unknown): Promise<{ result?: unknown; error?: { code: number; message: string } }>
  close(): Promise<void>
}

/** Options of {@link wireClient}. */
export interface WireOptions {
  /** The key's seed: the same seed is the same client id. @default a random one */
  readonly seed?: Uint8Array
  /** The token's audience. @default the URL connected to */
  readonly audience?: string
  /** Which pushes are acked. @default all */
  readonly ack?: (pushed: Pushed) => boolean
}

/**
 * Connects to the relay at `url` and resolves once the socket is open.
 * @example
 * ```ts
 * const client = await wireClient(relay.url)
 * await client.request("irn_subscribe", { topic })
 * ```
 */
export const wireClient = async (url: string, options: WireOptions = {}): Promise<WireClient> => {
  const keyPair = generateKeyPair(new Uint8Array(options.seed ?? randomBytes(32)))
  const jwt = await signJWT(randomBytes(32).toString("hex"), options.audience ?? url, 86_400, keyPair)
  const payload = JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString()) as { iss: string }
  const socket = new WebSocket(`${url}/?auth=${jwt}&projectId=airlock-demo`)
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve())
    socket.once("error", reject)
  })
  const pending = new Map<number, (answer: { result?: unknown; error?: { code: number; message: string } }) => void>()
  const pushes: Array<Pushed> = []
  socket.on("message", (raw) => {
    const message = JSON.parse(raw.toString()) as {
      id: number
      method?: string
      params?: { data: Pushed }
      result?: unknown
      error?: { code: number; message: string }
    }
    if (message.method === "irn_subscription" && message.params !== undefined) {
      const pushed = { topic: message.params.data.topic, message: message.params.data.message }
      pushes.push(pushed)
      if (options.ack?.(pushed) ?? true) socket.send(JSON.stringify({ id: message.id, jsonrpc: "2.0", result: true }))
    } else pending.get(message.id)?.(message)
  })
  let nextId = 1
  return {
    clientId: payload.iss,
    pushes,
    request: (method, params) =>
      new Promise((resolve) => {
        const id = nextId++
        pending.set(id, resolve)
        socket.send(JSON.stringify({ id, jsonrpc: "2.0", method, params }))
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (socket.readyState === WebSocket.CLOSED) return resolve()
        socket.once("close", () => resolve())
        socket.close()
      })
  }
}

/** Waits until `check` holds, yielding to the event loop between tries (no fixed sleep); fails after `limitMs`. */
export const until = async (check: () => boolean, limitMs = 10_000): Promise<void> => {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > limitMs) throw new Error("condition not met")
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}
