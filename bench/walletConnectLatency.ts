/**
 * WalletConnect timings in Chromium against the sandbox (its relay, the demo, the Sandbox Mobile Wallet in this
 * process, approving at once), medians of 10 fresh pages:
 * - choosing WalletConnect -> the QR code on screen (pointerdown -> the QR's image in the DOM, then a frame);
 * - pairing -> connected (the wallet's `pair(uri)` -> the button shows the address);
 * - a request's round trip (Sign message -> the signature on the page; the wallet SDK spaces requests by ~1 s).
 * Run by `npm run bench` after the size report.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromium } from "playwright-core"
import { truncateAddress } from "../core/schema/format.ts"
import { startSandbox } from "../sandbox/index.ts"
import { createMobileWallet } from "../sandbox/wallet/mobile.ts"
import { chromiumArgs, chromiumPath } from "../test/fixtures/chromium.ts"
import { median } from "./fixtures/stats.ts"

const runs = 10
const probe = `
window.__qr = [];
let start = 0;
document.addEventListener("pointerdown", (event) => {
  if (event.target instanceof Element && event.target.closest("[data-wallet-id=walletConnect]")) start = performance.now()
}, true);
new MutationObserver(() => {
  if (start && document.querySelector("[data-part=qr-code]")) { const t = start; start = 0; requestAnimationFrame(() => window.__qr.push(performance.now() - t)) }
}).observe(document, { subtree: true, childList: true });
`

const line = (name: string, values: ReadonlyArray<number>) =>
  console.log(
    `  ${name.padEnd(34)}${median(values).toFixed(1).padStart(8)} ms   (min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)})`
  )

const dataDir = mkdtempSync(join(tmpdir(), "airlock-bench-wc-"))
const sandbox = await startSandbox({ quiet: true, dataDir })
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })
const wallet = await createMobileWallet({
  relayUrl: sandbox.urls.relay,
  projectId: sandbox.urls.projectId,
  chains: sandbox.urls.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl }))
})
try {
  const qr: Array<number> = []
  const pairing: Array<number> = []
  const request: Array<number> = []
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext()
    await context.grantPermissions(["clipboard-read", "clipboard-write"])
    const page = await context.newPage()
    await page.addInitScript({ content: probe })
    await page.goto(sandbox.urls.demo)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^WalletConnect/ })
      .click({ timeout: 15_000 })
    await page.waitForFunction(() => (window as unknown as { __qr: number[] }).__qr.length === 1, undefined, {
      timeout: 30_000
    })
    qr.push(await page.evaluate(() => (window as unknown as { __qr: number[] }).__qr[0] ?? Number.NaN))
    await page.getByRole("button", { name: "Copy link" }).click()
    const uri = await page.evaluate(() => navigator.clipboard.readText())
    const short = truncateAddress(wallet.address)
    const paired = performance.now()
    await wallet.pair(uri)
    await page.getByRole("button", { name: short, exact: true }).first().waitFor({ timeout: 30_000 })
    pairing.push(performance.now() - paired)
    const asked = performance.now()
    await page.getByRole("button", { name: "Sign message" }).click()
    await page.waitForFunction(() => /^0x/.test(document.querySelector("[data-testid=signature]")?.textContent ?? ""))
    request.push(performance.now() - asked)
    await wallet.disconnectAll()
    await context.close()
  }
  console.log(
    `\nWalletConnect in Chromium (sandbox relay, Sandbox Mobile Wallet approving at once), median of ${runs}:`
  )
  line("choose WalletConnect -> QR shown", qr)
  line("pair -> connected", pairing)
  line("personal_sign round trip", request)
} finally {
  await wallet.stop()
  await browser.close()
  await sandbox.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
