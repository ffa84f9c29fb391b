/**
 * What `airlock-kit/appkit` costs, run by `npm run bench` after the size report: the bench page (all four adapters and
 * the ConnectButton) and the same page written as an AppKit app (bench/fixtures/appkitPage.tsx: `createAppKit`,
 * `AppKitButton`, no provider), both built by esbuild as the size report builds the page; prints each first load
 * (files, gzip -9) and the difference. Fails the run when any module of the AppKit entries is in the plain page's
 * bundle at all (an app that does not use them must not pay for them), or when they add more than their budget.
 */
import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import * as esbuild from "esbuild"
import { appBuild } from "./fixtures/esbuild.ts"
import { firstLoadGraph } from "./fixtures/graph.ts"

/**
 * What the AppKit names may add to the first load, in KB gzip: 2.6 KB measured when they landed (the options mapping,
 * the client's methods and its provider tracking, the hooks, the modal's own root and `<appkit-button>`).
 */
const APPKIT_FIRST_LOAD_BUDGET_KB = 3.5

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const reactPackages = ["react", "react-dom", "react/jsx-runtime", "react-dom/client", "scheduler"]
const kb = (bytes: number) => (bytes / 1000).toFixed(1)
const appKitModule = /^(adapters\/appkit|renderers\/react\/appkit)\//

const measure = async (name: string, page: string) => {
  const outdir = join(root, `bench/out/appkit-${name}`)
  const built = await esbuild.build({
    ...appBuild,
    metafile: true,
    write: true,
    entryPoints: { page: join(root, page) },
    outdir,
    splitting: true,
    external: reactPackages,
    entryNames: "[name]",
    chunkNames: "chunk-[hash]"
  })
  const outputs = built.metafile.outputs
  const size = (file: string) => gzipSync(readFileSync(join(root, file)), { level: 9 }).length
  const entry = Object.keys(outputs).find((file) => outputs[file]?.entryPoint === page)
  if (entry === undefined) throw new Error(`${page}: no page entry`)
  const staticImports = (file: string) =>
    (outputs[file]?.imports ?? [])
      .filter((edge) => edge.kind === "import-statement" && outputs[edge.path] !== undefined)
      .map((edge) => edge.path)
  const first = [...firstLoadGraph(entry, staticImports, size).levelOf.keys()]
  const bytes = first.reduce((total, file) => total + size(file), 0)
  const appKitInputs = Object.keys(built.metafile.inputs).filter((input) => appKitModule.test(input))
  console.log(`  ${name.padEnd(8)} first load ${first.length} file(s) ${kb(bytes)} KB`)
  return { bytes, appKitInputs }
}

console.log("")
console.log("airlock-kit/appkit (esbuild, gzip -9, React apart):")
const plain = await measure("airlock", "bench/fixtures/page.tsx")
const appKit = await measure("appkit", "bench/fixtures/appkitPage.tsx")
const added = appKit.bytes - plain.bytes
console.log(`  createAppKit + AppKitButton over createAirlock + ConnectButton: ${added >= 0 ? "+" : ""}${kb(added)} KB`)
if (plain.appKitInputs.length > 0) {
  console.log(`  The plain page bundles AppKit modules: ${plain.appKitInputs.join(", ")}`)
  process.exitCode = 1
} else console.log("  None of airlock-kit/appkit is in the plain page's bundle.")
if (added > APPKIT_FIRST_LOAD_BUDGET_KB * 1000) {
  console.log(`  Over its ${APPKIT_FIRST_LOAD_BUDGET_KB} KB budget.`)
  process.exitCode = 1
}
