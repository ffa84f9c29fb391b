/**
 * The bench page's first load as Vite 8 builds an app, beside esbuild's figure in `size.ts`: rolldown alone (minified
 * ESM, the figure the budget holds), and a real `vite build` of an HTML page loading the same entry (which adds Vite's
 * preload helper and writes a `<link rel="modulepreload">` for every file of the entry's closure into the HTML).
 * esbuild splits by file: a module the entry reaches through a public barrel (`airlock-kit`, `airlock-kit/react`) and a lazy
 * view also uses is placed in a chunk the entry loads, even when the entry uses none of it. rolldown tree-shakes
 * before it splits, so what it loads first is what the page runs. Both are printed; each has a budget.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join, relative } from "node:path"
import { gzipSync } from "node:zlib"
import { build, type OutputChunk } from "rolldown"
import { defaultClientConditions, build as viteBuild } from "vite"
import { type FirstLoadGraph, firstLoadGraph } from "./fixtures/graph.ts"

/**
 * KB gzip (1 KB = 1000 bytes); 40.7 when it was first measured (before the account features), 44.0 in 14 files when
 * rolldown left a chunk for each set of lazy parts its single reduction pass could not fold into the page; 40.7 in 3
 * files once every lazy part imports core's lazy part (rolldown counts an import of an entry module, so the code the
 * page shares with any lazy part has one set).
 */
export const ROLLDOWN_FIRST_LOAD_BUDGET_KB = 42

const reactPackages = ["react", "react-dom", "react-dom/client", "react/jsx-runtime", "scheduler"]

/** A first load as a bundler split it: its figures, and each of its files with its level and modules. */
export interface SplitFirstLoad extends FirstLoadGraph {
  readonly chunks: ReadonlyArray<{
    readonly file: string
    readonly level: number
    readonly bytes: number
    readonly modules: ReadonlyArray<string>
    /**
     * Chunks that import this one but not the entry chunk, each named by its first module. rolldown merges a shared
     * chunk of the first load into the entry chunk only when it can prove the entry is loaded wherever the chunk is
     * needed; these importers are what keeps it apart.
     */
    readonly heldApartBy: ReadonlyArray<string>
  }>
}

const gzip = (code: string): number => gzipSync(code, { level: 9 }).length

/** The entry chunk's static closure among `chunks` (rolldown's and Vite's outputs have the same shape). */
const summarise = (chunks: ReadonlyArray<OutputChunk>): SplitFirstLoad => {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk] as const))
  const entry = chunks.find((chunk) => chunk.isEntry)
  if (entry === undefined) throw new Error("bench: the build has no entry chunk")
  const graph = firstLoadGraph(
    entry.fileName,
    (file) => (byName.get(file)?.imports ?? []).filter((imported) => byName.has(imported)),
    (file) => gzip(byName.get(file)?.code ?? "")
  )
  return {
    files: graph.files,
    levels: graph.levels,
    bytes: graph.bytes,
    chunks: [...graph.levelOf].map(([file, level]) => ({
      file,
      level,
      bytes: gzip(byName.get(file)?.code ?? ""),
      modules: byName.get(file)?.moduleIds ?? [],
      heldApartBy:
        file === entry.fileName
          ? []
          : chunks
              .filter((chunk) => chunk.imports.includes(file) && !chunk.imports.includes(entry.fileName))
              .filter((chunk) => chunk !== entry)
              .map((chunk) => chunk.facadeModuleId ?? chunk.moduleIds[0] ?? chunk.fileName)
    }))
  }
}

/** Builds `entry` with rolldown; returns the first load's files (the entry and its static imports), levels, gzip. */
export const rolldownFirstLoad = async (entry: string): Promise<SplitFirstLoad> => {
  const out = await build({
    input: entry,
    platform: "browser",
    logLevel: "silent",
    resolve: { conditionNames: ["airlock-source", "import", "browser", "default"] },
    transform: { define: { "process.env.NODE_ENV": '"production"' } },
    external: reactPackages,
    // The stylesheet is measured apart (size.ts); rolldown does not bundle CSS.
    plugins: [
      {
        name: "no-css",
        resolveId: (id: string) => (id.endsWith(".css") ? { id: "\0css" } : null),
        load: (id: string) => (id === "\0css" ? "export {}" : null)
      }
    ],
    output: { format: "esm", minify: true },
    write: false
  })
  return summarise(out.output.filter((o): o is OutputChunk => o.type === "chunk"))
}

/**
 * Builds an HTML page whose one module script is `entry` with `vite build` (Vite 8's defaults, React external as in
 * the other figures), into memory; `outdir` holds only the generated HTML Vite starts from. Returns the first load's
 * JS (files, levels, gzip) and how many modulepreload links Vite wrote into the HTML.
 */
export const viteFirstLoad = async (
  entry: string,
  outdir: string
): Promise<SplitFirstLoad & { readonly modulePreloads: number }> => {
  mkdirSync(outdir, { recursive: true })
  writeFileSync(
    join(outdir, "index.html"),
    `<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div>` +
      `<script type="module" src="${relative(outdir, entry)}"></script></body></html>`
  )
  const result = await viteBuild({
    root: outdir,
    configFile: false,
    logLevel: "silent",
    resolve: { conditions: ["airlock-source", ...defaultClientConditions] },
    build: {
      write: false,
      target: "es2022",
      reportCompressedSize: false,
      rolldownOptions: { external: reactPackages }
    }
  })
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ("output" in r ? r.output : []))
  const html = outputs.find((o) => o.fileName.endsWith(".html"))
  const source = html?.type === "asset" ? String(html.source) : ""
  return {
    ...summarise(outputs.filter((o): o is OutputChunk => o.type === "chunk")),
    modulePreloads: source.match(/rel="modulepreload"/g)?.length ?? 0
  }
}
