/**
 * Open latency in Chromium, run by `npm run bench` after the size report: the bench page (provider + ConnectButton,
 * React bundled in) is served on loopback, and the time from the button's pointerdown to the dialog being open and
 * painted (the next animation frame after `dialog[open]` appears) is measured, cold (first click after load, a fresh
 * page each time) and warm (the same page, closed and reopened), median of 20 each. A measurement, never a test.
 */

import { readFileSync } from "node:fs"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { dirname, extname, join, normalize } from "node:path"
import { fileURLToPath } from "node:url"
import * as esbuild from "esbuild"
import { chromium } from "playwright-core"
import { chromiumArgs, chromiumPath } from "../test/fixtures/chromium.ts"
import { appBuild } from "./fixtures/esbuild.ts"
import { median } from "./fixtures/stats.ts"

const runs = 20
const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const outdir = join(root, "bench/out/latency")

await esbuild.build({
  ...appBuild,
  entryPoints: { page: join(root, "bench/fixtures/page.tsx") },
  outdir,
  splitting: true
})

const html = `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/page.css"></head>
<body><div id="root"></div><script type="module" src="/probe.js"></script><script type="module" src="/page.js"></script></body></html>`
// Stamps the pointerdown and the first frame painted with the dialog open.
const probe = `
window.__opens = [];
let start = 0;
document.addEventListener("pointerdown", () => { start = performance.now() }, true);
new MutationObserver(() => {
  const open = document.querySelector("dialog[open]");
  if (open && start) { const t = start; start = 0; requestAnimationFrame(() => window.__opens.push(performance.now() - t)) }
}).observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["open"], childList: true });
`
const types: Record<string, string> = { ".js": "text/javascript", ".css": "text/css", ".html": "text/html" }
const server = createServer((request, response) => {
  const path = new URL(request.url ?? "/", "http://127.0.0.1").pathname
  if (path === "/") return response.writeHead(200, { "content-type": "text/html" }).end(html)
  if (path === "/probe.js") return response.writeHead(200, { "content-type": "text/javascript" }).end(probe)
  const file = normalize(join(outdir, path))
  let body: Buffer | undefined
  try {
    body = file.startsWith(outdir) ? readFileSync(file) : undefined
  } catch {
    body = undefined
  }
  if (body === undefined) return response.writeHead(404).end()
  response.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" }).end(body)
})
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })
try {
  const cold: number[] = []
  for (let run = 0; run < runs; run++) {
    const page = await browser.newPage()
    await page.goto(url)
    await page.getByRole("button", { name: "Connect Wallet" }).click()
    await page.waitForFunction(() => (window as unknown as { __opens: number[] }).__opens.length === 1)
    cold.push(await page.evaluate(() => (window as unknown as { __opens: number[] }).__opens[0] ?? Number.NaN))
    await page.close()
  }
  const page = await browser.newPage()
  await page.goto(url)
  const button = page.getByRole("button", { name: "Connect Wallet" })
  for (let run = 0; run <= runs; run++) {
    await button.click()
    await page.waitForFunction((n) => (window as unknown as { __opens: number[] }).__opens.length === n, run + 1)
    await page.keyboard.press("Escape")
    await page.waitForSelector("dialog[open]", { state: "detached" }).catch(() => undefined)
    await page.waitForFunction(() => document.querySelector("dialog[open]") === null)
  }
  // The first of these is the cold open of this page; the rest are warm.
  const warm = (await page.evaluate(() => (window as unknown as { __opens: number[] }).__opens)).slice(1)
  console.log(`\nOpen latency in Chromium (pointerdown -> dialog open and painted), median of ${runs}:`)
  console.log(
    `  cold (first click after load)   ${median(cold).toFixed(1)} ms   (min ${Math.min(...cold).toFixed(1)}, max ${Math.max(...cold).toFixed(1)})`
  )
  console.log(
    `  warm (reopen on the same page)  ${median(warm).toFixed(1)} ms   (min ${Math.min(...warm).toFixed(1)}, max ${Math.max(...warm).toFixed(1)})`
  )
} finally {
  await browser.close()
  server.close()
}
