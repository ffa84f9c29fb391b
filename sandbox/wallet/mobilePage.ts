/**
 * The Sandbox Mobile Wallet's page: where a person pastes a `wc:` URI (or arrives by the deep link
 * `/mobile-wallet/wc?uri=wc:…`, the form its registry listing's links take), chooses approve or reject, and sees what the wallet answered. The wallet itself runs in
 * the sandbox's Node process (`mobile.ts`), started on the first pairing; the page talks to it over three JSON routes.
 */
import type { IncomingMessage, ServerResponse } from "node:http"
import { requestPath } from "../../server/http/guard.ts"
import type { WalletChain, WalletSolanaChain } from "./config.ts"
import { createMobileWallet, type MobileWallet, type MobileWalletMode } from "./mobile.ts"

/** Where the page lives on the demo server. */
export const mobileWalletPath = "/mobile-wallet"

/** What the wallet needs to start. */
export interface MobileWalletPageOptions {
  readonly relayUrl: string
  readonly projectId: string
  readonly chains: ReadonlyArray<WalletChain>
  /** The local Solana chain the wallet also serves. */
  readonly solana?: WalletSolanaChain
}

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox Mobile Wallet</title>
<link rel="stylesheet" href="${mobileWalletPath}.css">
</head>
<body>
<main>
<h1>Sandbox Mobile Wallet</h1>
<p>A WalletConnect wallet on the sandbox's relay. Paste the link from the dapp's QR view ("Copy link"), then Pair.</p>
<form id="pair">
<label for="uri">WalletConnect link</label>
<textarea id="uri" name="uri" rows="3" placeholder="wc:…" required></textarea>
<fieldset>
<legend>Answer requests with</legend>
<label><input type="radio" name="mode" value="approve" checked> Approve</label>
<label><input type="radio" name="mode" value="reject"> Reject</label>
</fieldset>
<button type="submit">Pair</button>
</form>
<p id="status" role="status"></p>
<h2>What the wallet did</h2>
<ol id="events"></ol>
<button type="button" id="disconnect">End every session</button>
</main>
<script type="module" src="${mobileWalletPath}.js"></script>
</body>
</html>
`

const css = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f6f7f8;color:#141414}
main{max-width:560px;margin:0 auto;padding:24px}textarea{width:100%;font:14px ui-monospace,monospace}
fieldset{border:0;padding:0;margin:12px 0}button{font:inherit;padding:8px 16px;border-radius:8px;border:1px solid #999;cursor:pointer}
#status{min-height:1.5em}`

const script = `const form = document.getElementById("pair")
const status = document.getElementById("status")
const list = document.getElementById("events")
const post = (path, body) => fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
const refresh = async () => {
  const events = await (await fetch("${mobileWalletPath}/events")).json()
  list.replaceChildren(...events.map((e) => Object.assign(document.createElement("li"), { textContent: e.kind + (e.method ? " " + e.method : "") + " from " + e.peer + ": " + e.answer })))
}
const pair = async (uri) => {
  const mode = new FormData(form).get("mode")
  await post("${mobileWalletPath}/mode", { mode })
  status.textContent = "Pairing…"
  const response = await post("${mobileWalletPath}/pair", { uri })
  status.textContent = response.ok ? "Paired: the dapp's session request is answered with " + mode + "." : "Could not pair: " + (await response.text())
  refresh()
}
form.addEventListener("submit", (event) => { event.preventDefault(); pair(document.getElementById("uri").value.trim()) })
document.getElementById("disconnect").addEventListener("click", async () => { await post("${mobileWalletPath}/disconnect", {}); status.textContent = "Sessions ended."; refresh() })
const fromLink = new URLSearchParams(location.search).get("uri")
if (fromLink) { document.getElementById("uri").value = fromLink; pair(fromLink) }
setInterval(refresh, 2000)
refresh()
`

