/**
 * The sandbox API server: the wallet API, blockchain API and analytics sink of SPEC §7 on 127.0.0.1, answered from the
 * local chains and a SQLite file, so Airlock runs and is tested with no hosted service.
 *
 * Run alone: `npx node server/api/server.ts [--port N]` (with fresh local chains; Ctrl-C stops).
 */

import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { listenLocal } from "../http/listen.ts"
import type { ApiApp, ApiRoute, OnrampLink, SandboxMail } from "./app.ts"
import { type ApiChainsInput, defaultUnsupportedChainIds, makeChainSet } from "./chains.ts"
import { openDb, type SandboxDb } from "./db.ts"
import { makeIndexer } from "./indexer.ts"
import { isLoopbackOrigin, makeProjects, modeFailure, originAllowed, type Projects } from "./projects.ts"
import { makeRegistry, type Registry } from "./registry.ts"
import { HttpError, makeRouter, type Reply } from "./router.ts"
import { apiRoutes } from "./routes/index.ts"
import type { ApiSolanaInput } from "./solana.ts"

/** Options of {@link startApi}. */
export interface StartApiOptions {
  /** Port on 127.0.0.1; 0 picks a free one. @default 0 */
  readonly port?: number
  /** Where `sandbox.db` lives; created if missing. */
  readonly dataDir: string
  /** The local chains (a `startChains()` result). Without them, account endpoints answer empty results. */
  readonly chains?: ApiChainsInput | undefined
  /**
   * The local Solana chain (a `startSolana()` result): balances and history of `solana:` accounts, and listed among
   * the supported chains. Without it, a Solana account has empty results.
   */
  readonly solana?: ApiSolanaInput | undefined
  /** Chain ids left out of `/v1/supported-chains`. @default [31337] */
  readonly unsupportedChainIds?: ReadonlyArray<number>
  /** Entries per history page. @default 20 */
  readonly historyPageSize?: number
  /** The server's clock, unix ms. @default Date.now */
  readonly now?: () => number
  /** Routes added after the built-in ones (a later endpoint group, or a test's probe). @default [] */
  readonly extraRoutes?: ReadonlyArray<ApiRoute>
  /** Delivers the emails the API sends (sign-in's email-capture codes); without it those routes answer 503. */
  readonly mail?: ((mail: SandboxMail) => void) | undefined
  /** The onramp provider (the sandbox ramp) orders are opened on; without it the onramp URL and order routes answer 404. */
  readonly onramp?: OnrampLink | undefined
}

/** A running sandbox API. */
export interface ApiServer {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  readonly url: string
  readonly port: number
  readonly db: SandboxDb
  readonly projects: Projects
  /** The wallet registry `/getWallets` serves (650 wallets). */
  readonly registry: Registry
  /** Closes the server (dropping open connections) and the db. Safe to call twice. */
  readonly stop: () => Promise<void>
}

/** Largest request body accepted, in bytes. */
export const maxBodyBytes = 1_000_000

const corsHeaders = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": "*",
  "access-control-max-age": "600"
}

const send = (
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

const failure = (status: number, message: string): Reply => ({ kind: "json", status, body: { message } })

/** Whether the request says it carries a body (a length above 0, or a chunked one). */
const hasBody = (req: IncomingMessage): boolean =>
  req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? "0") > 0

const isJsonType = (contentType: string | undefined): boolean =>
  contentType?.split(";")[0]?.trim().toLowerCase() === "application/json"

// Only JSON bodies are read: a `text/plain` or form POST is a "simple" request a browser sends cross-site without a
// preflight, so taking it as JSON would let any web page post to the API.
const isBeaconType = (contentType: string | undefined): boolean =>
  contentType?.split(";")[0]?.trim().toLowerCase() === "text/plain"

const readBody = (req: IncomingMessage, textBody = false): Promise<unknown> =>
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
      if (size > maxBodyBytes) {
        reject(new HttpError(413, `Body too large: at most ${maxBodyBytes} bytes`))
        req.resume()
        return
      }
      chunks.push(chunk)
    })
    req.on("error", reject)
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8")
      if (text.trim() === "") return resolve(undefined)
      try {
        resolve(JSON.parse(text))
      } catch {
        reject(new HttpError(400, "Invalid JSON body"))
      }
    })
  })

/** Applies the project gate: a known project id, its failure mode, and (for browser calls) its allowed origins. */
const authorize = (app: ApiApp, query: URLSearchParams, origin: string | undefined) => {
  const projectId = query.get("projectId")
  if (projectId === null || projectId === "") throw new HttpError(400, "Missing query parameter 'projectId'")
  const project = app.projects.get(projectId)
  if (project === undefined) throw new HttpError(403, modeFailure["invalid-key"].message)
  if (project.mode !== "ok") throw new HttpError(modeFailure[project.mode].status, modeFailure[project.mode].message)
  if (origin !== undefined && !originAllowed(origin, project.allowedOrigins))
    throw new HttpError(403, modeFailure["origin-not-allowed"].message)
  return project
}

/**
 * The CORS headers of a `credentials` route (cookies): the request's own origin when the project allows it, else none
 * (the browser then keeps the answer from the page); `vary: origin` either way, so a cache keeps them apart.
 */
