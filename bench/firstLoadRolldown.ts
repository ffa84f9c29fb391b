/**
 * The bench page's first load as Vite 8 builds an app (rolldown, minified ESM), beside esbuild's figure in `size.ts`.
 * esbuild splits by file: a module the entry reaches through a public barrel (`airlock`, `airlock/react`) and a lazy
 * view also uses is placed in a chunk the entry loads, even when the entry uses none of it. rolldown tree-shakes
 * before it splits, so what it loads first is what the page runs. Both are printed; each has a budget.
 */
import { gzipSync } from "node:zlib"
import { build } from "rolldown"

/** KB gzip (1 KB = 1000 bytes); 40.7 when it was first measured (before the account features). */
export const ROLLDOWN_FIRST_LOAD_BUDGET_KB = 42

const reactPackages = ["react", "react-dom", "react-dom/client", "react/jsx-runtime", "scheduler"]

/** Builds `entry` with rolldown; returns the first load's files (the entry and its static imports) and gzip bytes. */
export const rolldownFirstLoad = async (entry: string): Promise<{ files: number; bytes: number }> => {
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
  const chunks = new Map(out.output.flatMap((o) => (o.type === "chunk" ? [[o.fileName, o] as const] : [])))
  const first = new Set<string>()
  const visit = (name: string) => {
    if (first.has(name)) return
    first.add(name)
    for (const imported of chunks.get(name)?.imports ?? []) if (chunks.has(imported)) visit(imported)
  }
  for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName)
  let bytes = 0
  for (const name of first) bytes += gzipSync(chunks.get(name)?.code ?? "", { level: 9 }).length
  return { files: first.size, bytes }
}
