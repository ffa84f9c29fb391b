/**
 * The embedded wallet in Chromium, against `npm start`'s sandbox started here (free ports), through the demo's modal:
 * - code to connected: the last digit of the mailed code typed (stamped on its keydown) to the page's connection
 *   status reading "connected" (the frame checks the code, core reads the user and connects). Each run is a fresh
 *   browser profile and a new email, so the frame, its login and the smart account are new every time.
 * - request round trip: `eth_chainId` from the page (`airlock.request` through core's allowlist, the frame's
 *   `RPC_REQUEST`, the secure site's RPC and back), on the connected page, ten in a row.
 * Median of 10 each.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromium } from "playwright-core"
import { startSandbox } from "../sandbox/index.ts"
import { chromiumArgs, chromiumPath } from "../test/fixtures/chromium.ts"
import { median } from "./fixtures/stats.ts"

const runs = 10
const probe = `
window.__connected = [];
let start = 0;
document.addEventListener("keydown", (event) => {
  const target = event.target;
  if (target instanceof HTMLInputElement && target.autocomplete === "one-time-code" && target.value.length === 5) start = performance.now()
}, true);
new MutationObserver(() => {
  const status = document.querySelector("[data-testid=connection-status]");
  if (start && status && status.textContent === "connected") { const t = start; start = 0; window.__connected.push(performance.now() - t) }
}).observe(document, { subtree: true, childList: true, characterData: true });
`

const dataDir = mkdtempSync(join(tmpdir(), "airlock-bench-embedded-"))
const sandbox = await startSandbox({ quiet: true, dataDir })
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })

const codeOf = async (email: string): Promise<string> => {
  for (let attempt = 0; attempt < 100; attempt++) {
    const response = await fetch(`${sandbox.urls.frame}/mailbox/messages?to=${encodeURIComponent(email)}`)
    const { messages } = (await response.json()) as { messages: Array<{ code: string | null }> }
    const code = messages.find((message) => message.code !== null)?.code
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`No code for ${email}`)
}

try {
  const connect: Array<number> = []
  const roundTrips: Array<number> = []
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.addInitScript({ content: probe })
    await page.goto(sandbox.urls.demo)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    await page.getByRole("dialog").getByRole("button", { name: "Continue with Email" }).click({ timeout: 15_000 })
    const email = `bench.${run}.${Date.now()}@example.com`
    await page.getByRole("dialog").getByLabel("Email").fill(email)
    await page.getByRole("dialog").getByRole("button", { name: "Continue" }).click()
    const field = page.getByRole("dialog").getByLabel("Code")
    await field.waitFor({ timeout: 15_000 })
    await field.focus()
    await page.keyboard.type(await codeOf(email))
    await page.waitForFunction(() => (window as unknown as { __connected: number[] }).__connected.length === 1)
    connect.push(await page.evaluate(() => (window as unknown as { __connected: number[] }).__connected[0] as number))
    // The demo puts its client on `window.airlock` for the console.
    if (run === 0) {
      const times = await page.evaluate(async (count) => {
        const airlock = (window as unknown as { airlock?: { request(a: { method: string }): Promise<unknown> } })
          .airlock
        if (airlock === undefined) return []
        const out: number[] = []
        for (let i = 0; i < count; i++) {
          const started = performance.now()
          await airlock.request({ method: "eth_chainId" })
          out.push(performance.now() - started)
        }
        return out
      }, runs)
      roundTrips.push(...times)
    }
    await context.close()
  }
  const line = (label: string, times: ReadonlyArray<number>) =>
    times.length === 0
      ? `  ${label.padEnd(46)}not measured (the demo exposes no client)`
      : `  ${label.padEnd(46)}${median(times).toFixed(1)} ms   (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)})`
  console.log(`\nEmbedded wallet in Chromium (sandbox secure site, anvil), median of ${runs}:`)
  console.log(line("code typed -> connected (new user, new frame)", connect))
  console.log(line("eth_chainId round trip through the frame", roundTrips))
} finally {
  await browser.close()
  await sandbox.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