const credentialedCors = (app: ApiApp, query: URLSearchParams, origin: string | undefined): Record<string, string> => {
  const project = app.projects.get(query.get("projectId") ?? "")
  if (origin === undefined || project?.mode !== "ok" || !originAllowed(origin, project.allowedOrigins))
    return { vary: "origin" }
  return {
    vary: "origin",
    "access-control-allow-origin": origin,
    "access-control-allow-credentials": "true",
    "access-control-allow-methods": "GET, POST, OPTIONS",
    "access-control-allow-headers": "content-type",
    "access-control-max-age": "600"
  }
}

/**
 * Starts the sandbox API on 127.0.0.1.
 * @example
 * ```ts
 * const chains = await startChains()
 * const api = await startApi({ dataDir: "/tmp/airlock-api", chains })
 * await fetch(`${api.url}/getAnalyticsConfig?projectId=airlock-demo`)
 * await api.stop()
 * ```
 */
export const startApi = async (options: StartApiOptions): Promise<ApiServer> => {
  const db = openDb(options.dataDir)
  const now = options.now ?? Date.now
  const chains = makeChainSet(options.chains, options.unsupportedChainIds ?? defaultUnsupportedChainIds, options.solana)
  let baseUrl = ""
  const app: ApiApp = {
    db,
    projects: makeProjects(db, now),
    registry: makeRegistry(),
    chains,
    indexer: makeIndexer(chains),
    now,
    baseUrl: () => baseUrl,
    historyPageSize: options.historyPageSize ?? 20,
    mail: options.mail,
    onramp: options.onramp
  }
  const router = makeRouter([...apiRoutes, ...(options.extraRoutes ?? [])])

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? "GET"
    const origin = typeof req.headers.origin === "string" ? req.headers.origin : undefined
    let url: URL
    try {
      url = new URL(`http://127.0.0.1${req.url ?? "/"}`)
    } catch {
      return send(res, method === "OPTIONS" ? { kind: "empty", status: 204 } : failure(400, "Malformed request URL"))
    }
    if (method === "OPTIONS") {
      const target = [router.match("POST", url.pathname), router.match("GET", url.pathname)].find((m) => m.route)
      if (target?.route?.credentials)
        return send(res, { kind: "empty", status: 204 }, {}, credentialedCors(app, url.searchParams, origin))
      return send(res, { kind: "empty", status: 204 })
    }
    const matched = router.match(method, url.pathname)
    if (matched.route === undefined) {
      if (matched.allowed.length === 0) return send(res, failure(404, `Not found: ${method} ${url.pathname}`))
      return send(res, failure(405, `Method ${method} not allowed`), { allow: matched.allowed.join(", ") })
    }
    if (matched.route.loopbackOnly && origin !== undefined && !isLoopbackOrigin(origin))
      throw new HttpError(403, "Forbidden: sandbox control routes answer only pages on 127.0.0.1, localhost or [::1]")
    const cors = matched.route.credentials ? credentialedCors(app, url.searchParams, origin) : corsHeaders
    try {
      const body = method === "POST" ? await readBody(req, matched.route.textBody === true) : undefined
      const project = matched.route.public ? undefined : authorize(app, url.searchParams, origin)
      const reply = await matched.route.handle({
        params: matched.params,
        query: url.searchParams,
        body,
        headers: req.headers,
        // Public routes never read the project; the cast keeps the context type simple for every other route.
        project: project as NonNullable<typeof project>,
        app
      })
      send(res, reply, {}, cors)
    } catch (error) {
      // A refusal a credentialed page may read (400, 403) carries that route's CORS headers, not `*`.
      if (error instanceof HttpError) return send(res, failure(error.status, error.message), {}, cors)
      throw error
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof HttpError) return send(res, failure(error.status, error.message))
      console.error("sandbox api: unexpected error", error)
      send(res, failure(500, `Internal error: ${error instanceof Error ? error.message : String(error)}`))
    })
  })
  // Requests Node cannot parse (garbage, oversized headers) never reach `handle`: answer them in the same JSON shape.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable) return
    const tooLarge = error.code === "HPE_HEADER_OVERFLOW"
    const body = JSON.stringify({ message: tooLarge ? "Request headers too large" : "Malformed HTTP request" })
    socket.end(
      `HTTP/1.1 ${tooLarge ? "431 Request Header Fields Too Large" : "400 Bad Request"}\r\n` +
        `content-type: application/json; charset=utf-8\r\naccess-control-allow-origin: *\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
    )
  })

  const listening = await listenLocal(server, options.port)
  const port = listening.port
  baseUrl = `http://127.0.0.1:${port}`
  let stopped: Promise<void> | undefined
  const stop = () => {
    stopped ??= listening.stop().then(() => db.close())
    return stopped
  }
  return { url: baseUrl, port, db, projects: app.projects, registry: app.registry, stop }
}

if (import.meta.main) {
  const { startChains } = await import("../../sandbox/chain/index.ts")
  const { startSolana } = await import("../../sandbox/solana/index.ts")
  const portArg = process.argv.indexOf("--port")
  const [chains, solana] = await Promise.all([startChains(), startSolana()])
  const api = await startApi({
    dataDir: ".sandbox/api",
    chains,
    solana,
    port: portArg === -1 ? 0 : Number(process.argv[portArg + 1])
  })
  console.log(`sandbox api on ${api.url} (project id airlock-demo); Ctrl-C to stop`)
  const shutdown = () => void Promise.all([api.stop(), chains.stop(), solana.stop()]).then(() => process.exit(0))
  process.once("SIGINT", shutdown)
  process.once("SIGTERM", shutdown)
}
