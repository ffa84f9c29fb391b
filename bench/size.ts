/**
 * `npm run bench`: bundle size of a tiny page (provider + ConnectButton + core runtime + the four adapters) built the
 * way an app would, with esbuild (`--bundle --minify --splitting --format=esm --platform=browser`). Prints the first
 * load (the entry and everything it imports statically: what is fetched before the button shows) as files, import
 * levels (see bench/fixtures/graph.ts) and gzip -9 bytes under esbuild, rolldown and Vite 8, then the lazy chunks,
 * React + react-dom apart, and the stylesheet. Exits 1 when the first load or any on-demand part is over its budget;
 * the files / levels targets are printed and fail the run only once `GRAPH_TARGETS_ARE_BUDGETS` is on.
 * `--graph` prints every first-load file with its modules and, for esbuild, the entry points (the page and the
 * `import()` targets) that reach them: esbuild makes one chunk per distinct set. 1 KB = 1000 bytes.
 */
import { mkdirSync, readFileSync, rmSync } from "node:fs"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import * as esbuild from "esbuild"
import { printEsbuildGraph, printSplitGraph } from "./explainGraph.ts"
import { ROLLDOWN_FIRST_LOAD_BUDGET_KB, rolldownFirstLoad, viteFirstLoad } from "./firstLoadRolldown.ts"
import { appBuild } from "./fixtures/esbuild.ts"
import {
  FIRST_LOAD_FILES_TARGET,
  FIRST_LOAD_LEVELS_TARGET,
  type FirstLoadGraph,
  firstLoadGraph,
  GRAPH_TARGETS_ARE_BUDGETS,
  graphVerdict
} from "./fixtures/graph.ts"

/**
 * First load, React excluded, in KB gzip, as esbuild splits it. DESIGN.md "Budgets" allows 60; the issue asks for 54.
 * esbuild splits by file and by the set of entry points (the page and every `import()` target) reaching each file: a
 * module that a public barrel (`airlock-kit`, `airlock-kit/react`) re-exports and a lazy view uses lands in a chunk the first
 * load imports, though the page runs none of it, and every distinct set is a file of its own (30 files, 56.0 KB, when
 * the views were grouped). Each layer's kernel (core/client/kernel.ts) now gives every first-load module the same set:
 * 5 files (the page with what leads to an `import()`, core and Effect, the adapters' few modules, the renderer's
 * hooks, esbuild's helpers), 49.9 KB, as each file boundary costs its own gzip frame and import/export lists. Every
 * view's English text then made it 54.4 KB; the first load now holds only the buttons', errors' and alerts' English
 * (core/i18n/firstEnglish.ts); the whole catalogue, the locales' loaders and the Adapters layer come with core's lazy
 * part: 52.1 KB in 6 files (the React renderer imports core through `airlock-kit`, so what its views use of the barrel
 * is on it too).
 */
// 53.0 KB before multi-wallet's `getConnections` (its selector), `subscribeEvents` and the wallet-list and multi-wallet
// methods joined the client's facade: 53.6 KB. Issue 19's ceiling is 54 KB.
const FIRST_LOAD_BUDGET_KB = 54

/**
 * Budgets (KB gzip) of each on-demand part: what it fetches beyond the first load and the services chunk (which every
 * client fetches right after `createAirlock`). A part over its budget fails the run. Views and adapters have one
 * budget per kind, so a new one is budgeted the day it lands.
 */
