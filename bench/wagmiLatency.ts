/**
 * Time from choosing the wallet in Airlock's modal (opened by wagmi's connect) to wagmi's `useAccount` /
 * `useConnection` showing "connected", in Chromium, against `npm start`'s sandbox started here (free ports): the
 * demo's `/wagmi2` and `/wagmi3` pages with the Sandbox Wallet in approve mode, so what is measured is Airlock's
 * connect, the connector's resolve and wagmi's state reaching React. Each run is a fresh page: click "Connect with
 * Airlock", then the wallet's row (pointerdown stamped), until the page's status reads "connected" (a frame painted).
 * Median of 20 for each. Run by `npm run bench` after the size report.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromium } from "playwright-core"
import { startSandbox } from "../sandbox/index.ts"
import { chromiumArgs, chromiumPath } from "../test/fixtures/chromium.ts"
import { median } from "./fixtures/stats.ts"

const runs = 20
const probe = `
window.__connected = [];
let start = 0;
document.addEventListener("pointerdown", (event) => {
  if (event.target instanceof Element && event.target.closest("[data-part=wallet-item]")) start = performance.now()
}, true);
new MutationObserver(() => {
  const status = document.querySelector("[data-testid=wagmi-status]");
  if (status && status.textContent === "connected" && start) { const t = start; start = 0; requestAnimationFrame(() => window.__connected.push(performance.now() - t)) }
}).observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
`

const dataDir = mkdtempSync(join(tmpdir(), "airlock-bench-wagmi-"))
const sandbox = await startSandbox({ quiet: true, dataDir })
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })
try {
  const measure = async (path: string): Promise<ReadonlyArray<number>> => {
    const times: Array<number> = []
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.addInitScript({ content: probe })
      await page.goto(`${sandbox.urls.demo}/${path}?sandboxWallet=approve`)
      await page.getByRole("button", { name: "Connect with Airlock" }).click({ timeout: 15_000 })
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /^Sandbox Wallet/ })
        .click({ timeout: 15_000 })
      await page.waitForFunction(() => (window as unknown as { __connected: number[] }).__connected.length === 1)
      times.push(
        await page.evaluate(() => (window as unknown as { __connected: number[] }).__connected[0] ?? Number.NaN)
      )
      await context.close()
    }
    return times
  }
  const line = (label: string, times: ReadonlyArray<number>) =>
    `  ${label.padEnd(38)}${median(times).toFixed(1)} ms   (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)})`
  const wagmi2 = await measure("wagmi2")
  const wagmi3 = await measure("wagmi3")
  console.log(
    `\nwagmi connect latency in Chromium (choose the wallet in Airlock's modal -> wagmi says connected), median of ${runs}:`
  )
  console.log(line("wagmi 2 (useAccount)", wagmi2))
  console.log(line("wagmi 3 (useConnection)", wagmi3))
} finally {
  await browser.close()
  await sandbox.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
