import { describe, expect, it } from "vitest"
import { circles, relativeImports, sourceFiles, specifiersOf } from "../fixtures/imports.ts"

/**
 * The map of the house: core's folders from the bottom up. A folder may import its own files and any folder on a
 * lower row; never one on its own row or above. Entries (`index.ts`, `effect.ts`) sit on top.
 */
const layers: ReadonlyArray<ReadonlyArray<string>> = [
  ["errors", "schema"],
  // The catalogue's ids sit below everything that names a text: the router's snacks, the rules' messages.
  ["i18n"],
  ["networks"],
  ["rules", "router"],
  ["state"],
  ["resources", "anatomy"],
  ["services"],
  ["adapter"],
  ["options"],
  ["flows"],
  ["client"],
  // `airlock-kit/siwx`: the sign-in configurations and actions, over the client's SIWX part; `airlock-kit/onramp`: the
  // onramp's actions and selector, over the client's onramp part; `airlock-kit/smart-sessions` likewise.
  ["siwx", "onramp", "smartSessions"],
  ["testing"],
  ["index.ts", "effect.ts"]
]

const levelOf = (file: string): number => {
  const folder = file.split("/")[1] as string
  const level = layers.findIndex((row) => row.includes(folder))
  if (level === -1) throw new Error(`${file}: core/${folder} has no place in the layering test's map`)
  return level
}

const coreFiles = sourceFiles("core")
const graph = new Map(coreFiles.map((file) => [file, relativeImports(file)]))

describe("core's layering", () => {
  it("every core folder has a place on the map", () => {
    for (const file of coreFiles) expect(() => levelOf(file), file).not.toThrow()
  })

  it("no core module imports a folder on its own row or above (type-only and dynamic imports included)", () => {
    const upward = coreFiles.flatMap((file) =>
      (graph.get(file) ?? [])
        .filter((target) => target.startsWith("core/"))
        .filter((target) => target.split("/")[1] !== file.split("/")[1] && levelOf(target) >= levelOf(file))
        .map((target) => `${file} -> ${target}`)
    )
    expect(upward).toEqual([])
  })

  it("core reaches nothing outside core (no renderer, adapter or sandbox code)", () => {
    const outside = coreFiles.flatMap((file) =>
      (graph.get(file) ?? []).filter((target) => !target.startsWith("core/")).map((target) => `${file} -> ${target}`)
    )
    expect(outside).toEqual([])
  })

  it("has no import circle, however small", () => {
    expect(circles(graph)).toEqual([])
  })

  it("the map reads type-only, re-exported and dynamic imports, and skips imports in comments", () => {
    const source = [
      'import type { A } from "./a.ts"',
      'export { b } from "./b.ts"',
      'const c = () => import("./c.ts")',
      '/** @example import { d } from "./d.ts" */',
      '// import { e } from "./e.ts"',
      'const url = "https://example.com" // import("./f.ts")'
    ].join("\n")
    expect(specifiersOf(source)).toEqual(["./a.ts", "./b.ts", "./c.ts"])
  })
})

describe("no import circle elsewhere", () => {
  for (const dir of ["adapters", "renderers", "sandbox"]) {
    it(`in ${dir}/`, () => {
      const files = sourceFiles(dir)
      expect(circles(new Map(files.map((file) => [file, relativeImports(file)])))).toEqual([])
    })
  }

  it("across core, adapters and renderers together (the kernels' imports and the lazy parts' included)", () => {
    const files = [...sourceFiles("core"), ...sourceFiles("adapters"), ...sourceFiles("renderers")]
    expect(circles(new Map(files.map((file) => [file, relativeImports(file)])))).toEqual([])
  })
})
