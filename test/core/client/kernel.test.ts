import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { bareImports, codeBeyondBareImports, root, valueImports } from "../../fixtures/imports.ts"
import {
  benchFirstLoad,
  coreLazyPart,
  importGraph,
  importTargets,
  kernelFor,
  kernelModules,
  kernels,
  leadsToImporterOf,
  specifierFrom
} from "../../fixtures/kernels.ts"

const layers = [
  { prefix: "core/", kernel: kernels.core },
  { prefix: "adapters/", kernel: kernels.adapters },
  { prefix: "renderers/", kernel: kernels.renderers }
]

describe("kernels put the first load in a few files, closing no import circle", () => {
  it("every lazy part imports its layer's kernel, and core's lazy part, which it runs on", () => {
    expect(importTargets).toContain(coreLazyPart)
    // A part that imports no code (a locale: data and types only) shares no module with the first load.
    const runsCode = (target: string) => valueImports(target).length > 0
    const missing = importTargets.filter(runsCode).flatMap((target) => {
      const wanted = target === coreLazyPart ? [kernels.core] : [kernelFor(target), coreLazyPart]
      return wanted.filter((hint) => !bareImports(target).includes(hint)).map((hint) => `${target} -> ${hint}`)
    })
    expect(missing).toEqual([])
  })

  it("a kernel brings no names and runs nothing: bare imports only, and imported bare only", () => {
    for (const kernel of Object.values(kernels)) expect(codeBeyondBareImports(kernel), kernel).toBe("")
    const named = [...importGraph].flatMap(([file, targets]) =>
      targets
        .filter((target) => Object.values(kernels).includes(target))
        .filter((target) => !bareImports(file).includes(target))
        .map((target) => `${file} -> ${target}`)
    )
    expect(named).toEqual([])
  })

  it("no kernel reaches a module that leads to an import() of a module importing it", () => {
    for (const kernel of Object.values(kernels)) {
      const leading = kernelModules(kernel).filter((file) => leadsToImporterOf(kernel, file))
      expect(leading, kernel).toEqual([])
    }
  })

  it("each kernel imports the modules of its layer whose code is on the first load, but those leading to an import()", async () => {
    const { withCode } = await benchFirstLoad()
    for (const { prefix, kernel } of layers) {
      const wanted = [...withCode].filter((file) => file.startsWith(prefix) && !leadsToImporterOf(kernel, file))
      const listed = kernelModules(kernel).filter((file) => file.startsWith(prefix))
      const add = wanted
        .filter((file) => !listed.includes(file))
        .map((file) => `import "${specifierFrom(kernel, file)}"`)
      // A module the page does not run would move its code to a file every lazy part fetches.
      const remove = listed.filter((file) => !wanted.includes(file)).map((f) => `import "${specifierFrom(kernel, f)}"`)
      expect({ kernel, add, remove }).toEqual({ kernel, add: [], remove: [] })
    }
  }, 60_000)

  it("the bench page's first load under esbuild is at most 8 files in 2 levels (one import round)", async () => {
    const { files, levels } = await benchFirstLoad()
    expect(files).toBeLessThanOrEqual(8)
    expect(levels).toBeLessThanOrEqual(2)
  }, 60_000)

  it("package.json's sideEffects lists every kernel, as source and as built, so bundlers keep its imports", () => {
    const { sideEffects } = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { sideEffects: string[] }
    for (const kernel of Object.values(kernels)) {
      expect(sideEffects).toContain(`./${kernel}`)
      expect(sideEffects).toContain(`./dist/${kernel.replace(/\.ts$/, ".js")}`)
    }
  })
})