const readJson = (req: IncomingMessage): Promise<Record<string, unknown>> =>
  new Promise((resolve, reject) => {
    let body = ""
    req.on("data", (chunk) => {
      body += chunk
      if (body.length > 16_384) req.destroy()
    })
    req.on("end", () => {
      try {
        const parsed: unknown = JSON.parse(body || "{}")
        resolve(typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {})
      } catch (error) {
        reject(error)
      }
    })
    req.on("error", reject)
  })

/**
 * The page's routes, for the demo server: answers and returns true for its own paths, false for any other.
 * @example
 * ```ts
 * const routes = mobileWalletRoutes({ relayUrl, projectId: "airlock-demo", chains })
 * createServer((req, res) => { if (!routes.handle(req, res, headers)) res.end() })
 * ```
 */
export const mobileWalletRoutes = (options: MobileWalletPageOptions) => {
  let wallet: Promise<MobileWallet> | undefined
  const walletOf = () => {
    wallet ??= createMobileWallet({
      relayUrl: options.relayUrl,
      projectId: options.projectId,
      chains: options.chains,
      ...(options.solana === undefined ? {} : { solana: options.solana })
    })
    wallet.catch(() => {
      wallet = undefined
    })
    return wallet
  }
  const handle = (req: IncomingMessage, res: ServerResponse, headers: Record<string, string>): boolean => {
    // A request target that is not a URL is not this page's (the demo server answers it with a 400).
    const path = requestPath(req.url)
    if (path === undefined || !path.startsWith(mobileWalletPath)) return false
    // Answers and says the request was this page's.
    const send = (status: number, type: string, body: string): true => {
      res.writeHead(status, { ...headers, "content-type": type, "cache-control": "no-store" }).end(body)
      return true
    }
    const method = req.method ?? "GET"
    // The page, also under the deep link wallets register for: `/mobile-wallet/wc?uri=wc:…` (the registry's
    // mobile_link and webapp_link are `/mobile-wallet/`).
    if (method === "GET" && [mobileWalletPath, `${mobileWalletPath}/`, `${mobileWalletPath}/wc`].includes(path)) {
      return send(200, "text/html; charset=utf-8", page)
    }
    if (method === "GET" && path === `${mobileWalletPath}.js`) return send(200, "text/javascript", script)
    if (method === "GET" && path === `${mobileWalletPath}.css`) return send(200, "text/css", css)
    if (method === "GET" && path === `${mobileWalletPath}/events`) {
      void (wallet ?? Promise.resolve(undefined)).then(
        (w) => send(200, "application/json", JSON.stringify(w?.events ?? [])),
        () => send(200, "application/json", "[]")
      )
      return true
    }
    // Actions: JSON only, so another site's form cannot post here (a cross-origin JSON request needs a preflight).
    if (method !== "POST" || !(req.headers["content-type"] ?? "").startsWith("application/json")) {
      return send(405, "text/plain", "Method not allowed")
    }
    void readJson(req)
      .then(async (body) => {
        const w = await walletOf()
        if (path === `${mobileWalletPath}/pair`) {
          const uri = typeof body.uri === "string" ? body.uri : ""
          if (!/^wc:[0-9a-f]{64}@2\?/.test(uri)) return send(400, "text/plain", "Not a WalletConnect v2 link")
          await w.pair(uri)
          return send(200, "application/json", "true")
        }
        if (path === `${mobileWalletPath}/mode`) {
          const mode = body.mode === "reject" ? "reject" : "approve"
          w.setMode(mode satisfies MobileWalletMode)
          return send(200, "application/json", "true")
        }
        if (path === `${mobileWalletPath}/disconnect`) {
          await w.disconnectAll()
          return send(200, "application/json", "true")
        }
        send(404, "text/plain", "Not found")
      })
      .catch((error: unknown) => send(500, "text/plain", error instanceof Error ? error.message : String(error)))
    return true
  }
  return { handle, stop: async () => (await wallet?.catch(() => undefined))?.stop() }
}
