import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { bundleGraph, type Outputs, staticSources } from "../../fixtures/bundle.ts"

const entry = fileURLToPath(new URL("../../../core/client/createAirlock.ts", import.meta.url))

/** The client bundled as an app would (esbuild, code splitting). */
const bundle = () => bundleGraph({ entryPoints: [entry] })

/** The source files a dynamic `import()` of `module` fetches: its chunk and everything it imports statically. */
const sourcesFetchedFor = (outputs: Outputs, module: string): Set<string> => {
  const chunk = Object.keys(outputs).find((file) => outputs[file]?.entryPoint?.endsWith(module))
  expect(chunk, `a chunk of its own for ${module}`).toBeDefined()
  return new Set(staticSources(outputs, chunk as string))
}

describe("flows load on demand, one chunk each", () => {
  it("opening, switching network, connecting and disconnecting never fetch the remote-config or wallet-list code", async () => {
    const outputs = await bundle()
    for (const flow of ["core/flows/modal/index.ts", "core/flows/network/index.ts", "core/flows/connection/index.ts"]) {
      const sources = [...sourcesFetchedFor(outputs, flow)]
      expect(
        sources.filter((source) => /flows\/remote\//.test(source)),
        flow
      ).toEqual([])
    }
  })

  it("the first load holds only the synchronous modal actions and discovery, no Effect flow and no schema code", async () => {
    const outputs = await bundle()
    const main = Object.keys(outputs).find((file) => outputs[file]?.entryPoint?.endsWith("createAirlock.ts"))
    const sources = staticSources(outputs, main as string)
    // What must happen in the click's own tick (the view applied before any chunk loads) and from the page's start
    // (wallets announce themselves with the page). The Send form's edits apply in the keystroke's tick: a controlled
    // input reads its value back at once.
    const synchronous = [
      "core/flows/connection/discovery.ts",
      "core/flows/modal/back.ts",
      "core/flows/modal/close.ts",
      "core/flows/modal/feedback.ts",
      "core/flows/modal/open.ts",
      "core/flows/modal/push.ts",
      "core/flows/send/form.ts"
    ]
    const flows = [...sources].filter((source) => /core\/flows\//.test(source))
    expect(flows.filter((source) => !synchronous.some((file) => source.endsWith(file)))).toEqual([])
    expect([...sources].filter((source) => /effect\/dist\/Schema\.js/.test(source))).toEqual([])
  })
})
