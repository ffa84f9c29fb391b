import { fileURLToPath } from "node:url"
import * as esbuild from "esbuild"
import { describe, expect, it } from "vitest"

const entry = fileURLToPath(new URL("../../core/index.ts", import.meta.url))

describe("importing from airlock", () => {
  it("puts neither the schema library nor the services on an app's first load (validators are plain checks)", async () => {
    const result = await esbuild.build({
      stdin: {
        // What an app and a custom renderer import from the barrel.
        contents: `import { createAirlock, isEvmAddress, isEmail, isCaipAddress, formatBalance, truncateAddress } from ${JSON.stringify(entry)}
          console.log(createAirlock, isEvmAddress, isEmail, isCaipAddress, formatBalance, truncateAddress)`,
        resolveDir: fileURLToPath(new URL(".", import.meta.url)),
        loader: "ts"
      },
      bundle: true,
      splitting: true,
      format: "esm",
      platform: "browser",
      write: false,
      metafile: true,
      outdir: "/virtual-out",
      logLevel: "silent"
    })
    const outputs = result.metafile.outputs
    const main = Object.keys(outputs).find((file) => outputs[file]?.entryPoint === "<stdin>")
    const sources = new Set<string>()
    const visit = (file: string) => {
      for (const source of Object.keys(outputs[file]?.inputs ?? {})) sources.add(source)
      for (const edge of outputs[file]?.imports ?? []) if (edge.kind === "import-statement") visit(edge.path)
    }
    visit(main as string)
    expect(
      [...sources].filter((source) =>
        /effect\/dist\/Schema\.js|core\/services\/(WalletApi|BlockchainApi|Analytics|Storage|http)/.test(source)
      )
    ).toEqual([])
  })
})
