import { describe, expect, it } from "vitest"
import { bundleGraph, staticSources } from "../../fixtures/bundle.ts"
import { benchFirstLoad } from "../../fixtures/kernels.ts"

const react = ["react", "react-dom", "react/jsx-runtime", "react-dom/client"]

/** A page that shows the network button, bundled as an app would. */
const networkButtonPage = () =>
  bundleGraph({
    stdin: {
      contents: `import { NetworkButton } from "airlock-kit/react"; export const Page = () => <NetworkButton />`,
      loader: "tsx",
      resolveDir: process.cwd()
    },
    external: react,
    loader: { ".css": "empty" },
    jsx: "automatic"
  })

const brands = (sources: ReadonlyArray<string>) =>
  sources.filter((source) => source.includes("renderers/react/brands/"))

describe("brand logos stay off the first load", () => {
  it("the bench page's first load (before the Connect button shows) holds no brand logo", async () => {
    const { withCode } = await benchFirstLoad()
    expect(brands([...withCode])).toEqual([])
  }, 60_000)

  it("a page with the network button loads the network logos lazily, and never the social ones", async () => {
    const outputs = await networkButtonPage()
    const main = Object.keys(outputs).find((file) => outputs[file]?.entryPoint === "<stdin>")
    expect(main).toBeDefined()
    const first = staticSources(outputs, main as string)
    expect(first.some((source) => source.endsWith("components/NetworkButton.tsx"))).toBe(true)
    expect(first.filter((source) => /brands\/(networkLogos|socialLogos|index)\./.test(source))).toEqual([])
    // The network logos are one chunk of data of their own, fetched on the first draw of a network without an image.
    const logos = Object.keys(outputs).find((file) => outputs[file]?.entryPoint?.endsWith("brands/networkLogos.ts"))
    expect(logos).toBeDefined()
    const inputs = Object.keys(outputs[logos as string]?.inputs ?? {})
    expect(inputs.length).toBe(1)
    expect(inputs[0]).toMatch(/renderers\/react\/brands\/networkLogos\.ts$/)
  }, 60_000)
})
