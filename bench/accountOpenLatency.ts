/**
 * A connected visitor's open in Chromium, run by `npm run bench` after the open latency: the bench page (as in
 * openLatency.ts) with a browser wallet announced over EIP-6963 (an in-page provider that answers with one account on
 * mainnet), connected through the modal's own wallet row. Then the span click on the account button -> the dialog open
 * with Account's tabs in it, ending on the next animation frame. Two cases, median of `BENCH_RUNS` (20) fresh pages:
 * the first open after the connection (the Account chunk has loaded meanwhile, the page has been quiet for 1.5 s) and
 * the next one (warm). The bench page's APIs are a closed port, so Account draws its empty and error states.
 * A measurement, never a test.
 */
import { chromium, type Page } from "playwright-core"
import { chromiumArgs, chromiumPath } from "../test/fixtures/chromium.ts"
import { servePage } from "./fixtures/pageServer.ts"
import { medianCell } from "./fixtures/stats.ts"

const runs = Number(process.env.BENCH_RUNS ?? 20)

const probe = `
const provider = {
  request: async ({ method }) => {
    if (method === "eth_requestAccounts" || method === "eth_accounts") return ["0x52908400098527886E0F7030069857D2E4169EE7"];
    if (method === "eth_chainId") return "0x1";
    if (method === "net_version") return "1";
    throw Object.assign(new Error("Unsupported method"), { code: 4200 });
  },
  on() {},
  removeListener() {}
};
const info = { uuid: "7f1e6a0a-0000-4000-8000-000000000001", name: "Bench Wallet", rdns: "bench.wallet",
  icon: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='32' height='32'/%3E" };
const announce = () =>
  window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }));
window.addEventListener("eip6963:requestProvider", announce);
announce();
window.__opens = [];
let clicked = 0;
document.addEventListener("click", () => { clicked = performance.now() }, true);
new MutationObserver(() => {
  const open = document.querySelector("dialog[open]");
  if (open && clicked && open.querySelector("[role=tablist]")) {
    const t = clicked; clicked = 0; requestAnimationFrame(() => window.__opens.push(performance.now() - t))
  }
}).observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["open"], childList: true });
`

interface Probe {
  __opens: Array<number>
}

const server = await servePage("latency-account", [probe])
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })

/** Clicks the account button and returns the `n`th open's span. */
const openAccount = async (page: Page, n: number): Promise<number> => {
  await page.locator("button.airlock-button").click()
  await page.waitForFunction((count) => (window as unknown as Probe).__opens.length >= count, n)
  return page.evaluate((index) => (window as unknown as Probe).__opens[index] ?? Number.NaN, n - 1)
}

const closeModal = async (page: Page) => {
  await page.keyboard.press("Escape")
  await page.waitForFunction(() => document.querySelector("dialog[open]") === null)
}

try {
  const first: Array<number> = []
  const warm: Array<number> = []
  for (let run = 0; run < runs; run++) {
    const page = await browser.newPage()
    await page.goto(server.url)
    await page.waitForLoadState("networkidle")
    await page.getByRole("button", { name: "Connect Wallet" }).click()
    await page
      .getByRole("button", { name: /Bench Wallet/ })
      .first()
      .click()
    await page.getByRole("button", { name: "0x52...169EE7" }).waitFor()
    if ((await page.locator("dialog[open]").count()) > 0) await closeModal(page)
    // A visitor's pause after connecting (a model of the user, not a wait for a condition).
    await page.waitForTimeout(1500)
    first.push(await openAccount(page, 1))
    await closeModal(page)
    await page.waitForTimeout(500)
    warm.push(await openAccount(page, 2))
    await page.close()
  }
  console.log(`\nA connected visitor's open in Chromium, ms, median (min-max) of ${runs}:`)
  console.log(`${"".padEnd(44)}${"first".padStart(17)}${"warm".padStart(17)}`)
  console.log(`${"  click -> dialog + Account's tabs, painted".padEnd(44)}${medianCell(first)}${medianCell(warm)}`)
} finally {
  await browser.close()
  await server.stop()
}
