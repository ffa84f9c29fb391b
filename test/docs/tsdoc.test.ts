/**
 * Doc comments' examples are code too: every ```ts / ```tsx block inside a `/** … *\/` comment of core/, renderers/,
 * adapters/ and server/ is type-checked, in one `tsc` run. An example reads as the reader sees it, beside its declaration, so
 * three things are implied and added before checking:
 * - the documented file's own exports it uses (as `import { … } from "<that file>"`), and relative imports resolve
 *   from that file;
 * - `import * as X from "effect/X"` for an effect module it uses by name without importing it;
 * - a body of `yield*` statements is the inside of an `Effect.gen`.
 * Like the markdown examples, `airlock-kit` (a client) and `network` (a CaipNetwork) may be used undeclared. A block whose
 * fence says `no-check` is skipped.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { root, typecheckModules } from "./examples.ts"

const effectModules = ["Effect", "Layer", "Schema", "Stream", "Duration", "Option", "Ref", "Context", "Data", "Exit"]

const sourceFiles = (dir: string): string[] =>
  (existsSync(join(root, dir)) ? readdirSync(join(root, dir), { withFileTypes: true }) : []).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts")
        ? [join(dir, entry.name)]
        : []
  )

interface DocExample {
  readonly file: string
  readonly line: number
  readonly code: string
}

/** The fenced blocks of every doc comment of `file`, with the line each block's code starts on. */
const docExamples = (file: string, text: string): DocExample[] => {
  const examples: DocExample[] = []
  for (const comment of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const lines = comment[0].split("\n").map((line) => line.replace(/^\s*\*? ?/, ""))
    const commentLine = text.slice(0, comment.index).split("\n").length
    let start = -1
    for (const [index, line] of lines.entries()) {
      const fence = /^```(\w*)(.*)$/.exec(line.trim())
      if (fence === null) continue
      if (start === -1)
        start = /^(ts|tsx|typescript)$/.test(fence[1] ?? "") && !fence[2]?.includes("no-check") ? index : -2
      else {
        if (start >= 0)
          examples.push({ file, line: commentLine + start + 1, code: lines.slice(start + 1, index).join("\n") })
        start = -1
      }
    }
  }
  return examples
}

/** A file's exported names, split into values and types (for `import` / `import type`). */
const exportsOf = (text: string) => {
  const values = new Set<string>()
  const types = new Set<string>()
  for (const [, kind, name] of text.matchAll(
    /^export (?:declare )?(?:abstract )?(const|let|function\*?|class|interface|type|enum) (\w+)/gm
  )) {
    ;(kind === "interface" || kind === "type" ? types : values).add(name as string)
  }
  for (const [, list] of text.matchAll(/^export (?:type )?\{([^}]*)\}/gm)) {
    for (const part of (list as string).split(",")) {
      const name = part
        .trim()
        .split(/\s+as\s+/)
        .at(-1)
        ?.replace(/^type\s+/, "")
      if (name) (part.trim().startsWith("type ") ? types : values).add(name)
    }
  }
  return { values, types }
}

/** The module `tsc` checks for one example. */
const prepare = (example: DocExample, text: string): string => {
  const from = dirname(join(root, example.file))
  const code = example.code.replace(
    /((?:from\s+|import\()")(\.{1,2}\/[^"]+)"/g,
    (_all, head, path) => `${head}${resolve(from, path)}"`
  )
  const imported = new Set(
    [...code.matchAll(/^import\s+(?:type\s+)?([^"]*?)\s+from/gm)].flatMap(([, names]) => names?.match(/\w+/g) ?? [])
  )
  const declared = new Set(
    [...code.matchAll(/\b(?:const|let|var|function\*?|class|interface|type)\s+(\w+)/g)].map(([, name]) => name)
  )
  const used = new Set(code.match(/\b[A-Za-z_]\w*\b/g) ?? [])
  const free = (name: string) => used.has(name) && !imported.has(name) && !declared.has(name)
  const own = exportsOf(text)
  const self = join(root, example.file)
  const prelude: string[] = []
  const values = [...own.values].filter(free)
  const types = [...own.types].filter((name) => free(name) && !own.values.has(name))
  if (values.length > 0) prelude.push(`import { ${values.join(", ")} } from ${JSON.stringify(self)}`)
  if (types.length > 0) prelude.push(`import type { ${types.join(", ")} } from ${JSON.stringify(self)}`)
  const lines = code.split("\n")
  const imports = lines.filter((line) => line.startsWith("import "))
  let body = lines.filter((line) => !line.startsWith("import "))
  const generator = /^\s*(?:(?:const|let)\s[^=]+=\s*)?yield\*/m.test(code) && !code.includes("function*")
  for (const name of effectModules) {
    const needed = new RegExp(`\\b${name}\\.`).test(code) || (generator && name === "Effect")
    if (needed && !imported.has(name) && !declared.has(name) && !values.includes(name)) {
      prelude.push(`import * as ${name} from "effect/${name}"`)
    }
  }
  if (generator) body = ["export const program = Effect.gen(function* () {", ...body, "})"]
  return [...prelude, ...imports, ...body, "export {}", ""].join("\n")
}

const documentedFiles = () =>
  ["core", "renderers", "adapters", "server"]
    .flatMap(sourceFiles)
    .map((file) => ({ file, text: readFileSync(join(root, file), "utf8") }))

describe("the examples in doc comments", () => {
  it("sit inside their comments (every line of a doc comment starts with `*`)", () => {
    const stray = documentedFiles().flatMap(({ file, text }) =>
      [...text.matchAll(/\/\*\*[\s\S]*?\*\//g)].flatMap((comment) =>
        comment[0]
          .split("\n")
          .slice(1)
          .filter((line) => !/^\s*\*/.test(line))
          .map((line) => `${file}: ${line}`)
      )
    )
    expect(stray).toEqual([])
  })

  it("show a use, not a constant's value restated (`NAME // 500`)", () => {
    const restated = documentedFiles().flatMap(({ file, text }) =>
      docExamples(file, text)
        .filter((example) => {
          const lines = example.code.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("import "))
          return lines.length === 1 && /^[A-Z][A-Z0-9_]*\s*(\/\/.*)?$/.test(lines[0]?.trim() ?? "")
        })
        .map((example) => `${file}:${example.line}`)
    )
    expect(restated).toEqual([])
  })

  it("type-check, read beside their declaration", { timeout: 120_000 }, async () => {
    const examples = documentedFiles().flatMap(({ file, text }) =>
      docExamples(file, text).map((example) => ({ example, module: prepare(example, text) }))
    )
    expect(examples.length).toBeGreaterThan(300)
    const result = await typecheckModules(
      "airlock-tsdoc",
      examples.map(({ module }, index) => [`${index.toString().padStart(3, "0")}.tsx`, module])
    )
    // Point each error at the source file; the line is the example's first line (the prelude shifts lines inside).
    const located = result.replace(/^node_modules\/\.cache\/airlock-tsdoc\/(\d{3})\.tsx\(\d+,\d+\)/gm, (all, index) => {
      const found = examples[Number(index)]
      return found === undefined ? all : `${relative(root, join(root, found.example.file))}:${found.example.line}`
    })
    expect(located, `${examples.length} examples`).toBe("")
  })
})
