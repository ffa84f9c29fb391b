/**
 * Examples are code: every ```ts / ```tsx block of README.md and docs/**.md is written out as a module and
 * type-checked against the package's own exports ("airlock", "airlock/react", …), in one `tsc` run. A block marked
 * ```ts no-check is a fragment on purpose and is skipped. A fragment that continues an earlier example may use
 * `airlock` (the client) and `network` (a CaipNetwork) without declaring them.
 */
import { execFile } from "node:child_process"
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { promisify } from "node:util"
import { describe, expect, it } from "vitest"
import { allExamples, extractExamples, root } from "./examples.ts"

// Under node_modules so the repo's typecheck and lint never see the generated files; "airlock" still resolves to
// the package itself from there (a self-reference).
const out = join(root, "node_modules/.cache/airlock-docs")

describe("the examples in README.md and docs/", () => {
  it("finds the examples (README's Use section at least)", () => {
    const readme = extractExamples("README.md", readFileSync(join(root, "README.md"), "utf8"))
    expect(readme.length).toBeGreaterThan(0)
    expect(readme[0]?.code).toContain("createAirlock")
  })

  it("type-check as written against the package's exports", { timeout: 120_000 }, async () => {
    rmSync(out, { recursive: true, force: true })
    mkdirSync(out, { recursive: true })
    const examples = allExamples()
    const names = examples.map((example, index) => {
      const name = `${index.toString().padStart(3, "0")}-${example.file.replace(/[^A-Za-z0-9]+/g, "-")}-L${example.line}.tsx`
      // `export {}` keeps every block a module of its own, so two blocks may declare the same names.
      writeFileSync(join(out, name), `${example.code}\nexport {}\n`)
      return name
    })
    // What a fragment that continues an earlier example may use without declaring it: the client made there.
    writeFileSync(
      join(out, "prelude.d.ts"),
      'declare const airlock: import("airlock").AirlockClient\ndeclare const network: import("airlock").CaipNetwork\n'
    )
    writeFileSync(
      join(out, "tsconfig.json"),
      JSON.stringify({
        extends: "../../../tsconfig.json",
        compilerOptions: { noEmit: true, noUnusedLocals: false },
        include: [...names, "prelude.d.ts", "../../../renderers/react/theme/css.d.ts"]
      })
    )
    const tsc = join(root, "node_modules/.bin/tsc")
    const result = await promisify(execFile)(tsc, ["-p", join(out, "tsconfig.json")], { cwd: root }).then(
      () => "",
      (error: { stdout?: string }) => error.stdout ?? String(error)
    )
    // Point each error back at its markdown file and line.
    const located = result.replace(
      /^node_modules\/\.cache\/airlock-docs\/(\d{3})-[^(]+\((\d+),(\d+)\)/gm,
      (_all, index, line) => {
        const example = examples[Number(index)]
        return example === undefined ? _all : `${example.file}:${example.line + Number(line)}`
      }
    )
    expect(located, `${examples.length} examples`).toBe("")
  })
})
