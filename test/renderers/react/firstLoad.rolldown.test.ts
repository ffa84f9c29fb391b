import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { rolldownFirstLoad } from "../../../bench/firstLoadRolldown.ts"

const page = fileURLToPath(new URL("../../../bench/fixtures/page.tsx", import.meta.url))

/**
 * rolldown (Vite's bundler) folds a module shared by the page and lazy parts into the page's file only when that
 * creates no import circle between files. The renderer's hooks that every view shares (translation, selector,
 * context) stay a file of their own; if they import anything core's lazy part uses too, core's first-load code
 * (Effect's runtime, the store, the router) cannot join the page either, and sits in a third file with a long
 * list of names between the two (+1 KB before the button shows).
 */
describe("the bench page's first load as Vite builds it", () => {
  it("is 2 files: the page with core's first-load code, and the renderer's shared hooks", async () => {
    const firstLoad = await rolldownFirstLoad(page)
    const [entry, ...others] = firstLoad.chunks
    const shown = firstLoad.chunks.map((chunk) => `${chunk.file}: ${chunk.modules.length} modules`)
    expect(shown).toHaveLength(2)
    expect(entry?.level).toBe(1)
    // The page's file holds core's first-load code (the state store, Effect's runtime core).
    expect(entry?.modules.some((id) => id.endsWith("core/state/StateStore.ts"))).toBe(true)
    for (const chunk of others) {
      expect(chunk.modules.some((id) => id.endsWith("renderers/react/hooks/useAirlockSelector.ts"))).toBe(true)
    }
  }, 60_000)
})
