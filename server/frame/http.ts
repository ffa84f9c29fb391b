/**
 * The secure site's HTTP plumbing: its security headers and content policy, answers (HTML, JSON, text), and bounded
 * reads of JSON and form bodies.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { Schema } from "effect"
import { FrameHttpError } from "./codes.ts"

/** Largest JSON or form body accepted, in bytes. */
export const maxFrameBodyBytes = 64 * 1024

// A CSP source expression can say a scheme, a host with a leading `*.` and a port or `:*`; an allowed-origin pattern
// with a `*` elsewhere (`preview-*.example.com`) has no CSP form and is left out of frame-ancestors.
const cspSource =
  /^(?:https?:\/\/)?(?:\*\.)?(?:[a-z0-9-]+\.)*[a-z0-9-]+(?::(?:\d{1,5}|\*))?$|^(?:https?:\/\/)?\[[0-9a-f:.]+\](?::(?:\d{1,5}|\*))?$/i

/**
 * The `frame-ancestors` sources for a project's allowed origins; `'none'` when none can be said in CSP.
 * @example
 * ```ts
 * frameAncestors(["http://localhost:*", "https://preview-*.example.com"]) // "http://localhost:*"
 * ```
 */
export const frameAncestors = (patterns: ReadonlyArray<string>): string => {
  const sources = patterns.map((pattern) => pattern.trim()).filter((pattern) => cspSource.test(pattern))
  return sources.length === 0 ? "'none'" : sources.join(" ")
}

const pageCsp = (ancestors: string) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    // the frame reaches the local chains' RPC (the app's rpcUrl) besides its own routes
    "connect-src 'self' http://127.0.0.1:* http://localhost:*",
    "form-action 'self'",
    "base-uri 'none'",
    `frame-ancestors ${ancestors}`
  ].join("; ")

/** The headers every answer of the site carries. */
export const baseHeaders = {
  "x-content-type-options": "nosniff",
  "cache-control": "no-store",
  // "same-origin", not "no-referrer": under no-referrer a browser sends `Origin: null` with the pages' own form posts,
  // which the same-origin check must be able to tell apart from a foreign page's
  "referrer-policy": "same-origin"
}

/** Answers a page under the site's content policy; `ancestors` are who may frame it. */
export const sendHtml = (res: ServerResponse, status: number, html: string, ancestors = "'none'"): void =>
  void res
    .writeHead(status, {
      ...baseHeaders,
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": pageCsp(ancestors)
    })
    .end(html)

/** Answers JSON. */
export const sendJson = (res: ServerResponse, status: number, body: unknown): void =>
  void res
    .writeHead(status, { ...baseHeaders, "content-type": "application/json; charset=utf-8" })
    .end(JSON.stringify(body))

/** Answers a script or style sheet. */
export const sendText = (res: ServerResponse, status: number, type: string, body: string): void =>
  void res.writeHead(status, { ...baseHeaders, "content-type": type }).end(body)

const readRaw = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    let size = 0
    let refused = false
    req.on("data", (chunk: Buffer) => {
      if (refused) return
      size += chunk.length
      if (size > maxFrameBodyBytes) {
        refused = true
        reject(new FrameHttpError(413, `Body too large: at most ${maxFrameBodyBytes} bytes`))
        return
      }
      chunks.push(chunk)
    })
    req.on("error", reject)
    req.on("end", () => {
      if (!refused) resolve(Buffer.concat(chunks).toString("utf8"))
    })
  })

const mediaType = (req: IncomingMessage) => req.headers["content-type"]?.split(";")[0]?.trim().toLowerCase()

/**
 * The request's JSON body decoded by `schema`: a 415 for another content type, a 413 past
 * {@link maxFrameBodyBytes}, a 400 for a body that is not JSON or not of the schema.
 * @example
 * ```ts
 * import type { IncomingMessage } from "node:http"
 * import { OtpBody } from "./api.ts"
 * declare const req: IncomingMessage
 * const body = await readJson(req, OtpBody) // { loginId, otp }
 * ```
 */
export const readJson = async <S extends Schema.Top & { readonly DecodingServices: never }>(
  req: IncomingMessage,
  schema: S
): Promise<S["Type"]> => {
  // Only JSON: a text/plain or form POST is one any page may send cross-site without asking first.
  if (mediaType(req) !== "application/json")
    throw new FrameHttpError(415, "Unsupported content type: send the body as application/json")
  const text = await readRaw(req)
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw new FrameHttpError(400, "Invalid JSON body")
  }
  const decoded = Schema.decodeUnknownResult(schema)(parsed)
  if (decoded._tag === "Failure") throw new FrameHttpError(400, `Invalid body: ${decoded.failure.message}`)
  return decoded.success
}

/** The request's form body (the stand-in pages' posts); a 415 for anything else. */
export const readForm = async (req: IncomingMessage): Promise<URLSearchParams> => {
  if (mediaType(req) !== "application/x-www-form-urlencoded") throw new FrameHttpError(415, "Expected a form")
  return new URLSearchParams(await readRaw(req))
}

/** The session token of an `Authorization: Bearer` header. */
export const bearer = (req: IncomingMessage): string | undefined => {
  const header = req.headers.authorization
  if (header === undefined || !header.startsWith("Bearer ")) return undefined
  return header.slice("Bearer ".length).trim()
}

/** The caller's IP address: what the per-client limits count (no forwarding header is trusted). */
export const clientOf = (req: IncomingMessage): string => req.socket.remoteAddress ?? "unknown"

/** A signal that aborts when the caller goes away: a long-poll lets go then. */
export const untilClosed = (req: IncomingMessage, res: ServerResponse): AbortSignal => {
  const controller = new AbortController()
  res.on("close", () => controller.abort())
  req.on("aborted", () => controller.abort())
  return controller.signal
}
