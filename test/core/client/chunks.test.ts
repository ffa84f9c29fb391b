import { fileURLToPath } from "node:url"
import * as esbuild from "esbuild"
import { describe, expect, it } from "vitest"

const entry = fileURLToPath(new URL("../../../core/client/createAirlock.ts", import.meta.url))

/** Bundles the client as an app would (esbuild, code splitting) and returns its output graph. */
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
    logLevel: "silent"
  })
  return result.metafile.outputs
}

type Outputs = Awaited<ReturnType<typeof bundle>>

/** The source files a dynamic `import()` of `module` fetches: its chunk and everything it imports statically. */
const sourcesFetchedFor = (outputs: Outputs, module: string): Set<string> => {
  const chunk = Object.keys(outputs).find((file) => outputs[file]?.entryPoint?.endsWith(module))
  expect(chunk, `a chunk of its own for ${module}`).toBeDefined()
  const files = new Set<string>()
  const visit = (file: string) => {
    if (files.has(file)) return
    files.add(file)
    for (const edge of outputs[file]?.imports ?? []) if (edge.kind === "import-statement") visit(edge.path)
  }
  visit(chunk as string)
  return new Set([...files].flatMap((file) => Object.keys(outputs[file]?.inputs ?? {})))
}

describe("flows load on demand, one chunk each", () => {
  it("opening, switching network and disconnecting never fetch the remote-config or wallet-list code", async () => {
    const outputs = await bundle()
    for (const flow of ["core/flows/modal.ts", "core/flows/network.ts", "core/flows/disconnect.ts"]) {
      const sources = [...sourcesFetchedFor(outputs, flow)]
      expect(
        sources.filter((source) => /flows\/remote|config\/remoteConfig/.test(source)),
        flow
      ).toEqual([])
    }
  })

  it("the first load holds no flow and no schema code", async () => {
    const outputs = await bundle()
    const main = Object.keys(outputs).find((file) => outputs[file]?.entryPoint?.endsWith("createAirlock.ts"))
    const sources = new Set<string>()
    const visit = (file: string) => {
      for (const source of Object.keys(outputs[file]?.inputs ?? {})) sources.add(source)
      for (const edge of outputs[file]?.imports ?? []) if (edge.kind === "import-statement") visit(edge.path)
    }
    visit(main as string)
    expect([...sources].filter((source) => /core\/flows\/|effect\/dist\/Schema\.js/.test(source))).toEqual([])
  })
})
