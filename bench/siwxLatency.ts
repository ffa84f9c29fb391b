/**
 * Sign-in latency in Chromium, against `npm start`'s sandbox started here: the demo with `?siwx=required` (serverSiwx
 * over the sandbox API, which verifies each signature) and the Sandbox Wallet in approve mode, so the wallet answers
 * at once and what is measured is Airlock and the server. Each run is a fresh page: "Connect Wallet", the wallet's
 * row (pointerdown stamped), the sign view, its "Sign in" pressed as soon as it shows, until the page reads
 * `authenticated` (a frame painted). Three spans: row -> sign view shown, Sign in -> signed in (nonce, message,
 * signature, the server's check, its cookie), and row -> signed in less the time to press the button. Median of 20.
 * The demo project's email capture is turned off for it (typing an address and a code is the person's time).
 * Run by `npm run bench`; a measurement, never a test.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromium } from "playwright-core"
import { startSandbox } from "../sandbox/index.ts"
import { allFeaturesOn, demoProjectId } from "../server/api/projects.ts"
import { chromiumArgs, chromiumPath } from "../test/fixtures/chromium.ts"
import { median } from "./fixtures/stats.ts"

const runs = Number(process.env.BENCH_RUNS ?? 20)
const probe = `
window.__siwx = {};
document.addEventListener("pointerdown", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest("[data-part=wallet-item]")) window.__siwx.row = performance.now();
  if (target?.closest("[data-part=siwx-sign-message] button:last-child")) window.__siwx.sign = performance.now();
}, true);
new MutationObserver(() => {
  const s = window.__siwx;
  if (s.row && !s.shown && document.querySelector("dialog[open] [data-part=siwx-sign-message]")) {
    requestAnimationFrame(() => { s.shown = performance.now() });
  }
  const status = document.querySelector("[data-testid=siwx-status]");
  if (s.sign && !s.done && status && status.textContent === "authenticated") {
    requestAnimationFrame(() => { s.done = performance.now() });
  }
}).observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
`

interface Stamps {
  readonly row: number
  readonly shown: number
  readonly sign: number
  readonly done: number
}

const dataDir = mkdtempSync(join(tmpdir(), "airlock-bench-siwx-"))
const sandbox = await startSandbox({ quiet: true, dataDir })
// The demo project captures an email before sign-in (a person types an address and a mailed code): off here, so the
// figures are the wallet's sign-in alone.
const update = await fetch(`${sandbox.urls.api}/sandbox/projects`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ id: demoProjectId, features: allFeaturesOn.filter((f) => f.id !== "email_capture") }),
  signal: AbortSignal.timeout(10_000)
})
if (!update.ok) throw new Error(`Could not turn email capture off: ${update.status}`)
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })
try {
  const shown: Array<number> = []
  const signed: Array<number> = []
  const total: Array<number> = []
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.addInitScript({ content: probe })
    await page.goto(`${sandbox.urls.demo}?sandboxWallet=approve&siwx=required`)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^Sandbox Wallet/ })
      .click({ timeout: 15_000 })
    await page
      .getByRole("dialog", { name: "Sign In" })
      .getByRole("button", { name: "Sign in" })
      .click({ timeout: 15_000 })
    await page.waitForFunction(
      () => (window as unknown as { __siwx: Partial<Stamps> }).__siwx.done !== undefined,
      null,
      {
        timeout: 15_000
      }
    )
    const stamps = await page.evaluate(() => (window as unknown as { __siwx: Stamps }).__siwx)
    shown.push(stamps.shown - stamps.row)
    signed.push(stamps.done - stamps.sign)
    total.push(stamps.shown - stamps.row + (stamps.done - stamps.sign))
    await context.close()
  }
  const line = (label: string, times: ReadonlyArray<number>) =>
    `  ${label.padEnd(44)}${median(times).toFixed(1)} ms   (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)})`
  console.log(`\nSign-in latency in Chromium (Sandbox Wallet, auto-approve, server-verified), median of ${runs}:`)
  console.log(line("choose the wallet -> sign view shown", shown))
  console.log(line("Sign in -> signed in (server session)", signed))
  console.log(line("connect -> signed in (without the click)", total))
} finally {
  await browser.close()
  await sandbox.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
