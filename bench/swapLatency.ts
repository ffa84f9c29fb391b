/**
 * Swap latency in Chromium, against `npm start`'s sandbox started here (its Uniswap V2 on anvil answers the quotes):
 * the demo with the Sandbox Wallet in approve mode, connected; each run is a fresh page. Two spans, each ending on the
 * next animation frame after its condition (a frame was painted with it):
 * - open Swap -> form interactive: the pointerdown on Account's Swap button -> the amount field in an open dialog;
 * - amount typed -> quote shown: the input event of the last typed character -> the "You receive" amount not "0"
 *   (the 300 ms debounce, the quote request and the render: what a person waits for).
 * Median of 20. Run by `npm run bench`; a measurement, never a test.
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
window.__swap = {};
document.addEventListener("pointerdown", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const button = target?.closest("button");
  if (button && button.textContent === "Swap" && button.closest("dialog[open]")) window.__swap.press = performance.now();
}, true);
document.addEventListener("input", () => { window.__swap.typed = performance.now(); window.__swap.quoted = undefined }, true);
new MutationObserver(() => {
  const s = window.__swap;
  if (s.press && !s.shown && document.querySelector("dialog[open] .airlock-swap input")) {
    requestAnimationFrame(() => { s.shown = performance.now() });
  }
  const out = document.querySelector("dialog[open] [data-testid=swap-to-amount]");
  if (s.typed && s.quoted === undefined && out && out.textContent !== "0" && out.getAttribute("aria-busy") !== "true") {
    s.quoted = 0;
    requestAnimationFrame(() => { s.quoted = performance.now() });
  }
}).observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
`

interface Stamps {
  readonly press: number
  readonly shown: number
  readonly typed: number
  readonly quoted: number
}

const dataDir = mkdtempSync(join(tmpdir(), "airlock-bench-swap-"))
const sandbox = await startSandbox({ quiet: true, dataDir })
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })
try {
  const opened: Array<number> = []
  const quoted: Array<number> = []
  const me = sandbox.accounts[0]?.address as string
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
      .getByRole("button", { name: truncateAddress(me), exact: true })
      .first()
      .click({ timeout: 15_000 })
    await page
      .getByRole("dialog", { name: "Account" })
      .getByRole("button", { name: "Swap", exact: true })
      .click({ timeout: 15_000 })
    const field = page.getByRole("dialog", { name: "Swap" }).getByLabel("You pay")
    await field.waitFor({ timeout: 15_000 })
    await field.pressSequentially("0.1")
    await page.waitForFunction(
      () => {
        const s = (window as unknown as { __swap: Partial<Stamps> }).__swap
        return s.shown !== undefined && typeof s.quoted === "number" && s.quoted > 0
      },
      null,
      { timeout: 15_000 }
    )
    const stamps = await page.evaluate(() => (window as unknown as { __swap: Stamps }).__swap)
    opened.push(stamps.shown - stamps.press)
    quoted.push(stamps.quoted - stamps.typed)
    await context.close()
  }
  const line = (label: string, times: ReadonlyArray<number>) =>
    `  ${label.padEnd(44)}${median(times).toFixed(1)} ms   (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)})`
  console.log(`\nSwap latency in Chromium (Sandbox Wallet, the sandbox's Uniswap V2), median of ${runs}:`)
  console.log(line("open Swap -> form interactive", opened))
  console.log(line("amount typed -> quote shown (300 ms debounce)", quoted))
} finally {
  await browser.close()
  await sandbox.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
