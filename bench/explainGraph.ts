/**
 * `npm run bench -- --graph`: why each file of the first load exists. esbuild gives every module the set of entry
 * points that reach it through static imports (the page, and every `import()` target, each an entry point of its
 * own) and puts the modules with the same set in one chunk; so the first load has one file per distinct set among the
 * modules the page reaches. Printed per file: its level, gzip size, modules and the set that made it (followed here
 * through file imports; esbuild also follows its parts' dependencies, so a file may show two close sets). rolldown
 * (and Vite) are printed with their modules only: they split by the same principle after tree-shaking, then merge a
 * common chunk into the entry only when every chunk importing it already imports the entry.
 */
import { relative } from "node:path"
import type { Metafile } from "esbuild"
import type { SplitFirstLoad } from "./firstLoadRolldown.ts"

const short = (path: string): string =>
  path
    .replace(/^\0/, "")
    .replace(/^.*node_modules\//, "")
    .replace(/^(core|renderers\/react|adapters)\//, "")
    .replace(/\.(tsx?|js)$/, "")

const list = (names: ReadonlyArray<string>, max: number): string =>
  names.length <= max ? names.join(", ") : `${names.slice(0, max).join(", ")}, … (${names.length} in all)`

/** The entry points (page + every `import()` target) reaching each input module through static imports. */
export const entrySets = (metafile: Metafile, pageInput: string): ReadonlyMap<string, ReadonlySet<string>> => {
  const { inputs } = metafile
  const entries = new Set([pageInput])
  for (const input of Object.values(inputs)) {
    for (const edge of input.imports) if (edge.kind === "dynamic-import" && !edge.external) entries.add(edge.path)
  }
  const reachedBy = new Map<string, Set<string>>()
  for (const entry of entries) {
    const seen = new Set<string>()
    const stack = [entry]
    for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
      if (seen.has(file) || inputs[file] === undefined) continue
      seen.add(file)
      reachedBy.set(file, new Set([...(reachedBy.get(file) ?? []), entry]))
      for (const edge of inputs[file]!.imports) {
        if ((edge.kind === "import-statement" || edge.kind === "require-call") && !edge.external) stack.push(edge.path)
      }
    }
  }
  return reachedBy
}

/** Prints esbuild's first load: per file, its level, size, modules, and the entry points that reach them. */
export const printEsbuildGraph = (
  metafile: Metafile,
  entryOutput: string,
  levelOf: ReadonlyMap<string, number>,
  gzipBytes: (file: string) => number
): void => {
  const pageInput = metafile.outputs[entryOutput]?.entryPoint ?? ""
  const reachedBy = entrySets(metafile, pageInput)
  const lazyEntries = new Set([...reachedBy.values()].flatMap((set) => [...set])).size - 1
  console.log(
    `\nesbuild's first load, file by file (level, KB gzip, modules, and the entry points reaching them; the page + ` +
      `${lazyEntries} import() targets):`
  )
  for (const [file, level] of [...levelOf].sort((a, b) => a[1] - b[1])) {
    const modules = Object.entries(metafile.outputs[file]?.inputs ?? {}).filter(
      ([, { bytesInOutput }]) => bytesInOutput
    )
    const name = modules.length === 0 ? "esbuild's runtime helpers (__export, __commonJS, …)" : ""
    console.log(
      `  L${level} ${file.split("/").pop()}  ${(gzipBytes(file) / 1000).toFixed(1)} KB  ` +
        `${
          name ||
          list(
            modules.map(([input]) => short(input)),
            6
          )
        }`
    )
    const sets = new Map<string, number>()
    for (const [input] of modules) {
      const set = [...(reachedBy.get(input) ?? [])].filter((entry) => entry !== pageInput).map(short)
      const key = set.sort().join(", ")
      sets.set(key, (sets.get(key) ?? 0) + 1)
    }
    for (const [set, count] of sets) {
      const names = set === "" ? [] : set.split(", ")
      const by = names.length === 0 ? "the page alone" : `the page + ${names.length}: ${list(names, 8)}`
      console.log(`      ${count > 1 ? `${count} modules` : "module"} reached by ${by}`)
    }
  }
}

/**
 * Prints a rolldown / Vite first load: per file, its level, size and modules, and the chunks (named by their first
 * module) that import it without importing the entry chunk: what keeps rolldown from merging it into the entry.
 */
export const printSplitGraph = (name: string, split: SplitFirstLoad, root: string): void => {
  console.log(`\n${name}'s first load, file by file (level, KB gzip, modules):`)
  for (const chunk of [...split.chunks].sort((a, b) => a.level - b.level)) {
    const modules = chunk.modules.map((id) => short(id.startsWith(root) ? relative(root, id) : id))
    console.log(`  L${chunk.level} ${chunk.file}  ${(chunk.bytes / 1000).toFixed(1)} KB  ${list(modules, 6)}`)
    const apart = chunk.heldApartBy.map((id) => short(id.startsWith(root) ? relative(root, id) : id))
    if (apart.length > 0) console.log(`      imported by chunks that do not import the entry: ${list(apart, 6)}`)
  }
}
