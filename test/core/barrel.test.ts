import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { bundleGraph, staticSources } from "../fixtures/bundle.ts"

const entry = fileURLToPath(new URL("../../core/index.ts", import.meta.url))

describe("importing from airlock", () => {
  it("puts neither the schema library nor the services on an app's first load (validators are plain checks)", async () => {
    const outputs = await bundleGraph({
      stdin: {
        // What an app and a custom renderer import from the barrel.
        contents: `import { createAirlock, isEvmAddress, isEmail, isCaipAddress, formatBalance, truncateAddress } from ${JSON.stringify(entry)}
          console.log(createAirlock, isEvmAddress, isEmail, isCaipAddress, formatBalance, truncateAddress)`,
        resolveDir: fileURLToPath(new URL(".", import.meta.url)),
        loader: "ts"
      }
    })
    const main = Object.keys(outputs).find((file) => outputs[file]?.entryPoint === "<stdin>")
    const sources = staticSources(outputs, main as string)
    expect(
      sources.filter((source) =>
        /effect\/dist\/Schema\.js|core\/services\/(WalletApi|BlockchainApi|Analytics|Storage|http)/.test(source)
      )
    ).toEqual([])
  })
})
