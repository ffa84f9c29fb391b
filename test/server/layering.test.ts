/**
 * The production server ships in the package's dist without the sandbox: no file under `server/` may import
 * (statically, as a re-export, or dynamically) from `sandbox/`, `test/` or `renderers/`, and from `core/` it takes
 * only the wire schemas (`core/schema`), the shared rules (`core/rules`) and the English messages (`core/i18n`).
 */
import { readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve, sep } from "node:path"
import { describe, expect, it } from "vitest"

const root = resolve(import.meta.dirname, "..", "..")
const serverDir = join(root, "server")

/** The `core/` folders server code may import. */
const allowedCore = ["schema", "rules", "i18n"]
const forbidden = ["sandbox", "test", "renderers"]

const sourceFiles = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) ? [path] : []
  })

// `from "x"` (imports and re-exports), `import "x"` (side effects) and `import("x")` (dynamic, also in a template
// literal without placeholders).
const specifierPattern =
  /\bfrom\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']|\bimport\s*\(\s*["'`]([^"'`]+)["'`]\s*\)/g

/** Every module specifier in `text`. */
const specifiersOf = (text: string): ReadonlyArray<string> =>
  [...text.matchAll(specifierPattern)].map((match) => match[1] ?? match[2] ?? match[3] ?? "")

/** The repository folder a relative specifier of `file` lands in (`sandbox`, `core/schema`…), or undefined. */
const landing = (file: string, specifier: string): ReadonlyArray<string> | undefined => {
  if (!specifier.startsWith(".")) return undefined
  const target = relative(root, resolve(dirname(file), specifier))
  return target.split(sep)
}

const violations = (): ReadonlyArray<string> =>
  sourceFiles(serverDir).flatMap((file) =>
    specifiersOf(readFileSync(file, "utf8")).flatMap((specifier) => {
      const parts = landing(file, specifier)
      const where = `${relative(root, file)} imports ${specifier}`
      if (parts === undefined) return []
      if (parts[0] === "..") return [`${where} (outside the repository)`]
      if (forbidden.includes(parts[0]!)) return [where]
      if (parts[0] === "core" && !allowedCore.includes(parts[1] ?? "")) return [`${where} (core/${parts[1]})`]
      return []
    })
  )

describe("server layering", () => {
  it("finds every kind of import in a file", () => {
    const text = [
      'import { a } from "../../sandbox/chain/index.ts"',
      'export { b } from "../test/x.ts"',
      'import "../renderers/side.ts"',
      'const c = await import("../sandbox/solana/index.ts")',
      "const d = await import(`../sandbox/ramp/orders.ts`)",
      'import type { E } from "../../core/schema/e.ts"'
    ].join("\n")
    expect(specifiersOf(text)).toEqual([
      "../../sandbox/chain/index.ts",
      "../test/x.ts",
      "../renderers/side.ts",
      "../sandbox/solana/index.ts",
      "../sandbox/ramp/orders.ts",
      "../../core/schema/e.ts"
    ])
  })

  it("reads a real tree of server files", () => {
    expect(sourceFiles(serverDir).length).toBeGreaterThan(50)
  })

  it(`imports nothing from ${forbidden.join(", ")}, and from core only ${allowedCore.join(", ")}`, () => {
    expect(violations()).toEqual([])
  })
})
