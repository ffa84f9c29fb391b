import { fileURLToPath } from "node:url"
import * as esbuild from "esbuild"
import { describe, expect, it } from "vitest"

const entry = fileURLToPath(new URL("../../../renderers/react/index.ts", import.meta.url))

/** Bundles airlock/react as an app would (esbuild, code splitting, React left out) and returns the output graph. */
const bundle = async () => {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    write: false,
    metafile: true,
    outdir: "/virtual-out",
    external: ["react", "react-dom", "react/jsx-runtime", "react-dom/client"],
    loader: { ".css": "empty" },
    logLevel: "silent"
  })
  return result.metafile.outputs
}

type Outputs = Awaited<ReturnType<typeof bundle>>

/** The sources fetched when `chunk` loads: its own and those of every chunk it imports statically. */
const sourcesOf = (outputs: Outputs, chunk: string): string[] => {
  const files = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    for (const edge of outputs[file]?.imports ?? []) if (edge.kind === "import-statement") visit(edge.path)
  }
  visit(chunk)
  return [...files].flatMap((file) => Object.keys(outputs[file]?.inputs ?? {}))
}

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
    const shell = sourcesOf(outputs, chunkWith(outputs, "renderers/react/modal/Modal.tsx"))
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
        sourcesOf(outputs, chunk).filter((source) => /effect\/dist\/Schema\.js/.test(source)),
        chunk
      ).toEqual([])
    }
  })
})
