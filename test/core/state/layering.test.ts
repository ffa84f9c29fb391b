import { readdirSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const dir = fileURLToPath(new URL("../../../core/state/", import.meta.url))

describe("core/state sits below core/client", () => {
  it("no state module imports from core/client (routerContext takes its own RouterOptions)", () => {
    const upward = readdirSync(dir)
      .filter((file) => file.endsWith(".ts"))
      .filter((file) => /from "\.\.\/client\//.test(readFileSync(`${dir}${file}`, "utf8")))
    expect(upward).toEqual([])
  })
})