const chunkBudgetsKb: Record<string, number> = {
  // Everything core runs after start, fetched right after createAirlock: the services (HTTP, storage, the APIs, the
  // options' schema decode: 44 KB when they were a part of their own) and every flow but the embedded wallet's
  // (modal, connection, network, remote, send, approval: about 12 KB when each was its own part), and the frame's
  // lookup for adapters (0.2 KB when apart): 51.7 KB, with what it shares with the other lazy parts. Then the whole
  // English catalogue (core/i18n/locales/en.ts, off the first load): 56.0 KB. Then the English texts of sign-in's
  // email capture, swap, names and onramp (about 90 ids): 57.7 KB. Moving each feature's texts into its own part
  // (loaded with its views) is the next step if this grows again. It did: multi-wallet's restore, handover and event
  // flows (1.9 KB), batched analytics with beacons and error reports (0.6 KB), and the English of ProfileWallets and
  // Sessions: 59.9 KB. The feature texts' own parts are still the next step.
  "core/client/lazy.ts": 61,
  // The embedded wallet's part of core, beyond the lazy core part: the live frame and its message schemas, fetched
  // when `embedded()`'s layer is built (4.0 KB when apart), and the login flows (2.6 KB when apart): 5.9 KB.
  "core/client/embedded.ts": 8,
  // The headless wallet list's flows (connectWallet, loadWallets), fetched when an app calls them: 1.2 KB.
  "core/client/wallets.ts": 2,
  // Multi-wallet's actions (switchConnection, disconnectConnection, addWallet), fetched on the first call: 1.8 KB in
  // core's lazy part before it was apart.
  "core/client/multiWallet.ts": 3,
  // The modal shell with the views a first connection goes through: Connect, a browser wallet's and WalletConnect's
  // connecting views (with the QR encoder, uqr: 7 KB of its own when it was a part), the network views: 29.3 KB.
  // Then the Connect view's inline email form and social row, the social and WalletConnect logos (0.9 KB), the
  // unsupported network's list and the phone's WalletConnect path: 32.5 KB. Then All Wallets' focus return by wallet
  // id, its row's tile of registry images and the registry's network images: 34.0 KB.
  "renderers/react/modal/Modal.tsx": 35,
  // The connected user's views: Account with its three tabs' lists, Send, Receive (its QR code) and NFT detail. Then
  // Account's wallet-feature buttons in SPEC's order (Buy, Swap, Receive, Send) and its "Choose name" entry: 11.3 KB.
  "renderers/react/views/groups/account.ts": 12,
  // The embedded wallet's views: its logins (Farcaster's QR code), email change, approvals, its part of Account:
  // 8.9 KB; 10.8 KB with the social logos (shared with the modal's chunk, counted in both) and the email form the
  // Connect view shares.
  "renderers/react/views/groups/embedded.ts": 12,
  // viem's HTTP + fallback transports and getBalance: fetched only when the blockchain API cannot give a balance.
  "adapters/evm/rpc.ts": 36,
  // The WalletConnect SDK 2.21.8 as published, fetched only when WalletConnect is chosen: @walletconnect/utils pins
  // viem 2.31 and imports it whole (~360 KB minified of the chunk). Slimming it (a verify-free utils build, or
  // sharing the app's viem) is open; this budget holds today's size so it cannot grow unnoticed.
  "adapters/walletconnect/implementation.ts": 295,
  // Wallet Standard wallets over @solana/kit's codecs (base58, base64, the transaction decoder), fetched on the first
  // Solana connect; kit's RPC client is apart (adapters/solana/rpc.ts, only when the API gives no balance).
  // @solana/errors' message table (34 KB minified) stays in even with NODE_ENV=production: esbuild keeps an object
  // literal with computed keys. It is most of the chunk.
  // +4.7 KB since Send: esbuild splits by file, so kit's transaction-building code that adapters/solana/transfer.ts
  // uses lands in the chunk this one shares with it (both import @solana/kit's index).
  "adapters/solana/implementation.ts": 26,
  "adapters/solana/rpc.ts": 20,
  // Send's transfers: Solana's builds the transaction (system / token programs, ATA derivation) over kit; EVM's is
  // raw JSON-RPC over the ranked client of adapters/evm/rpc.ts (its 34 KB are that client, shared).
  "adapters/solana/transfer.ts": 32,
  "adapters/evm/transfer.ts": 36,
  // The virtualised grid: @tanstack/react-virtual 3.14 is 10.5 KB of its 13 KB (esbuild, minified, gzip -9). Fetched
  // only when All Wallets opens; a lighter virtualiser (virtua) is worth measuring against it.
  "renderers/react/views/groups/allWallets.ts": 14,
  // Account names: core's names part (the live check, the registration: 2.1 KB with what it shares with the other
  // lazy parts) and its two views (1.3 KB), each fetched when RegisterAccountName first shows.
  "core/client/names.ts": 3,
  "renderers/react/views/groups/names.ts": 2,
  // The onramp: core's onramp part (the form, the quote, the order follower: 3.0 KB with what it shares with the other
  // lazy parts) and its three views with \`airlock-kit/onramp\`'s actions (2.4 KB), each fetched when Buy first shows.
  "core/client/onramp.ts": 4,
  "renderers/react/views/groups/onramp.ts": 3
}
const chunkBudgetKb = (source: string): number =>
  chunkBudgetsKb[source] ?? (source.startsWith("renderers/react/views/") ? 4 : source.startsWith("adapters/") ? 30 : 40)

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const outdir = join(root, "bench/out")
const reactPackages = ["react", "react-dom", "react/jsx-runtime", "react-dom/client", "scheduler"]

