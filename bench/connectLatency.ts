/**
 * Time from choosing a wallet to connected, in Chromium, against `npm start`'s sandbox started here (free ports):
 * the demo page with the Sandbox Wallet and the Sandbox Solana Wallet in approve mode, so the wallet answers at once
 * and what is measured is Airlock (the view, the adapter chunk, the connect flow, the state write and the button's
 * re-render). Each run is a fresh page: click "Connect Wallet", then the wallet's row (pointerdown stamped), until
 * the button shows the address (a frame painted). Median of 20 for each wallet. Run by `npm run bench` after the
 * size report.
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
  const button = document.querySelector(".airlock-button[data-state=connected]");
  if (button && start) { const t = start; start = 0; requestAnimationFrame(() => window.__connected.push(performance.now() - t)) }
}).observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
`

const dataDir = mkdtempSync(join(tmpdir(), "airlock-bench-connect-"))
const sandbox = await startSandbox({ quiet: true, dataDir })
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })
try {
  /** Median of `runs` first connects of the wallet whose row matches `row`, each on a fresh page. */
  const measure = async (row: RegExp, network?: RegExp): Promise<ReadonlyArray<number>> => {
    const times: Array<number> = []
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext()
      const page = await context.newPage()
      await page.addInitScript({ content: probe })
      await page.goto(`${sandbox.urls.demo}?sandboxWallet=approve`)
      if (network === undefined) await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
      else {
        // The Connect view lists the active namespace's browser wallets: a visitor chooses the network first (the
        // network button), and the modal then shows Connect for it.
        await page.getByRole("button", { name: "Ethereum" }).click({ timeout: 15_000 })
        await page.getByRole("dialog", { name: "Choose Network" }).getByRole("button", { name: network }).click()
      }
      await page.getByRole("dialog").getByRole("button", { name: row }).click({ timeout: 15_000 })
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
  const evmTimes = await measure(/^Sandbox Wallet/)
  // The Solana adapter's chunk (@solana/kit, Wallet Standard) loads on this first connect, as it would for a visitor.
  const solanaTimes = await measure(/^Sandbox Solana Wallet/, /^Solana Sandbox/)
  console.log(
    `\nConnect latency in Chromium (choose the wallet, auto-approve -> button shows the address), median of ${runs}:`
  )
  console.log(line("Sandbox Wallet (EVM, EIP-6963)", evmTimes))
  console.log(line("Sandbox Solana Wallet (Wallet Std)", solanaTimes))
} finally {
  await browser.close()
  await sandbox.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
