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

describe("core loads in two parts: the first load, then one lazy part with every service and flow", () => {
  it("one import() brings the services, every flow but the embedded wallet's and the frame's lookup", async () => {
    const outputs = await bundle()
    const lazy = [...sourcesFetchedFor(outputs, "core/client/lazy.ts")]
    for (const area of ["connection", "modal", "network", "remote", "send", "approval", "account"]) {
      expect(
        lazy.some((source) => source.includes(`core/flows/${area}/`)),
        area
      ).toBe(true)
    }
    expect(lazy.some((source) => source.endsWith("core/client/layers.ts"))).toBe(true)
    expect(lazy.some((source) => source.endsWith("core/services/frameClient.ts"))).toBe(true)
    expect(lazy.filter((source) => source.includes("core/flows/embedded/"))).toEqual([])
    expect(lazy.filter((source) => source.endsWith("core/services/frameLive.ts"))).toEqual([])
    // createAirlock's import()s: that part, sign-in's (fetched only with the `siwx` or `siweConfig` option), and the
    // headless wallet list's (`connectWallet`, `loadWallets`: fetched only when an app calls them).
    const targets = Object.values(outputs)
      .filter((output) => output.entryPoint !== undefined && !output.entryPoint.endsWith("createAirlock.ts"))
      .map((output) => output.entryPoint?.replace(/^.*?core\//, "core/"))
      .filter((target) => target?.startsWith("core/"))
      .sort()
    const locales = targets.filter((target) => target?.startsWith("core/i18n/locales/"))
    expect(targets.filter((target) => !locales.includes(target))).toEqual([
      "core/client/lazy.ts",
      "core/client/multiWallet.ts",
      "core/client/siwx.ts",
      "core/client/wallets.ts"
    ])
    expect(lazy.filter((source) => source.includes("core/flows/wallets/"))).toEqual([])
    // Multi-wallet's actions (switch, disconnect one, add one) are a part of their own too.
    expect(
      lazy.filter((source) => /connection\/(switchConnection|disconnectConnection|addWallet)\.ts$/.test(source))
    ).toEqual([])
    expect(lazy.filter((source) => source.includes("core/flows/siwx/"))).toEqual([])
    // Each bundled locale but English is a chunk of its own, fetched only when it is chosen.
    expect(locales).toEqual(
      ["ar", "de", "es", "fr", "it", "ja", "ko", "pt-BR", "tr", "zh-CN", "zh-TW"].map(
        (tag) => `core/i18n/locales/${tag}.ts`
      )
    )
  })

  it("the embedded wallet's part is one import() of the frame's layer: the live frame and the login flows", async () => {
    const layer = fileURLToPath(new URL("../../../core/client/frameLayer.ts", import.meta.url))
    const outputs = await bundleGraph({ entryPoints: [layer] })
    const part = [...sourcesFetchedFor(outputs, "core/client/embedded.ts")]
    expect(part.some((source) => source.endsWith("core/services/frameLive.ts"))).toBe(true)
    expect(part.some((source) => source.includes("core/flows/embedded/"))).toBe(true)
    // The layer itself (on the first load of a page with `embedded()`) holds neither.
    const main = Object.keys(outputs).find((file) => outputs[file]?.entryPoint?.endsWith("frameLayer.ts"))
    const first = staticSources(outputs, main as string)
    expect(first.filter((source) => /frameLive|flows\/embedded/.test(source))).toEqual([])
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
      "core/flows/i18n/locale.ts",
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
