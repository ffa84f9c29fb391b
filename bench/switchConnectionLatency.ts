/**
 * Switching connections (multi-wallet) in Chromium, against a sandbox started here: the demo (its project has
 * multi_wallet on) with the Sandbox Wallet in approve mode and the embedded wallet logged in by email, both
 * connected; ProfileWallets open. One span, ending on the next animation frame after its condition:
 * - Switch -> new account shown: the pointerdown on a row's Switch button -> ProfileWallets shows that wallet as the
 *   one in use (its row first, Active) with its account (the wallet confirms it still grants access first).
 * The two wallets take turns; median of 20 switches. Run by `npm run bench`; a measurement, never a test.
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
window.__switch = {};
document.addEventListener("pointerdown", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const button = target?.closest("button");
  const label = button?.getAttribute("aria-label") ?? "";
  if (label.startsWith("Switch to ")) window.__switch = { press: performance.now(), name: label.slice(10) };
}, true);
new MutationObserver(() => {
  const s = window.__switch;
  if (!s.press || s.shown !== undefined) return;
  const first = document.querySelector("dialog[open] [data-part=connection][data-status=connected]");
  if (first && first.querySelector(".airlock-list-name")?.textContent === s.name) {
    s.shown = 0;
    requestAnimationFrame(() => { s.shown = performance.now() });
  }
}).observe(document, { subtree: true, attributes: true, childList: true, characterData: true });
`

const mailedCode = async (frameUrl: string, email: string): Promise<string> => {
  for (let i = 0; i < 150; i++) {
    const response = await fetch(`${frameUrl}/mailbox/messages?to=${encodeURIComponent(email)}`)
    const { messages } = (await response.json()) as { messages: Array<{ code: string | null }> }
    const code = messages.find((m) => m.code !== null)?.code
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No code mailed to ${email}`)
}

const dataDir = mkdtempSync(join(tmpdir(), "airlock-bench-switch-"))
const sandbox = await startSandbox({ quiet: true, dataDir })
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })
try {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.addInitScript({ content: probe })
  await page.goto(`${sandbox.urls.demo}?sandboxWallet=approve`)
  await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /^Sandbox Wallet/ })
    .click({ timeout: 15_000 })
  const me = sandbox.accounts[0]?.address as string
  await page
    .getByRole("button", { name: truncateAddress(me), exact: true })
    .first()
    .click({ timeout: 15_000 })
  await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Manage wallets" }).click()
  const wallets = page.getByRole("dialog", { name: "Wallets" })
  await wallets.getByRole("button", { name: "Add wallet" }).first().click({ timeout: 15_000 })
  const email = `bench-switch-${Date.now()}@airlock.test`
  await page.getByRole("dialog").getByRole("textbox", { name: "Email" }).fill(email, { timeout: 15_000 })
  await page.getByRole("dialog").getByRole("button", { name: "Continue", exact: true }).click()
  await page
    .getByRole("dialog")
    .getByLabel("Code")
    .fill(await mailedCode(sandbox.urls.frame, email), { timeout: 30_000 })
  const rows = wallets.locator("[data-part=connection]")
  await rows.nth(1).waitFor({ timeout: 30_000 })
  const times: Array<number> = []
  for (let run = 0; run < runs; run++) {
    await wallets.getByRole("button", { name: /^Switch to / }).click({ timeout: 15_000 })
    await page.waitForFunction(
      () => ((window as unknown as { __switch: { shown?: number } }).__switch.shown ?? 0) > 0,
      null,
      { timeout: 15_000 }
    )
    const stamps = await page.evaluate(
      () => (window as unknown as { __switch: { press: number; shown: number } }).__switch
    )
    times.push(stamps.shown - stamps.press)
  }
  await context.close()
  const line = (label: string, values: ReadonlyArray<number>) =>
    `  ${label.padEnd(44)}${median(values).toFixed(1)} ms   (min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)})`
  console.log(`\nSwitching connections in Chromium (Sandbox Wallet <-> embedded wallet), median of ${runs}:`)
  console.log(line("Switch -> new account shown", times))
} finally {
  await browser.close()
  await sandbox.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
