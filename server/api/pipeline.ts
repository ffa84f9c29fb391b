/**
 * The API's request plumbing: reading a JSON body within a size cap, writing an answer with its CORS headers, the
 * per-request time cap and the Redis connection.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { Redis } from "ioredis"
import { MAX_JSON_DEPTH, nestedDeeperThan } from "../http/guard.ts"
import { openCors } from "./cors.ts"
import { HttpError, type Reply } from "./router.ts"

/** Largest request body accepted, in bytes. */
export const maxBodyBytes = 1_000_000

/** The headers of a public answer. */
export const corsHeaders = openCors

/** Writes `reply` with `cors` and `extra` headers; nothing once headers went out (a timed-out request's late answer). */
export const send = (
  res: ServerResponse,
  reply: Reply,
  extra: Record<string, string> = {},
  cors: Readonly<Record<string, string>> = corsHeaders
) => {
  if (res.headersSent) return
  const headers = { ...cors, ...extra, ...reply.headers }
  if (reply.kind === "empty") res.writeHead(reply.status, headers).end()
  else if (reply.kind === "html")
    res
      .writeHead(reply.status, {
        ...headers,
        "content-type": "text/html; charset=utf-8",
        // The page shows what any visitor's page sent: no script runs in it, whatever a property holds.
        "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'",
        "cache-control": "no-store"
      })
      .end(reply.body)
  else if (reply.kind === "svg")
    res
      .writeHead(reply.status, { ...headers, "content-type": "image/svg+xml", "cache-control": "public, max-age=3600" })
      .end(reply.body)
  else
    res
      .writeHead(reply.status, { ...headers, "content-type": "application/json; charset=utf-8" })
      .end(JSON.stringify(reply.body))
}

/** A JSON refusal `{ message }`. */
export const failure = (status: number, message: string): Reply => ({ kind: "json", status, body: { message } })

/** Whether the request says it carries a body (a length above 0, or a chunked one). */
const hasBody = (req: IncomingMessage): boolean =>
  req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? "0") > 0

const isJsonType = (contentType: string | undefined): boolean =>
  contentType?.split(";")[0]?.trim().toLowerCase() === "application/json"

// Only JSON bodies are read: a `text/plain` or form POST is a "simple" request a browser sends cross-site without a
// preflight, so taking it as JSON would let any web page post to the API.
const isBeaconType = (contentType: string | undefined): boolean =>
  contentType?.split(";")[0]?.trim().toLowerCase() === "text/plain"

/**
 * Reads a JSON body (a `text/plain` one too when `textBody`): 415 for another type, 413 past `limit` bytes, 400 when it
 * does not parse or nests deeper than {@link MAX_JSON_DEPTH}; `undefined` when there is none.
 */
export const readBody = (req: IncomingMessage, textBody = false, limit = maxBodyBytes): Promise<unknown> =>
  new Promise((resolve, reject) => {
    const type = req.headers["content-type"]
    if (hasBody(req) && !isJsonType(type) && !(textBody && isBeaconType(type))) {
      reject(new HttpError(415, "Unsupported content type: send the body as application/json"))
      req.resume()
      return
    }
    const chunks: Array<Buffer> = []
    let size = 0
    req.on("data", (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        reject(new HttpError(413, `Body too large: at most ${limit} bytes`))
        req.resume()
        return
      }
      chunks.push(chunk)
    })
    req.on("error", reject)
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8")
      if (text.trim() === "") return resolve(undefined)
      if (nestedDeeperThan(text))
        return reject(new HttpError(400, `Invalid JSON body: nested deeper than ${MAX_JSON_DEPTH}`))
      try {
        resolve(JSON.parse(text))
      } catch {
        reject(new HttpError(400, "Invalid JSON body"))
      }
    })
  })

/** Rejects with a 503 "Request timed out" after `ms`; the work itself is left to finish unseen. */
export const timeLimited = <A>(work: Promise<A>, ms: number): Promise<A> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new HttpError(503, "Request timed out")), ms)
    work.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error)
      }
    )
  })

/** Connects to Redis, failing within 5 s with a clear error; commands then fail fast while it is unreachable. */
export const connectRedis = async (url: string, onError: (error: Error) => void): Promise<Redis> => {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5000,
    commandTimeout: 2000,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false
  })
  // A lost connection is reconnected by the client; meanwhile commands fail (and rate limits fail open).
  redis.on("error", onError)
  try {
    await redis.connect()
    return redis
  } catch (error) {
    redis.disconnect()
    throw new Error(`Redis at ${new URL(url).host} is unreachable: ${error instanceof Error ? error.message : error}`)
  }
}
