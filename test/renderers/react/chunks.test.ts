import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { bundleGraph, type Outputs, staticSources } from "../../fixtures/bundle.ts"

const entry = fileURLToPath(new URL("../../../renderers/react/index.ts", import.meta.url))

/** airlock/react bundled as an app would, React left out. */
const bundle = () =>
  bundleGraph({
    entryPoints: [entry],
    external: ["react", "react-dom", "react/jsx-runtime", "react-dom/client"],
    loader: { ".css": "empty" }
  })

const chunkWith = (outputs: Outputs, source: string): string => {
  const chunk = Object.keys(outputs).find((file) =>
    Object.keys(outputs[file]?.inputs ?? {}).some((s) => s.endsWith(source))
  )
  expect(chunk, source).toBeDefined()
  return chunk as string
}

describe("the React renderer loads on demand", () => {
  it("each view but Connect is a chunk of its own, not fetched with the modal shell", async () => {
    const outputs = await bundle()
    const shell = staticSources(outputs, chunkWith(outputs, "renderers/react/modal/Modal.tsx"))
    expect(shell.some((source) => source.endsWith("views/Connect.tsx"))).toBe(true)
    for (const view of ["views/Account.tsx", "views/AllWallets.tsx", "views/Unavailable.tsx"]) {
      expect(
        shell.some((source) => source.endsWith(view)),
        view
      ).toBe(false)
      expect(chunkWith(outputs, view)).not.toBe(chunkWith(outputs, "renderers/react/modal/Modal.tsx"))
    }
  })

  it("no renderer chunk pulls effect/Schema (the buttons, the modal shell and the views stay light)", async () => {
    const outputs = await bundle()
    const main = Object.keys(outputs).find((file) => outputs[file]?.entryPoint?.endsWith("renderers/react/index.ts"))
    const rendererChunks = [
      main as string,
      chunkWith(outputs, "renderers/react/modal/Modal.tsx"),
      chunkWith(outputs, "views/Account.tsx"),
      chunkWith(outputs, "views/AllWallets.tsx")
    ]
    for (const chunk of rendererChunks) {
      expect(
        staticSources(outputs, chunk).filter((source) => /effect\/dist\/Schema\.js/.test(source)),
        chunk
      ).toEqual([])
    }
  })
})