const common: esbuild.BuildOptions = { ...appBuild, metafile: true, write: true }

const kb = (bytes: number): string => (bytes / 1000).toFixed(1)

rmSync(outdir, { recursive: true, force: true })
mkdirSync(outdir, { recursive: true })

const page = await esbuild.build({
  ...common,
  entryPoints: { page: join(root, "bench/fixtures/page.tsx") },
  outdir: join(outdir, "page"),
  splitting: true,
  external: reactPackages,
  entryNames: "[name]",
  chunkNames: "chunk-[hash]",
  assetNames: "[name]"
})
const outputs = page.metafile!.outputs
// Dynamically imported modules are entry points too in esbuild's metafile: pick the page's own.
const entry = Object.keys(outputs).find((file) => outputs[file]!.entryPoint?.endsWith("fixtures/page.tsx") === true)!

/** The files a file names in its static `import` statements (its chunks; React is external). */
const staticImports = (file: string): ReadonlyArray<string> =>
  (outputs[file]?.imports ?? [])
    .filter((edge) => edge.kind === "import-statement" && !edge.external && outputs[edge.path] !== undefined)
    .map((edge) => edge.path)
/** The files reached from `start` through static imports only: what the browser fetches before running it. */
const staticClosure = (start: string): Set<string> => {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file) || outputs[file] === undefined) return
    seen.add(file)
    for (const imported of staticImports(file)) visit(imported)
  }
  visit(start)
  return seen
}

const gzipSize = (file: string): number => gzipSync(readFileSync(file), { level: 9 }).length
/**
 * The first load before the button shows. React is external, so nothing else gates the button: the page's `import()`s
 * that `createAirlock` starts at once (core's initialize flow, the services chunk, the embedded wallet's frame code)
 * are requested while the page runs, but the button renders from the client's first snapshot without waiting for
 * them (bench/firstLoadLatency.ts counts what a browser requests before the button is visible).
 */
const esbuildGraph = firstLoadGraph(entry, staticImports, (file) => gzipSize(join(root, file)))
const firstLoad = new Set(esbuildGraph.levelOf.keys())
const lazy = new Set<string>()
/** Each on-demand part (the modal, core's flows, the HTTP services) with the files it fetches beyond the first load. */
const lazyParts = new Map<string, Set<string>>()
const visitLazy = (files: Iterable<string>) => {
  for (const file of files) {
    for (const edge of outputs[file]!.imports) {
      if (edge.kind !== "dynamic-import" || lazyParts.has(edge.path)) continue
      const part = new Set([...staticClosure(edge.path)].filter((reached) => !firstLoad.has(reached)))
      lazyParts.set(edge.path, part)
      for (const reached of part) lazy.add(reached)
      visitLazy(part)
    }
  }
}
visitLazy(firstLoad)
const css = Object.keys(outputs).filter((file) => file.endsWith(".css"))

const react = await esbuild.build({
  ...common,
  entryPoints: { react: join(root, "bench/fixtures/react.ts") },
  outdir: join(outdir, "react")
})
const reactFile = Object.keys(react.metafile!.outputs).find((file) => file.endsWith(".js"))!

const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipSize(join(root, file)), 0)
const firstLoadBytes = sum(firstLoad)
const lazyBytes = sum(lazy)
const cssBytes = sum(css)
const reactBytes = gzipSize(join(root, reactFile))

const servicesEntry = "core/client/lazy.ts"
const servicesChunk = [...lazyParts.keys()].find((chunk) => outputs[chunk]?.entryPoint === servicesEntry)
const servicesFiles = servicesChunk === undefined ? new Set<string>() : (lazyParts.get(servicesChunk) ?? new Set())

