/**
 * The local Solana chain's RPC server on 127.0.0.1: JSON-RPC over HTTP POST (any path, batches too), PubSub over a
 * WebSocket upgrade of the same port, and `GET /health`. Open to any origin (CORS), as a local validator is.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { listenLocal } from "../../server/http/listen.ts"
import { rpcErrorCodes } from "./errors.ts"
import type { Ledger } from "./ledger.ts"
import { answerBody, type RpcMethod, stringifyJson } from "./rpc.ts"
import { attachPubSub } from "./subscriptions.ts"

/** Largest request body accepted, in bytes; a larger one is answered 413 without being read into memory. */
export const maxRpcBodyBytes = 1_000_000

/** A running RPC server. */
export interface SolanaRpcServer {
  readonly port: number
  /** Closes every WebSocket, every connection and the server. Safe to call twice. */
  readonly stop: () => Promise<void>
}

const headers = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": "*",
  "access-control-max-age": "600"
}

const reply = (res: ServerResponse, status: number, body: string, type = "application/json; charset=utf-8") => {
  if (!res.headersSent) res.writeHead(status, { ...headers, "content-type": type }).end(body)
}

const errorBody = (code: number, message: string) =>
  stringifyJson({ jsonrpc: "2.0", id: null, error: { code, message } })

const tooLarge = errorBody(rpcErrorCodes.invalidRequest, `Request body too large: at most ${maxRpcBodyBytes} bytes`)

/** The body as text, or undefined once it passed the size limit (then the rest is drained unread). */
const readText = (req: IncomingMessage): Promise<string | undefined> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    let size = 0
    let over = false
    req.on("data", (chunk: Buffer) => {
      if (over) return
      size += chunk.length
      if (size > maxRpcBodyBytes) {
        over = true
        chunks.length = 0
        resolve(undefined)
        return
      }
      chunks.push(chunk)
    })
    req.on("error", reject)
    req.on("end", () => {
      if (!over) resolve(Buffer.concat(chunks).toString("utf8"))
    })
  })

/**
 * Starts the server for `ledger` with `methods`.
 * @example
 * ```ts
 * const rpc = await startSolanaRpcServer(ledger, solanaMethods(ledger, faucet), 8899)
 * await rpc.stop()
 * ```
 */
export const startSolanaRpcServer = async (
  ledger: Ledger,
  methods: Readonly<Record<string, RpcMethod>>,
  port = 0
): Promise<SolanaRpcServer> => {
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? "GET"
    if (method === "OPTIONS") return void res.writeHead(204, headers).end()
    if (method === "GET" && (req.url ?? "/").split("?")[0] === "/health") return reply(res, 200, "ok", "text/plain")
    if (method !== "POST") return reply(res, 405, errorBody(rpcErrorCodes.invalidRequest, "Use POST for JSON-RPC"))
    if (Number(req.headers["content-length"] ?? "0") > maxRpcBodyBytes) {
      reply(res, 413, tooLarge)
      return void req.resume()
    }
    const text = await readText(req)
    if (text === undefined) return reply(res, 413, tooLarge)
    reply(res, 200, await answerBody(methods, text))
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      reply(
        res,
        500,
        errorBody(rpcErrorCodes.internalError, `Internal error: ${error instanceof Error ? error.message : error}`)
      )
    })
  })
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n")
  })
  const listening = await listenLocal(server, port)
  const pubsub = attachPubSub(server, ledger)
  let stopped: Promise<void> | undefined
  return {
    port: listening.port,
    stop: () => {
      stopped ??= pubsub.close().then(() => listening.stop())
      return stopped
    }
  }
}
