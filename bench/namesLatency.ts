/**
 * Name suggestions' latency in Chromium, against `npm start`'s sandbox started here: the demo and the Sandbox Wallet
 * in approve mode on anvil's account 3 (which has no seeded name, so Account offers "Choose name"). Each run is a
 * fresh page: connect, open Account, "Choose name" (its chunk fetched then), then a new label typed; measured from
 * the last keystroke's input event to the frame that shows the API's verdict and the suggestions. That span holds
 * core's 300 ms pause after typing (SPEC §9's minimum search delay), which is the design, then the suggestions call to
 * the sandbox API and the render. Median of 20. Run by `npm run bench`; a measurement, never a test.
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
// Stamps the last input event in the name field, and the first frame after the verdict and the suggestions show.
const probe = `
window.__names = {};
document.addEventListener("input", (event) => {
  if (event.target instanceof Element && event.target.closest(".airlock-names")) {
    window.__names.typed = performance.now();
    window.__names.shown = undefined;
  }
}, true);
new MutationObserver(() => {
  const s = window.__names;
  const form = document.querySelector("dialog[open] .airlock-names");
  if (!s.typed || s.shown || s.pending || !form) return;
  if (/is available$/.test(form.querySelector("[role=status]")?.textContent ?? "") && form.querySelector("ul li")) {
    s.pending = true;
    requestAnimationFrame(() => { s.shown = performance.now(); s.pending = false });
  }
}).observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
`

const dataDir = mkdtempSync(join(tmpdir(), "airlock-bench-names-"))
const sandbox = await startSandbox({ quiet: true, dataDir })
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })
try {
  const owner = sandbox.accounts[3]
  if (owner === undefined) throw new Error("The sandbox has no anvil account 3")
  const times: Array<number> = []
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.addInitScript({ content: probe })
    await page.addInitScript(`window.__sandboxWallet = { privateKey: ${JSON.stringify(owner.privateKey)} }`)
    await page.goto(`${sandbox.urls.demo}?sandboxWallet=approve`)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^Sandbox Wallet/ })
      .click({ timeout: 15_000 })
    await page
      .getByRole("button", { name: truncateAddress(owner.address), exact: true })
      .first()
      .click({ timeout: 15_000 })
    await page
      .getByRole("dialog", { name: "Account" })
      .getByRole("button", { name: "Choose name" })
      .click({ timeout: 15_000 })
    const input = page.getByRole("dialog", { name: "Choose Name" }).getByLabel("Name", { exact: true })
    await input.waitFor({ timeout: 15_000 })
    await input.pressSequentially(`bench-${run}-${Date.now().toString(36)}`, { delay: 20 })
    await page.waitForFunction(
      () => (window as unknown as { __names: { shown?: number } }).__names.shown !== undefined,
      null,
      { timeout: 15_000 }
    )
    const stamps = await page.evaluate(
      () => (window as unknown as { __names: { typed: number; shown: number } }).__names
    )
    times.push(stamps.shown - stamps.typed)
    await context.close()
  }
  console.log(`\nName suggestions in Chromium (Sandbox Wallet, sandbox API), median of ${runs}:`)
  console.log(
    `  ${"typed -> verdict and suggestions shown".padEnd(44)}${median(times).toFixed(1)} ms   ` +
      `(min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}; 300 ms of it is the pause)`
  )
} finally {
  await browser.close()
  await sandbox.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