/** Parts over their budget, named for the summary; any one fails the run. */
const overBudget: Array<string> = []
const rows: Array<[string, string, string]> = [
  ["First load (button + provider + hooks + core runtime)", `${firstLoad.size} file(s)`, kb(firstLoadBytes)],
  ...[...lazyParts].map(([chunk, files]): [string, string, string] => {
    const source = outputs[chunk]?.entryPoint ?? chunk
    // The services chunk is fetched right after createAirlock, before any click: other parts count beyond it.
    const beyond = source === servicesEntry ? [...files] : [...files].filter((file) => !servicesFiles.has(file))
    const bytes = sum(beyond)
    const budget = chunkBudgetKb(source)
    if (bytes > budget * 1000) overBudget.push(`${source} (${kb(bytes)} KB of ${budget} KB)`)
    const mark = bytes > budget * 1000 ? "  OVER" : ""
    return [`  on demand: ${source}`, `${beyond.length} file(s)`, `${kb(bytes)} / ${budget}${mark}`]
  }),
  ["On demand, all lazy chunks (modal, flows, services)", `${lazy.size} file(s)`, kb(lazyBytes)],
  ["Stylesheet (airlock-kit/react/styles.css)", `${css.length} file(s)`, kb(cssBytes)],
  ["React + react-dom (not counted)", "1 file(s)", kb(reactBytes)],
  ["Total Airlock (first load + lazy + CSS)", "", kb(firstLoadBytes + lazyBytes + cssBytes)]
]
const width = Math.max(...rows.map((row) => row[0].length))
console.log(`\nAirlock size (esbuild --bundle --minify --splitting --format=esm, gzip -9, 1 KB = 1000 B)\n`)
console.log(`${"".padEnd(width)}  ${"files".padStart(10)}  ${"KB gzip (/ budget)".padStart(8)}`)
for (const [name, files, size] of rows) console.log(`${name.padEnd(width)}  ${files.padStart(10)}  ${size.padStart(8)}`)

// What the first load is made of, so a regression points at its cause.
const contributions = new Map<string, number>()
for (const file of firstLoad) {
  for (const [input, { bytesInOutput }] of Object.entries(outputs[file]!.inputs)) {
    const key = input.includes("node_modules/")
      ? input.replace(/^.*node_modules\/((?:@[^/]+\/)?[^/]+).*$/, "$1")
      : relative(root, input).split("/").slice(0, 2).join("/")
    contributions.set(key, (contributions.get(key) ?? 0) + bytesInOutput)
  }
}
console.log("\nFirst load by source (minified, before gzip):")
for (const [source, bytes] of [...contributions].sort((a, b) => b[1] - a[1]).slice(0, 12)) {
  console.log(`  ${source.padEnd(32)} ${kb(bytes).padStart(8)} KB`)
}

// `npm run bench -- --verbose`: the largest single modules of the first load (`--all-modules`: every one).
if (process.argv.includes("--verbose")) {
  const modules = [...firstLoad].flatMap((file) =>
    Object.entries(outputs[file]!.inputs).map(([input, { bytesInOutput }]) => [input, bytesInOutput] as const)
  )
  console.log("\nLargest first-load modules (minified, before gzip):")
  const shown = process.argv.includes("--all-modules") ? modules.length : 25
  for (const [input, bytes] of modules.sort((a, b) => b[1] - a[1]).slice(0, shown)) {
    console.log(`  ${input.replace(/^.*node_modules\//, "").padEnd(60)} ${kb(bytes).padStart(8)} KB`)
  }
}

const over = firstLoadBytes > FIRST_LOAD_BUDGET_KB * 1000
console.log(
  `\nFirst load ${kb(firstLoadBytes)} KB of a ${FIRST_LOAD_BUDGET_KB} KB budget: ${over ? "OVER BUDGET" : "within budget"}.`
)
const pageEntry = join(root, "bench/fixtures/page.tsx")
const rolldown = await rolldownFirstLoad(pageEntry)
const rolldownOver = rolldown.bytes > ROLLDOWN_FIRST_LOAD_BUDGET_KB * 1000
console.log(
  `First load as Vite 8 builds it (rolldown): ${rolldown.files} file(s), ${kb(rolldown.bytes)} KB of a ` +
    `${ROLLDOWN_FIRST_LOAD_BUDGET_KB} KB budget: ${rolldownOver ? "OVER BUDGET" : "within budget"}.`
)
if (rolldownOver) process.exitCode = 1
const vite = await viteFirstLoad(pageEntry, join(outdir, "vite"))

