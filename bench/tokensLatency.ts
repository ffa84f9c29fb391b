/**
 * Time from opening Account to the Tokens tab's rows on screen, in Chromium, against `npm start`'s sandbox started
 * here (free ports), the demo with the Sandbox Wallet in approve mode. Each run is a fresh page:
 * - warm: the wallet connected (its tokens are fetched on connect); Account is opened, closed, and opened again within
 *   the 30 s lifetime. The requests to the balance route during the warm opens are counted: the lifetime says none.
 * - cold: the page is reloaded; the connection is restored, which fetches the tokens anew (the state starts empty),
 *   and the account button is pressed the moment it shows the account, while that first fetch is on its way.
 * The balance route's own time (request to response, Playwright's timing) is printed beside them.
 * Pointerdown on the account button (stamped) to the second token row present and a frame painted. Median of 20.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromium, type Page } from "playwright-core"
import { startSandbox } from "../sandbox/index.ts"
import { chromiumArgs, chromiumPath } from "../test/fixtures/chromium.ts"
import { median } from "./fixtures/stats.ts"

const runs = 20
const probe = `
window.__tokens = [];
let start = 0;
document.addEventListener("pointerdown", (event) => {
  if (event.target instanceof Element && event.target.closest(".airlock-button[data-state=connected]")) start = performance.now()
}, true);
new MutationObserver(() => {
  if (start && document.querySelectorAll("[data-part=token]").length >= 2) {
    const t = start; start = 0; requestAnimationFrame(() => window.__tokens.push(performance.now() - t))
  }
}).observe(document, { subtree: true, childList: true });
`

const dataDir = mkdtempSync(join(tmpdir(), "airlock-bench-tokens-"))
const sandbox = await startSandbox({ quiet: true, dataDir })
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })

const measured = (page: Page, count: number) =>
  page.waitForFunction((n) => (window as unknown as { __tokens: number[] }).__tokens.length === n, count)
const last = (page: Page) =>
  page.evaluate(() => (window as unknown as { __tokens: number[] }).__tokens.at(-1) ?? Number.NaN)
const accountButton = (page: Page) => page.locator(".airlock-button[data-state=connected]").first()

try {
  const cold: Array<number> = []
  const warm: Array<number> = []
  let warmRequests = 0
  const apiTimes: Array<number> = []
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.addInitScript({ content: probe })
    let balanceRequests = 0
    page.on("request", (request) => {
      if (/\/v1\/account\/[^/]+\/balance/.test(request.url())) balanceRequests++
    })
    page.on("requestfinished", (request) => {
      if (!/\/v1\/account\/[^/]+\/balance/.test(request.url())) return
      const timing = request.timing()
      if (timing.responseEnd > 0) apiTimes.push(timing.responseEnd - Math.max(0, timing.requestStart))
    })
    await page.goto(`${sandbox.urls.demo}?sandboxWallet=approve`)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^Sandbox Wallet/ })
      .click({ timeout: 15_000 })
    await accountButton(page).click({ timeout: 15_000 })
    await measured(page, 1)
    await page.keyboard.press("Escape")
    await page.getByRole("dialog").waitFor({ state: "detached" })
    const before = balanceRequests
    await accountButton(page).click()
    await measured(page, 2)
    warm.push(await last(page))
    warmRequests += balanceRequests - before
    await page.reload()
    await accountButton(page).click({ timeout: 15_000 })
    await measured(page, 1)
    cold.push(await last(page))
    await context.close()
  }
  const line = (label: string, times: ReadonlyArray<number>) =>
    `  ${label.padEnd(42)}${median(times).toFixed(1)} ms   (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)})`
  console.log(`\nAccount -> Tokens shown in Chromium (Sandbox Wallet, 2 tokens), median of ${runs}:`)
  console.log(line("cold (after a reload, fetch on its way)", cold))
  console.log(line("warm (within the 30 s lifetime)", warm))
  console.log(line("the balance route itself (sandbox API)", apiTimes))
  console.log(`  balance requests during the warm opens  ${warmRequests} (in ${runs} opens)`)
} finally {
  await browser.close()
  await sandbox.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
