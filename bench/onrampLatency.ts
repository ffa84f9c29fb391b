/**
 * Onramp latency in Chromium, against the sandbox started here: the demo, the Sandbox Wallet in approve mode, then
 * Account's Buy. Each run is a fresh page, connected, on Account: Buy pressed (pointerdown stamped) -> the form shown
 * (its chunk and core's onramp part fetched, the options loaded), then 50 typed -> the quote shown (SPEC §9's 300 ms
 * debounce, the API's quote). Two spans and their sum, a frame painted after each. Median of 20.
 * Run by `npm run bench`; a measurement, never a test.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromium } from "playwright-core"
import { truncateAddress } from "../core/schema/format.ts"
import { startSandbox } from "../sandbox/index.ts"
import { chromiumArgs, chromiumPath } from "../test/fixtures/chromium.ts"
import { median } from "./fixtures/stats.ts"

const runs = Number(process.env.BENCH_RUNS ?? 20)
const probe = `
window.__onramp = {};
document.addEventListener("pointerdown", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest("dialog[open] .airlock-feature-button") && target.closest("button")?.textContent === "Buy") window.__onramp.open = performance.now();
}, true);
document.addEventListener("input", (event) => {
  if (event.target instanceof Element && event.target.matches("[data-testid=onramp-amount]")) window.__onramp.typed = performance.now();
}, true);
new MutationObserver(() => {
  const s = window.__onramp;
  if (s.open && !s.form && document.querySelector("dialog[open] [data-testid=onramp-amount]")) {
    requestAnimationFrame(() => { s.form = performance.now() });
  }
  if (s.typed && !s.quoted && document.querySelector("dialog[open] [data-testid=onramp-quote-amount]")) {
    requestAnimationFrame(() => { s.quoted = performance.now() });
  }
}).observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
`

interface Stamps {
  readonly open: number
  readonly form: number
  readonly typed: number
  readonly quoted: number
}

const dataDir = mkdtempSync(join(tmpdir(), "airlock-bench-onramp-"))
const sandbox = await startSandbox({ quiet: true, dataDir })
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })
try {
  const shown: Array<number> = []
  const quoted: Array<number> = []
  const total: Array<number> = []
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.addInitScript({ content: probe })
    await page.goto(`${sandbox.urls.demo}?sandboxWallet=approve`)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^Sandbox Wallet/ })
      .click({ timeout: 15_000 })
    await page
      .getByRole("button", { name: truncateAddress(sandbox.accounts[0]!.address), exact: true })
      .first()
      .click({ timeout: 15_000 })
    await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Buy" }).click({ timeout: 15_000 })
    await page.getByRole("dialog", { name: "Buy Crypto" }).getByLabel("You pay").fill("50", { timeout: 15_000 })
    await page.waitForFunction(
      () => (window as unknown as { __onramp: Partial<Stamps> }).__onramp.quoted !== undefined,
      null,
      { timeout: 15_000 }
    )
    const stamps = await page.evaluate(() => (window as unknown as { __onramp: Stamps }).__onramp)
    shown.push(stamps.form - stamps.open)
    quoted.push(stamps.quoted - stamps.typed)
    total.push(stamps.form - stamps.open + (stamps.quoted - stamps.typed))
    await context.close()
  }
  const line = (label: string, times: ReadonlyArray<number>) =>
    `  ${label.padEnd(48)}${median(times).toFixed(1)} ms   (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)})`
  console.log(`\nOnramp latency in Chromium (Sandbox Wallet, sandbox API's quote), median of ${runs}:`)
  console.log(line("Buy -> the form shown", shown))
  console.log(line("amount typed -> quote shown (300 ms debounce)", quoted))
  console.log(line("open -> quote shown (without the typing)", total))
} finally {
  await browser.close()
  await sandbox.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
