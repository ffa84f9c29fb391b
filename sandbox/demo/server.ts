/**
 * The demo server: serves the built demo dapp, its runtime configuration (`/config.json`) and the configured Sandbox
 * Wallet script (`/sandbox-wallet.js`) on 127.0.0.1, under a strict Content-Security-Policy (no inline script, no
 * eval, network only to loopback) so the demo proves Airlock runs under one.
 */

import { readFile } from "node:fs/promises"
import { createServer, type ServerResponse } from "node:http"
import { join, normalize } from "node:path"
import { requestPath } from "../../server/http/guard.ts"
import { listenLocal } from "../../server/http/listen.ts"
import { type MobileWalletPageOptions, mobileWalletRoutes } from "../wallet/mobilePage.ts"
import { contentTypeOf, type DemoSite, demoRoot } from "./build.ts"
import { configPath, type DemoConfig, walletScriptPath } from "./src/config.ts"

/** Options of {@link startDemoServer}. */
export interface DemoServerOptions {
  /** The built site (`buildDemo()`). */
  readonly site: DemoSite
  /** What `/config.json` answers. */
  readonly config: DemoConfig
  /** The Sandbox Wallet script (`buildWalletScript(…)`), served at `/sandbox-wallet.js`. */
  readonly walletScript: string
  /** Port on 127.0.0.1; 0 picks a free one. @default 0 */
  readonly port?: number
  /** Send the strict Content-Security-Policy header. @default true */
  readonly csp?: boolean
  /** Serve the Sandbox Mobile Wallet's page at `/mobile-wallet` (a WalletConnect wallet on this relay). */
  readonly mobileWallet?: MobileWalletPageOptions | undefined
}

/** A running demo server. */
export interface DemoServer {
  /** `http://127.0.0.1:PORT`, no trailing slash. */
  readonly url: string
  readonly port: number
  /** Closes the server, dropping open connections. Safe to call twice. */
  readonly stop: () => Promise<void>
}

/**
 * The demo's policy: scripts and styles from itself only; fetches, images and frames only on loopback (the sandbox's
 * API, chains, relay and frame), which also keeps the page offline.
 */
export const demoCsp = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob: http://127.0.0.1:* http://localhost:*",
  "connect-src 'self' http://127.0.0.1:* http://localhost:* ws://127.0.0.1:* ws://localhost:*",
  "frame-src http://127.0.0.1:* http://localhost:*",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  // No other page may frame the demo or the mobile wallet page (clickjacking their buttons).
  "frame-ancestors 'none'"
].join("; ")

const publicDir = join(demoRoot, "public")

/** A file of `sandbox/demo/public`, or undefined; never a path outside it. */
const readPublic = async (path: string): Promise<Uint8Array | undefined> => {
  const file = normalize(join(publicDir, path))
  if (!file.startsWith(`${publicDir}/`)) return undefined
  try {
    return await readFile(file)
  } catch {
    return undefined
  }
}

/**
 * Starts the demo server.
 * @example
 * ```ts
 * const demo = await startDemoServer({ site: await buildDemo(), config, walletScript: await buildWalletScript(walletConfig) })
 * console.log(demo.url)
 * await demo.stop()
 * ```
 */
export const startDemoServer = async (options: DemoServerOptions): Promise<DemoServer> => {
  const baseHeaders: Record<string, string> = {
    "x-content-type-options": "nosniff",
    // Framing is refused even without the policy (csp: false), and by browsers that predate frame-ancestors.
    "x-frame-options": "DENY",
    ...(options.csp === false ? {} : { "content-security-policy": demoCsp })
  }
  const configBody = JSON.stringify(options.config)
  const send = (res: ServerResponse, status: number, type: string, body: string | Uint8Array, cache = "no-store") =>
    res.writeHead(status, { ...baseHeaders, "content-type": type, "cache-control": cache }).end(body)

  const mobile = options.mobileWallet === undefined ? undefined : mobileWalletRoutes(options.mobileWallet)
  const server = createServer((req, res) => {
    if (mobile?.handle(req, res, baseHeaders) === true) return
    const method = req.method ?? "GET"
    if (method !== "GET" && method !== "HEAD") return send(res, 405, "text/plain", "Method not allowed")
    const path = requestPath(req.url)
    if (path === undefined) return send(res, 400, "text/plain", "Malformed request URL")
    if (path === configPath) return send(res, 200, "application/json; charset=utf-8", configBody)
    if (path === walletScriptPath) return send(res, 200, "text/javascript; charset=utf-8", options.walletScript)
    const asset = options.site.get(path)
    if (asset !== undefined) {
      // Hashed file names never change content; everything else is fetched fresh.
      const cache = path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-store"
      return send(res, 200, asset.contentType, asset.body, cache)
    }
    void readPublic(path).then(
      (body) => {
        if (body !== undefined) return send(res, 200, contentTypeOf(path), body)
        // A single-page app: any other path that is not a file gets the page.
        const page = options.site.get("/index.html")
        if (page === undefined || /\.\w+$/.test(path)) return send(res, 404, "text/plain", `Not found: ${path}`)
        send(res, 200, page.contentType, page.body)
      },
      () => send(res, 500, "text/plain", "Internal error")
    )
  })
  server.on("clientError", (_error, socket) => {
    if (socket.writable) socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n")
  })

  const { port, stop } = await listenLocal(server, options.port)
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    stop: async () => {
      await Promise.allSettled([stop(), mobile?.stop()])
    }
  }
}
