/**
 * What sign-in costs an app, run by `npm run bench` after the size report: the bench page (all four adapters and the
 * ConnectButton) built by esbuild with `siwx: serverSiwx(…)` and with `siwx: localSiwx()`, then measured as the size
 * report measures the page: the first load before the button (files, gzip -9), and what sign-in fetches on demand:
 * core's SIWX part (when the client starts), the sign view (when it first shows) and the configuration's work (the
 * session store, the message writer and, for `localSiwx`, the signature checks: when sign-in first calls it), each
 * beyond the first load, core's lazy part and the modal's chunk, which every client fetches before.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import * as esbuild from "esbuild"
import { appBuild } from "./fixtures/esbuild.ts"
import { firstLoadGraph } from "./fixtures/graph.ts"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const reactPackages = ["react", "react-dom", "react/jsx-runtime", "react-dom/client", "scheduler"]
const basePage = readFileSync(join(root, "bench/fixtures/page.tsx"), "utf8")
const kb = (bytes: number) => (bytes / 1000).toFixed(1)

const measure = async (name: string, config: string) => {
  const source = join(root, `bench/fixtures/.siwx-${name}.tsx`)
  writeFileSync(
    source,
    basePage
      .replace(
        'import { walletConnect } from "airlock-kit/walletconnect"',
        (line) => `${line}\nimport { ${config.split("(")[0]} } from "airlock-kit/siwx"`
      )
      .replace("  adapters: [evm(), solana(), walletConnect(), embedded()],", (line) => `${line}\n  siwx: ${config},`)
  )
  const outdir = join(root, `bench/out/siwx-${name}`)
  try {
    const built = await esbuild.build({
      ...appBuild,
      metafile: true,
      write: true,
      entryPoints: { page: source },
      outdir,
      splitting: true,
      external: reactPackages,
      entryNames: "[name]",
      chunkNames: "chunk-[hash]"
    })
    const outputs = built.metafile.outputs
    const size = (file: string) => gzipSync(readFileSync(join(root, file)), { level: 9 }).length
    const entry = Object.keys(outputs).find((file) => outputs[file]?.entryPoint === source.slice(root.length + 1))
    if (entry === undefined) throw new Error("no page entry")
    const staticImports = (file: string) =>
      (outputs[file]?.imports ?? [])
        .filter((edge) => edge.kind === "import-statement" && outputs[edge.path] !== undefined)
        .map((edge) => edge.path)
    const first = new Set(firstLoadGraph(entry, staticImports, size).levelOf.keys())
    /** The files a part's `import()` fetches, beyond the first load and the files in `before`. */
    const closure = (sourcePath: string, before: ReadonlySet<string> = new Set()) => {
      const chunk = Object.keys(outputs).find((file) => outputs[file]?.entryPoint === sourcePath)
      const seen = new Set<string>()
      const visit = (file: string) => {
        if (seen.has(file) || first.has(file) || before.has(file)) return
        seen.add(file)
        for (const next of staticImports(file)) visit(next)
      }
      if (chunk !== undefined) visit(chunk)
      return chunk === undefined ? undefined : seen
    }
    // Every client fetches core's lazy part at start, and the modal's chunk comes before any view of it.
    const always = new Set([
      ...(closure("core/client/lazy.ts") ?? []),
      ...(closure("renderers/react/modal/Modal.tsx") ?? [])
    ])
    const part = (sourcePath: string) => {
      const files = closure(sourcePath, always)
      return files === undefined ? undefined : [...files].reduce((total, file) => total + size(file), 0)
    }
    const firstBytes = [...first].reduce((total, file) => total + size(file), 0)
    console.log(`  ${name.padEnd(12)} first load ${first.size} file(s) ${kb(firstBytes)} KB`)
    for (const [label, path] of [
      ["core's SIWX part (at start)", "core/client/siwx.ts"],
      ["the sign view (first shown)", "renderers/react/views/groups/siwx.ts"],
      ["the configuration's work", name === "localSiwx" ? "core/siwx/parts.ts" : "core/siwx/serverParts.ts"]
    ] as const) {
      const bytes = part(path)
      if (bytes !== undefined) console.log(`    ${label.padEnd(30)} ${kb(bytes)} KB`)
    }
  } finally {
    rmSync(source, { force: true })
  }
}

console.log(
  "\nSign-in (SIWX) for an app that turns it on (esbuild --splitting, gzip -9, KB; the bench page plus `siwx`):"
)
await measure("serverSiwx", 'serverSiwx({ url: "http://127.0.0.1:9", projectId: "bench" })')
await measure("localSiwx", "localSiwx()")
