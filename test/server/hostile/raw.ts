/**
 * Raw-socket tools for the hostile-input tests: requests and WebSocket frames written byte by byte, as an attacker on
 * the same machine would send them, bypassing every client library's checks.
 */
import { randomBytes } from "node:crypto"
import { connect, type Socket } from "node:net"
import { generateKeyPair, signJWT } from "@walletconnect/relay-auth"
import { WebSocket } from "ws"

/**
 * Writes `bytes` to 127.0.0.1:`port` and resolves with what came back before the server closed the connection, or
 * before `idleMs` passed without a byte (then the socket is destroyed): a request whose body never completes
 * must not hold the test.
 */
export const rawExchange = (port: number, bytes: string | Uint8Array, idleMs = 400): Promise<string> =>
  new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1")
    const chunks: Array<Buffer> = []
    const done = () => {
      clearTimeout(timer)
      socket.destroy()
      resolve(Buffer.concat(chunks).toString("latin1"))
    }
    let timer = setTimeout(done, idleMs)
    socket.on("data", (chunk) => {
      chunks.push(chunk)
      clearTimeout(timer)
      timer = setTimeout(done, idleMs)
    })
    socket.on("error", done)
    socket.on("close", done)
    socket.write(bytes)
  })

/** The HTTP status of a raw answer, or 0 when none came. */
export const statusOf = (answer: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)

/** A WebSocket opened by hand: the socket, what the server sent after its 101, and when it closed. */
export interface RawWebSocket {
  readonly socket: Socket
  /** The bytes received after the upgrade's answer, as they arrive. */
  readonly received: () => Buffer
  /** Resolves when the connection is closed (by either side, or an error). */
  readonly closed: Promise<void>
}

/**
 * Opens a WebSocket by hand: writes the upgrade request for `path` and resolves once the server answered 101 (rejects
 * on any other answer). What follows the answer's head, even in the same packet, is kept in `received`.
 */
export const rawWebSocket = (port: number, path = "/"): Promise<RawWebSocket> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1")
    let head = Buffer.alloc(0)
    let body = Buffer.alloc(0)
    let upgraded = false
    const closed = new Promise<void>((done) => {
      socket.on("close", () => done())
      socket.on("error", () => done())
    })
    socket.on("data", (chunk: Buffer) => {
      if (upgraded) {
        body = Buffer.concat([body, chunk])
        return
      }
      head = Buffer.concat([head, chunk])
      const end = head.indexOf("\r\n\r\n")
      if (end === -1) return
      const status = head.subarray(0, end).toString("latin1")
      if (!status.startsWith("HTTP/1.1 101")) {
        socket.destroy()
        return reject(new Error(`upgrade refused: ${status.split("\r\n")[0]}`))
      }
      upgraded = true
      body = head.subarray(end + 4)
      resolve({ socket, received: () => body, closed })
    })
    socket.on("error", reject)
    socket.write(
      `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\nSec-WebSocket-Version: 13\r\n\r\n`
    )
  })

/** Options of {@link wsFrame}: what a well-behaved client would never send. */
export interface FrameOptions {
  readonly opcode?: number
  readonly fin?: boolean
  /** Clients must mask; `false` sends the payload in clear. @default true */
  readonly mask?: boolean
  /** The length the header claims (default: the payload's). */
  readonly claimedLength?: number
}

/** A WebSocket frame, byte for byte (RFC 6455 §5.2). */
export const wsFrame = (payload: Uint8Array | string, options: FrameOptions = {}): Buffer => {
  const body = typeof payload === "string" ? Buffer.from(payload) : Buffer.from(payload)
  const length = options.claimedLength ?? body.length
  const masked = options.mask ?? true
  const first = ((options.fin ?? true) ? 0x80 : 0) | ((options.opcode ?? 1) & 0x0f)
  const maskBit = masked ? 0x80 : 0
  let header: Buffer
  if (length < 126) header = Buffer.from([first, maskBit | length])
  else if (length < 65536) {
    header = Buffer.alloc(4)
    header.writeUInt8(first, 0)
    header.writeUInt8(maskBit | 126, 1)
    header.writeUInt16BE(length, 2)
  } else {
    header = Buffer.alloc(10)
    header.writeUInt8(first, 0)
    header.writeUInt8(maskBit | 127, 1)
    header.writeBigUInt64BE(BigInt(length), 2)
  }
  if (!masked) return Buffer.concat([header, body])
  const key = randomBytes(4)
  const out = Buffer.from(body)
  for (let i = 0; i < out.length; i++) out[i] = (out[i] ?? 0) ^ (key[i % 4] ?? 0)
  return Buffer.concat([header, key, out])
}

/** A relay login token for a fresh client id, made for `audience` (the relay's own URL when it is to be accepted). */
export const relayToken = async (audience: string): Promise<{ readonly jwt: string; readonly clientId: string }> => {
  const keyPair = generateKeyPair(new Uint8Array(randomBytes(32)))
  const jwt = await signJWT(randomBytes(32).toString("hex"), audience, 86_400, keyPair)
  const payload = JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString()) as { iss: string }
  return { jwt, clientId: payload.iss }
}

/** A JSON-RPC client on the relay, through the `ws` library (a well-behaved client). */
export interface RelayClient {
  readonly socket: WebSocket
  /** Messages pushed on subscribed topics. */
  readonly pushes: Array<string>
  request(method: string, params: unknown): Promise<{ readonly result?: unknown; readonly error?: { code: number } }>
  close(): Promise<void>
}

/** Connects a well-behaved client to the relay at `url`, with a token made for `audience` (default: `url`). */
export const relayClient = async (url: string, audience = url): Promise<RelayClient> => {
  const { jwt } = await relayToken(audience)
  const socket = new WebSocket(`${url}/?auth=${jwt}`)
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve())
    socket.once("error", reject)
  })
  const pending = new Map<number, (answer: { result?: unknown; error?: { code: number } }) => void>()
  const pushes: Array<string> = []
  socket.on("message", (raw) => {
    const message = JSON.parse(raw.toString()) as {
      id: number
      method?: string
      params?: { data: { message: string } }
      result?: unknown
      error?: { code: number }
    }
    if (message.method === "irn_subscription" && message.params !== undefined) pushes.push(message.params.data.message)
    else pending.get(message.id)?.(message)
  })
  let nextId = 1
  return {
    socket,
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

/** Resolves once `check` holds (polled on every macrotask turn), or rejects after `limitMs`. */
export const until = async (check: () => boolean, limitMs = 5000): Promise<void> => {
  const start = Date.now()
  while (!check()) {
    if (Date.now() - start > limitMs) throw new Error("condition not met")
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
}

/** Whether the relay at `url` still serves: one fresh client subscribes, another publishes, the first receives it. */
export const relayServes = async (url: string): Promise<boolean> => {
  const topic = randomBytes(32).toString("hex")
  const [reader, writer] = await Promise.all([relayClient(url), relayClient(url)])
  try {
    const subscribed = await reader.request("irn_subscribe", { topic })
    if (typeof subscribed.result !== "string") return false
    const published = await writer.request("irn_publish", { topic, message: "still-here", ttl: 300, tag: 1 })
    if (published.result !== true) return false
    await until(() => reader.pushes.includes("still-here"))
    return true
  } finally {
    await Promise.all([reader.close(), writer.close()])
  }
}
