/** The code examples of README.md and docs/**.md, as the docs tests read them. */
import { execFile } from "node:child_process"
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"

/** The repository root. */
export const root = fileURLToPath(new URL("../../", import.meta.url))

/** README.md and every markdown file under docs/, relative to the root. */
export const markdownFiles = (): string[] => {
  const docs = (dir: string): string[] =>
    readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? docs(join(dir, entry.name)) : entry.name.endsWith(".md") ? [join(dir, entry.name)] : []
    )
  return ["README.md", ...docs("docs")]
}

/** A fenced ts/tsx block: where it is, and its code. */
export interface Example {
  readonly file: string
  readonly line: number
  readonly code: string
  /** What follows the language on the fence line (`no-check`, `no-run`, `renderer`). */
  readonly info: string
}

/**
 * The fenced ts/tsx blocks of a markdown file, with the line each starts on. ```ts no-check blocks are fragments on
 * purpose and are skipped; ```ts no-run blocks are type-checked but not run (they need a host of the reader's, or
 * only declare types); ```ts renderer blocks (a DOM renderer) are type-checked here and run in Chromium, not in Node.
 */
export const extractExamples = (file: string, text: string): Example[] => {
  const examples: Example[] = []
  const fence = /^```(ts|tsx|typescript)([^\n]*)\n([\s\S]*?)^```/gm
  for (const match of text.matchAll(fence)) {
    if ((match[2] ?? "").includes("no-check")) continue
    const line = text.slice(0, match.index).split("\n").length
    examples.push({ file, line, code: match[3] ?? "", info: (match[2] ?? "").trim() })
  }
  return examples
}

/** Every example of README.md and docs/. */
export const allExamples = (): Example[] =>
  markdownFiles().flatMap((file) => extractExamples(file, readFileSync(join(root, file), "utf8")))

/**
 * Type-checks `modules` (file name to source) in one `tsc` run under `node_modules/.cache/<dir>` with the repo's
 * tsconfig, where a fragment may use `airlock-kit` (a client) and `network` (a CaipNetwork) undeclared. Resolves with
 * tsc's output ("" when clean), paths relative to the repo.
 */
export const typecheckModules = async (dir: string, modules: ReadonlyArray<readonly [string, string]>) => {
  const out = join(root, "node_modules/.cache", dir)
  rmSync(out, { recursive: true, force: true })
  mkdirSync(out, { recursive: true })
  for (const [name, source] of modules) writeFileSync(join(out, name), source)
  writeFileSync(
    join(out, "prelude.d.ts"),
    'declare const airlock: import("airlock-kit").AirlockClient\ndeclare const network: import("airlock-kit").CaipNetwork\n'
  )
  writeFileSync(
    join(out, "tsconfig.json"),
    JSON.stringify({
      extends: "../../../tsconfig.json",
      // docs/wagmi.md's React block imports `wagmi` as an app does: the wagmi 3 installed as `wagmi3` here.
      compilerOptions: {
        noEmit: true,
        noUnusedLocals: false,
        paths: { wagmi: ["../../wagmi3/dist/types/exports/index.d.ts"] }
      },
      include: [...modules.map(([name]) => name), "prelude.d.ts", "../../../renderers/react/theme/css.d.ts"]
    })
  )
  const tsc = join(root, "node_modules/.bin/tsc")
  return promisify(execFile)(tsc, ["-p", join(out, "tsconfig.json")], { cwd: root }).then(
    () => "",
    (error: { stdout?: string }) => error.stdout ?? String(error)
  )
}

/** The ```ts renderer block of docs/headless.md ("Build your own renderer"): the DOM renderer the browser tests run. */
export const rendererExample = (text = readFileSync(join(root, "docs/headless.md"), "utf8")): Example => {
  const blocks = extractExamples("docs/headless.md", text).filter((example) =>
    example.info.split(/\s+/).includes("renderer")
  )
  if (blocks.length !== 1) throw new Error(`docs/headless.md has ${blocks.length} \`\`\`ts renderer blocks, not 1`)
  return blocks[0] as Example
}

/**
 * The ```ts browser connect-ui block of docs/headless.md ("A custom connect UI"): the wallet list and buttons in plain
 * DOM that test/docs/connectUi.browser.test.ts runs in Chromium.
 */
export const connectUiExample = (text = readFileSync(join(root, "docs/headless.md"), "utf8")): Example => {
  const blocks = extractExamples("docs/headless.md", text).filter((example) =>
    example.info.split(/\s+/).includes("connect-ui")
  )
  if (blocks.length !== 1) throw new Error(`docs/headless.md has ${blocks.length} \`\`\`ts connect-ui blocks, not 1`)
  return blocks[0] as Example
}
