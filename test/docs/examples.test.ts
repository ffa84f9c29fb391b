/**
 * Examples are code: every ```ts / ```tsx block of README.md and docs/**.md is written out as a module and
 * type-checked against the package's own exports ("airlock-kit", "airlock-kit/react", …), in one `tsc` run. A block marked
 * ```ts no-check is a fragment on purpose and is skipped. A fragment that continues an earlier example may use
 * `airlock-kit` (the client) and `network` (a CaipNetwork) without declaring them. The modules are written under
 * node_modules/.cache/airlock-docs, so the repo's typecheck and lint never see them.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { allExamples, extractExamples, rendererExample, root, typecheckModules } from "./examples.ts"

describe("the examples in README.md and docs/", () => {
  it("finds the examples (README's Use section at least)", () => {
    const readme = extractExamples("README.md", readFileSync(join(root, "README.md"), "utf8"))
    expect(readme.length).toBeGreaterThan(0)
    expect(readme[0]?.code).toContain("createAirlock")
  })

  it("docs/headless.md has one renderer block (run in Chromium), exporting mountAirlock, not run in Node", () => {
    const renderer = rendererExample()
    expect(renderer.code).toMatch(/^export const mountAirlock = \(root: HTMLElement, airlock: AirlockClient\)/m)
    expect(allExamples()).toContainEqual(renderer) // type-checked with the others
  })

  it("type-check as written against the package's exports", { timeout: 120_000 }, async () => {
    const examples = allExamples()
    const result = await typecheckModules(
      "airlock-docs",
      // `export {}` keeps every block a module of its own, so two blocks may declare the same names.
      examples.map((example, index) => [
        `${index.toString().padStart(3, "0")}-${example.file.replace(/[^A-Za-z0-9]+/g, "-")}-L${example.line}.tsx`,
        `${example.code}\nexport {}\n`
      ])
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
