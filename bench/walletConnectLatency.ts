/**
 * WalletConnect timings in Chromium against the sandbox (its relay, the demo, the Sandbox Mobile Wallet in this
 * process, approving at once), medians of 10 fresh pages:
 * - choosing WalletConnect -> the QR code on screen (pointerdown -> the QR's image in the DOM, then a frame), chosen as
 *   soon as the modal is open (as before) and chosen after 1.5 s with the modal open (a visitor reading the list: the
 *   SDK chunk that opening the modal fetches has arrived); with where the time goes, from the choice: the SDK chunk
 *   (`adapters/walletconnect/implementation.ts`, the largest script) and the view's chunk in, the relay's WebSocket
 *   created and open, and the first relay message;
 * - pairing -> connected (the wallet's `pair(uri)` -> the button shows the address);
 * - a request's round trip (Sign message -> the signature on the page; the wallet SDK spaces requests by ~1 s).
 * Run by `npm run bench` after the size report.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { chromium, type Page } from "playwright-core"
import { truncateAddress } from "../core/schema/format.ts"
import { startSandbox } from "../sandbox/index.ts"
import { createMobileWallet } from "../sandbox/wallet/mobile.ts"
import { chromiumArgs, chromiumPath } from "../test/fixtures/chromium.ts"
import { median } from "./fixtures/stats.ts"

const runs = 10
const probe = `
window.__qr = [];
window.__sockets = [];
window.__chosen = 0;
let start = 0;
document.addEventListener("pointerdown", (event) => {
  if (event.target instanceof Element && event.target.closest("[data-wallet-id=walletConnect]")) { start = performance.now(); window.__chosen = start }
}, true);
new MutationObserver(() => {
  if (start && document.querySelector("[data-part=qr-code]")) { const t = start; start = 0; requestAnimationFrame(() => window.__qr.push(performance.now() - t)) }
}).observe(document, { subtree: true, childList: true });
// The relay's socket: when it is created, opened and first answers (page clock).
const NativeWebSocket = window.WebSocket;
window.WebSocket = class extends NativeWebSocket {
  constructor(url, protocols) {
    super(url, protocols);
    const socket = { created: performance.now(), opened: Number.NaN, message: Number.NaN };
    window.__sockets.push(socket);
    this.addEventListener("open", () => { socket.opened = performance.now() });
    this.addEventListener("message", () => { if (Number.isNaN(socket.message)) socket.message = performance.now() });
  }
};
`

interface Probe {
  __qr: Array<number>
  __chosen: number
  __sockets: Array<{ created: number; opened: number; message: number }>
}

/** Where the wait went, in ms from the choice (negative: before it), read once the QR is shown. */
const phasesOf = (page: Page) =>
  page.evaluate(() => {
    const { __chosen: chosen, __sockets: sockets } = window as unknown as Probe
    const scripts = performance
      .getEntriesByType("resource")
      .filter((entry) => entry.name.endsWith(".js")) as Array<PerformanceResourceTiming>
    const sdk = scripts.reduce<PerformanceResourceTiming | undefined>(
      (largest, entry) => (largest === undefined || entry.decodedBodySize > largest.decodedBodySize ? entry : largest),
      undefined
    )
    const view = scripts.find((entry) => /ConnectingWalletConnect/.test(entry.name))
    const socket = sockets[0]
    return {
      sdkRequested: (sdk?.startTime ?? Number.NaN) - chosen,
      sdkIn: (sdk?.responseEnd ?? Number.NaN) - chosen,
      viewIn: (view?.responseEnd ?? Number.NaN) - chosen,
      socketCreated: (socket?.created ?? Number.NaN) - chosen,
      socketOpen: (socket?.opened ?? Number.NaN) - chosen,
      firstMessage: (socket?.message ?? Number.NaN) - chosen
    }
  })
type Phases = Awaited<ReturnType<typeof phasesOf>>

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
  const phases: Array<Phases> = []
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
    phases.push(await phasesOf(page))
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
  // The same choice after 1.5 s with the modal open (no pairing): what opening the modal started has had time to land.
  const settledQr: Array<number> = []
  const settledPhases: Array<Phases> = []
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.addInitScript({ content: probe })
    await page.goto(sandbox.urls.demo)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    const choice = page.getByRole("dialog").getByRole("button", { name: /^WalletConnect/ })
    await choice.waitFor({ timeout: 15_000 })
    // A visitor's reading time before the choice: a benchmark's model of the user, not a wait for a condition.
    await page.waitForTimeout(1500)
    await choice.click()
    await page.waitForFunction(() => (window as unknown as { __qr: number[] }).__qr.length === 1, undefined, {
      timeout: 30_000
    })
    settledQr.push(await page.evaluate(() => (window as unknown as { __qr: number[] }).__qr[0] ?? Number.NaN))
    settledPhases.push(await phasesOf(page))
    await context.close()
  }
  const phaseLine = (all: ReadonlyArray<Phases>) => {
    const at = (pick: (p: Phases) => number) => median(all.map(pick).filter((v) => !Number.isNaN(v))).toFixed(0)
    return (
      `      from the choice: SDK chunk requested ${at((p) => p.sdkRequested)}, in ${at((p) => p.sdkIn)}; ` +
      `view chunk in ${at((p) => p.viewIn)}; relay socket created ${at((p) => p.socketCreated)}, ` +
      `open ${at((p) => p.socketOpen)}, first message ${at((p) => p.firstMessage)} (ms, medians)`
    )
  }
  console.log(
    `\nWalletConnect in Chromium (sandbox relay, Sandbox Mobile Wallet approving at once), median of ${runs}:`
  )
  line("choose WalletConnect -> QR shown", qr)
  console.log(phaseLine(phases))
  line("  the same, chosen 1.5 s after open", settledQr)
  console.log(phaseLine(settledPhases))
  line("pair -> connected", pairing)
  line("personal_sign round trip", request)
} finally {
  await wallet.stop()
  await browser.close()
  await sandbox.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