// The graph before the button shows, per bundler: files, levels (bench/fixtures/graph.ts), bytes, against targets.
const graphRows: Array<[string, FirstLoadGraph, string]> = [
  ["esbuild --splitting", esbuildGraph, ""],
  ["rolldown", rolldown, ""],
  [
    "Vite 8 (vite build, HTML entry)",
    vite,
    `; the HTML has ${vite.modulePreloads} modulepreload link(s), so the browser asks for all at once`
  ]
]
console.log(
  `\nFirst load before the button shows (JS, React external; targets: <= ${FIRST_LOAD_FILES_TARGET} files, ` +
    `<= ${FIRST_LOAD_LEVELS_TARGET} levels${GRAPH_TARGETS_ARE_BUDGETS ? ", enforced" : ", not enforced yet"}):`
)
const graphWidth = Math.max(...graphRows.map(([name]) => name.length))
console.log(`  ${"".padEnd(graphWidth)}  ${"files".padStart(5)}  ${"levels".padStart(6)}  ${"KB gzip".padStart(7)}`)
let graphOver = false
for (const [name, graph, note] of graphRows) {
  const verdict = graphVerdict(graph)
  graphOver ||= verdict.over
  console.log(
    `  ${name.padEnd(graphWidth)}  ${String(graph.files).padStart(5)}  ${String(graph.levels).padStart(6)}  ` +
      `${kb(graph.bytes).padStart(7)}  ${verdict.text}${note}`
  )
}
if (graphOver && GRAPH_TARGETS_ARE_BUDGETS) process.exitCode = 1

// Each bundled locale is a chunk of its own, loaded on demand (DESIGN.md): its size, beyond the first load.
const locales = [...lazyParts].filter(([chunk]) => /(^|\/)(locales?|i18n)\//.test(outputs[chunk]?.entryPoint ?? ""))
if (locales.length === 0)
  console.log("\nLocale chunks: none (no locale is bundled: every text is the English catalogue).")
else {
  console.log("\nLocale chunks (KB gzip, beyond the first load):")
  for (const [chunk, files] of locales) console.log(`  ${outputs[chunk]?.entryPoint}  ${kb(sum(files))}`)
}

// `npm run bench -- --graph`: why each first-load file exists.
if (process.argv.includes("--graph")) {
  printEsbuildGraph(page.metafile!, entry, esbuildGraph.levelOf, (file) => gzipSize(join(root, file)))
  printSplitGraph("rolldown", rolldown, root)
  printSplitGraph("Vite 8", vite, root)
}
console.log("")
if (lazy.size === 0) {
  console.log("No lazy chunk: the modal is in the first load.")
  process.exitCode = 1
}
await import("./siwxSize.ts")
await import("./appkitSize.ts")
await import("./wagmiSize.ts")
if (overBudget.length > 0) console.log(`Over their chunk budget: ${overBudget.join(", ")}.`)
else console.log("Every on-demand part is within its chunk budget.")
if (over || overBudget.length > 0) process.exitCode = 1
// `npm run bench -- --size-only`: the sizes above, without the latency runs below (seconds instead of minutes).
if (!process.argv.includes("--size-only")) {
  await import("./firstLoadLatency.ts")
  await import("./openLatency.ts")
  await import("./accountOpenLatency.ts")
  await import("./connectLatency.ts")
  await import("./walletConnectLatency.ts")
  await import("./allWalletsLatency.ts")
  await import("./tokensLatency.ts")
  await import("./embeddedLatency.ts")
  await import("./siwxLatency.ts")
  await import("./swapLatency.ts")
  await import("./namesLatency.ts")
  await import("./onrampLatency.ts")
  await import("./switchConnectionLatency.ts")
  await import("./wagmiLatency.ts")
  await import("./server.ts")
}
// Every figure is printed and every sandbox stopped. The process would not end by itself: the demo's Vite 8 build
// (rolldown's native bundler) leaves thread-safe functions referenced after it finishes, which keep Node's event loop
// alive (found with async_hooks: five `napi_rs_threadsafe_function` resources from rolldown's #build).
process.exit(process.exitCode ?? 0)
