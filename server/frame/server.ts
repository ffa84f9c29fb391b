/**
 * The embedded wallet's secure site on its own loopback port, so the frame is truly cross-origin to the app: the frame
 * page (`/sdk`) and its JSON routes (`/api/*`, same-origin only: `apiRoutes.ts`), the local mailbox, and the social
 * and Farcaster stand-ins (`pageRoutes.ts`). Keys, codes and session tokens stay between this server and its own
 * frame page.
 *
 * Run with the rest of the sandbox: `startSandbox()` or `npm start` (port `AIRLOCK_FRAME_PORT`, 4410).
 */
import { createHmac } from "node:crypto"
import { createServer, type IncomingMessage, type ServerResponse } from "node:http"
import { join } from "node:path"
import type { Address } from "viem"
import { clientIp } from "../api/limits.ts"
import { listenLocal } from "../http/listen.ts"
import { KvError } from "../shared/kv.ts"
import { openSql } from "../store/sql.ts"
import { makeApiRoutes } from "./apiRoutes.ts"
import { makeAuth } from "./auth.ts"
import { bundleFrameScripts, type FrameScripts } from "./build.ts"
import { FrameHttpError } from "./codes.ts"
import { sendHtml, sendJson } from "./http.ts"
import { checkPublicOrigin, type FrameServer, type StartFrameOptions } from "./options.ts"
import { makePageRoutes } from "./pageRoutes.ts"
import { messagePage } from "./pages.ts"
import { makeSiteGuards } from "./site.ts"
import { type FrameStore, type FrameUserRow, openFrameStore } from "./store.ts"

export { frameAncestors, maxFrameBodyBytes } from "./http.ts"
export { checkPublicOrigin, type FrameServer, type StartFrameOptions } from "./options.ts"
export { bindingHeaders } from "./site.ts"

/**
 * Starts the secure site on 127.0.0.1.
 * @example
 * ```ts
 * import { startApi } from "../api/server.ts"
 * declare const dataDir: string
 * declare const rpcUrl: string
 * declare const keyEncryptionKey: string
 * const api = await startApi({ dataDir })
 * const frame = await startFrame({ dataDir, keyEncryptionKey, projects: api.projects, chains: [{ chainId: 1, rpcUrl }] })
 * console.log(`${frame.url}/sdk?projectId=airlock-demo`)
 * await frame.stop()
 * ```
 */
export const startFrame = async (options: StartFrameOptions): Promise<FrameServer> => {
  if (options.publicOrigin !== undefined) checkPublicOrigin(options.publicOrigin)
  const scripts: FrameScripts = await bundleFrameScripts()
  const sql = options.sql ?? (await openSql({ dataDir: join(options.dataDir, "frame-pg") }))
  const closeSql = options.sql === undefined ? () => sql.close() : async () => {}
  let store: FrameStore
  try {
    store = await openFrameStore(sql, { keyEncryptionKey: options.keyEncryptionKey })
  } catch (error) {
    await closeSql()
    throw error
  }
  const now = options.now ?? Date.now
  const chains = options.chains ?? []
  const funding = options.funding
  let origin = ""
  const auth = makeAuth({
    store,
    now,
    origin: () => origin,
    ...(funding === undefined ? {} : { onLogin: (user: FrameUserRow) => funding(user.address) }),
    ...(options.longPollMs === undefined ? {} : { longPollMs: options.longPollMs }),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    ...(options.kv === undefined ? {} : { kv: options.kv }),
    ...(options.mail === undefined ? {} : { mail: options.mail })
  })
  const factories = chains.flatMap((chain) => (chain.accountFactory === undefined ? [] : [chain.accountFactory]))
  const accountFactory: Address | null = factories[0] ?? null
  const site = {
    auth,
    store,
    scripts,
    chains,
    accountFactory,
    sandboxPages: options.sandboxPages ?? true,
    client: (req: IncomingMessage) => clientIp(req, options.trustProxy ?? 0),
    cookieSecret: createHmac("sha256", options.keyEncryptionKey).update("airlock frame session cookie v1").digest(),
    now,
    smartSessions: options.smartSessions,
    guards: makeSiteGuards(options.projects, () => origin)
  }
  const api = makeApiRoutes(site)
  const pages = makePageRoutes(site)

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    let url: URL
    try {
      url = new URL(`http://127.0.0.1${req.url ?? "/"}`)
    } catch {
      return sendJson(res, 400, { message: "Malformed request URL" })
    }
    const path = url.pathname
    if (path.startsWith("/api/") || path === "/mailbox/messages") {
      try {
        return await (path === "/mailbox/messages" ? pages(req, res, path, url) : api(req, res, path, url))
      } catch (error) {
        if (error instanceof FrameHttpError) return sendJson(res, error.status, { message: error.message })
        // The shared store (Redis) is down or slow: a moment's outage, not the caller's fault.
        if (error instanceof KvError)
          return sendJson(res, 503, { message: "Sign-in is unavailable for a moment: try again" })
        throw error
      }
    }
    try {
      return await pages(req, res, path, url)
    } catch (error) {
      if (error instanceof FrameHttpError) {
        const title = error.status === 404 ? "Not found" : "Something went wrong"
        return sendHtml(res, error.status, messagePage(title, error.message))
      }
      throw error
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error("sandbox frame: unexpected error", error)
      if (!res.headersSent) sendJson(res, 500, { message: "Internal error" })
    })
  })
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n")
  })

  const listening = await listenLocal(server, options.port, options.host)
  origin = options.publicOrigin ?? `http://127.0.0.1:${listening.port}`
  let stopped: Promise<void> | undefined
  return {
    url: origin,
    port: listening.port,
    store,
    auth,
    stop: () => {
      stopped ??= (async () => {
        await auth.stop()
        await listening.stop()
        await closeSql()
      })()
      return stopped
    }
  }
}
