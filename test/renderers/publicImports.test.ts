/**
 * A renderer reaches core and the adapters only through the package's public entries (`airlock-kit`, `airlock-kit/embedded`,
 * …), as a third-party renderer must: so whatever the React renderer does, another renderer can do with the same
 * names. The one exception carries no names: bare imports of the bundler hints (the layers' kernels and core's lazy
 * part, see docs/architecture.md), which decide where code goes and are nothing a renderer calls.
 */
import { readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { describe, expect, it } from "vitest"
import { bareImports, packageImports, root, sourceFiles, specifiersOf } from "../fixtures/imports.ts"

const renderers = sourceFiles("renderers")

/** The bundler hints a renderer may import bare. */
const hints = ["core/client/kernel.ts", "core/client/lazy.ts", "adapters/kernel.ts"]

const exportsOf = (): Record<string, unknown> =>
  (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { exports: Record<string, unknown> }).exports

describe("renderers import core only through the package's public entries", () => {
  it("no renderer file imports a file outside renderers/ by path, but the bundler hints, bare", () => {
    const outside = renderers.flatMap((file) => {
      const source = readFileSync(join(root, file), "utf8")
      const bare = new Set(bareImports(file))
      return specifiersOf(source)
        .filter((specifier) => specifier.startsWith("."))
        .map((specifier) => relative(root, resolve(root, dirname(file), specifier)))
        .filter((target) => !target.startsWith("renderers/"))
        .filter((target) => !(hints.includes(target) && bare.has(target)))
        .map((target) => `${file} -> ${target}`)
    })
    expect(outside).toEqual([])
  })

  it("every airlock-kit/… a renderer imports is an entry of package.json's exports", () => {
    const entries = Object.keys(exportsOf())
    const imported = new Set(renderers.flatMap(packageImports).filter((name) => /^airlock-kit(\/|$)/.test(name)))
    expect(imported.size).toBeGreaterThan(0)
    const unknown = [...imported].filter(
      (name) => !entries.includes(name === "airlock-kit" ? "." : `./${name.slice(12)}`)
    )
    expect(unknown).toEqual([])
  })

  it("the React renderer uses core through `airlock-kit`, as the docs' own renderer does", () => {
    const fromCore = renderers.filter((file) => packageImports(file).includes("airlock-kit"))
    // The views, the modal and the hooks all draw on core: far more than a handful of files.
    expect(fromCore.length).toBeGreaterThan(30)
  })
})
