/**
 * All Wallets against the sandbox registry (650 wallets), in Chromium, on the demo started here (free ports):
 * - search: from the last keystroke of a search to the grid showing only its matches (a frame painted), which is the
 *   one debounce (core's 300 ms minimum search delay, SPEC §9; the view has none of its own), the wallet API call
 *   and the render;
 * - scrolling: a wheel down the whole grid to the last of the 650 wallets (pages loading on the way), with every long
 *   task (over 50 ms, the Long Tasks API) recorded while it scrolls, and how many wallet cells the DOM held at most.
 * Medians of 10 fresh pages. Run by `npm run bench`.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromium } from "playwright-core"
import { startSandbox } from "../sandbox/index.ts"
import { makeSandboxRegistry } from "../server/api/sandboxRegistry.ts"
import { chromiumArgs, chromiumPath } from "../test/fixtures/chromium.ts"
import { openAllWallets } from "../test/fixtures/demo.ts"
import { median } from "./fixtures/stats.ts"

const runs = 10
const lastWallet = makeSandboxRegistry().wallets.at(-1)?.name ?? ""
const probe = `
window.__longTasks = [];
new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push(entry.duration) })
  .observe({ type: "longtask", buffered: false });
`

interface Window {
  __longTasks: Array<number>
}

const dataDir = mkdtempSync(join(tmpdir(), "airlock-bench-all-"))
const sandbox = await startSandbox({ quiet: true, dataDir })
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })
try {
  const searches: Array<number> = []
  const scrolls: Array<number> = []
  const longest: Array<number> = []
  let longTaskCount = 0
  let mostCells = 0
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.addInitScript({ content: probe })
    await openAllWallets(page, sandbox.urls.demo)

    // Scroll: the wheel over the grid until the last wallet is drawn.
    const grid = page.getByRole("grid", { name: "All Wallets" })
    const box = await grid.boundingBox()
    await page.mouse.move((box?.x ?? 0) + 40, (box?.y ?? 0) + 40)
    await page.evaluate(() => {
      ;(window as unknown as Window).__longTasks = []
    })
    const scrollStart = Date.now()
    for (let turn = 0; turn < 600; turn++) {
      await page.mouse.wheel(0, 600)
      const { names, cells } = await page.evaluate(() => {
        const drawn = [...document.querySelectorAll('[role="gridcell"] .airlock-wallet-card-name')]
        return { names: drawn.map((name) => name.textContent), cells: drawn.length }
      })
      mostCells = Math.max(mostCells, cells)
      if (names.includes(lastWallet)) break
    }
    scrolls.push(Date.now() - scrollStart)
    const tasks = await page.evaluate(() => (window as unknown as Window).__longTasks)
    longTaskCount += tasks.length
    longest.push(Math.max(0, ...tasks))

    // Search: type a word; time from its last keystroke to the grid holding only matches, painted.
    await page.getByRole("searchbox", { name: "Search wallets" }).focus()
    await page.keyboard.type("ledge")
    const started = await page.evaluate(() => performance.now())
    await page.keyboard.type("r")
    const shown = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const check = () => {
            const names = [...document.querySelectorAll('[role="gridcell"] .airlock-wallet-card-name')].map(
              (name) => name.textContent
            )
            if (names.length === 1 && names[0] === "Ledger Live")
              requestAnimationFrame(() => resolve(performance.now()))
            else requestAnimationFrame(check)
          }
          check()
        })
    )
    searches.push(shown - started)
    await context.close()
  }
  console.log(`\nAll Wallets in Chromium against the sandbox registry (650 wallets), median of ${runs} fresh pages:`)
  console.log(
    `  search result after the last keystroke   ${median(searches).toFixed(1)} ms   (core's one 300 ms search delay, SPEC §9, + the API + render; min ${Math.min(...searches).toFixed(1)}, max ${Math.max(...searches).toFixed(1)})`
  )
  console.log(
    `  wheel to the last of 650 wallets        ${median(scrolls).toFixed(0)} ms   (17 pages loaded on the way)`
  )
  console.log(
    `  long tasks (> 50 ms) while scrolling    ${longTaskCount} in ${runs} runs; longest per run, median ${median(longest).toFixed(1)} ms, max ${Math.max(...longest).toFixed(1)} ms`
  )
  console.log(`  wallet cells in the DOM at most         ${mostCells} (of 650)`)
} finally {
  await browser.close()
  await sandbox.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
