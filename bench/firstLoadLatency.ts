/**
 * First load in Chromium, run by `npm run bench` after the size report: the bench page (four adapters, provider +
 * ConnectButton, React bundled in as an app ships it) built by esbuild with splitting and served on loopback. Each run
 * is a fresh browser context (empty cache): from navigation start to the ConnectButton in the DOM and a frame painted
 * (the next animation frame after it appears), with the JS files the page requested before that (counted from
 * playwright's request events, their start times on the page's clock), split into the entry's static closure and the
 * `import()`s the page started. Median of 20. A measurement, never a test.
 */
import { chromium, type Request } from "playwright-core"
import { chromiumArgs, chromiumPath } from "../test/fixtures/chromium.ts"
import { servePage } from "./fixtures/pageServer.ts"
import { median } from "./fixtures/stats.ts"

const runs = Number(process.env.BENCH_RUNS ?? 20)
// Stamps the first frame painted with the button in the DOM (navigation start = 0), and when every script so far
// had arrived.
const probe = `
window.__button = undefined;
const seen = new MutationObserver(() => {
  if (document.querySelector(".airlock-button") === null) return;
  seen.disconnect();
  requestAnimationFrame(() => { window.__button = performance.now() });
});
seen.observe(document, { subtree: true, childList: true });
`

const server = await servePage("firstload")
const { outputs } = server.metafile
const entry = Object.keys(outputs).find((file) => outputs[file]?.entryPoint?.endsWith("fixtures/page.tsx") === true)
/** The entry's static closure (what must arrive before the page runs). */
const closure = new Set<string>()
const visit = (file: string) => {
  if (closure.has(file) || outputs[file] === undefined) return
  closure.add(file)
  for (const edge of outputs[file]?.imports ?? [])
    if (edge.kind === "import-statement" && !edge.external) visit(edge.path)
}
if (entry !== undefined) visit(entry)

const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true })
try {
  const visible: Array<number> = []
  const htmlIn: Array<number> = []
  const scriptsIn: Array<number> = []
  const evaluated: Array<number> = []
  const before: Array<number> = []
  const beforeStatic: Array<number> = []
  const beforeDynamic: Array<number> = []
  const dynamicNames = new Map<string, number>()
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.addInitScript({ content: probe })
    const scripts: Array<Request> = []
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request)
    })
    await page.goto(server.url)
    await page.waitForFunction(() => (window as unknown as { __button?: number }).__button !== undefined)
    const timeline = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined
      return {
        shown: (window as unknown as { __button: number }).__button,
        origin: performance.timeOrigin,
        html: navigation?.responseEnd ?? 0,
        // Module scripts run before DOMContentLoaded: the page's code (createAirlock, render scheduled) has run.
        evaluated: navigation?.domContentLoadedEventStart ?? 0,
        scripts: performance
          .getEntriesByType("resource")
          .map((e) => [e.name, (e as PerformanceResourceTiming).responseEnd] as const)
      }
    })
    const { shown, origin } = timeline
    const arrived = Math.max(
      0,
      ...timeline.scripts.filter(([name]) => closure.has(server.outputOf(name) ?? "")).map(([, end]) => end)
    )
    // Request start times are wall-clock (ms since 1970); the page's clock starts at `performance.timeOrigin`.
    await Promise.all(scripts.map((request) => request.response()))
    const early = scripts.filter((request) => request.timing().startTime - origin <= shown)
    const files = early.map((request) => server.outputOf(request.url())).filter((file) => file !== undefined)
    const dynamic = files.filter((file) => !closure.has(file))
    visible.push(shown)
    htmlIn.push(timeline.html)
    scriptsIn.push(arrived)
    evaluated.push(timeline.evaluated)
    before.push(early.length)
    beforeStatic.push(files.length - dynamic.length)
    beforeDynamic.push(dynamic.length)
    for (const file of dynamic) {
      const name = outputs[file]?.entryPoint ?? "(a chunk those import()ed modules share)"
      dynamicNames.set(name, (dynamicNames.get(name) ?? 0) + 1)
    }
    await context.close()
  }
  const spread = (values: ReadonlyArray<number>) =>
    `(min ${Math.min(...values).toFixed(1)}, max ${Math.max(...values).toFixed(1)})`
  console.log(
    `\nFirst load in Chromium (esbuild --splitting, React bundled, loopback, fresh context each run), median of ${runs}:`
  )
  console.log(`  load -> ConnectButton visible       ${median(visible).toFixed(1)} ms   ${spread(visible)}`)
  console.log("    on the way (from navigation start):")
  console.log(`    HTML in                           ${median(htmlIn).toFixed(1)} ms   ${spread(htmlIn)}`)
  console.log(`    entry's static closure all in     ${median(scriptsIn).toFixed(1)} ms   ${spread(scriptsIn)}`)
  console.log(`    page code run (DOMContentLoaded)  ${median(evaluated).toFixed(1)} ms   ${spread(evaluated)}`)
  console.log("    (the rest is React's first render and a frame)")
  console.log(
    `  JS requests before it was visible   ${median(before)}: ${median(beforeStatic)} of the entry's static closure ` +
      `(${closure.size} files), ${median(beforeDynamic)} from import() the page ran before the button showed`
  )
  if (dynamicNames.size > 0) {
    console.log(`  import()ed before the button showed (entry point: runs out of ${runs}):`)
    for (const [name, count] of [...dynamicNames].sort((a, b) => b[1] - a[1])) console.log(`    ${name}  ${count}`)
  }
} finally {
  await browser.close()
  await server.stop()
}
