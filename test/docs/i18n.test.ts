import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { areas, en } from "../../core/i18n/en/index.ts"
import { areaFiles, withIdTables } from "../../scripts/i18n-ids.ts"
import { root } from "./examples.ts"

const doc = readFileSync(join(root, "docs/i18n.md"), "utf8")

describe("docs/i18n.md", () => {
  it("lists every id of the catalogue with its English text, as `npm run docs:i18n` writes them", () => {
    expect(doc, "run `npm run docs:i18n`").toBe(withIdTables(doc))
    const listed = [...doc.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1])
    expect(listed.sort()).toEqual(Object.keys(en).sort())
  })

  it("names each area's file, and each file exists", () => {
    for (const area of Object.keys(areas) as Array<keyof typeof areas>) {
      const file = `core/i18n/en/${areaFiles[area]}`
      expect(existsSync(join(root, file)), file).toBe(true)
      expect(doc).toContain(`\`${file}\``)
    }
  })

  it("is linked from README.md's docs", () => {
    expect(readFileSync(join(root, "README.md"), "utf8")).toContain("(docs/i18n.md)")
  })
})
