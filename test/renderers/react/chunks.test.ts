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
  it("the modal shell brings the views of a first connection; the account's, the embedded wallet's and All Wallets come apart, each group one chunk", async () => {
    const outputs = await bundle()
    const shellChunk = chunkWith(outputs, "renderers/react/modal/Modal.tsx")
    const shell = staticSources(outputs, shellChunk)
    const inShell = (view: string) => shell.some((source) => source.endsWith(`views/${view}.tsx`))
    for (const view of ["Connect", "ConnectingExternal", "ConnectingWalletConnect", "Networks", "SwitchNetwork"]) {
      expect(inShell(view), view).toBe(true)
    }
    for (const view of ["Account", "Send", "AllWallets", "EmailLogin", "ApproveTransaction"]) {
      expect(inShell(view), view).toBe(false)
    }
    // A group is fetched together: each of its views lives in one chunk.
    expect(chunkWith(outputs, "views/Send.tsx")).toBe(chunkWith(outputs, "views/Account.tsx"))
    expect(chunkWith(outputs, "views/ApproveTransaction.tsx")).toBe(chunkWith(outputs, "views/EmailLogin.tsx"))
    expect(chunkWith(outputs, "views/AllWallets.tsx")).not.toBe(chunkWith(outputs, "views/Account.tsx"))
  })

  it("no renderer chunk pulls effect/Schema beyond core's lazy part (the buttons, the modal shell and the views stay light)", async () => {
    const outputs = await bundle()
    const main = Object.keys(outputs).find((file) => outputs[file]?.entryPoint?.endsWith("renderers/react/index.ts"))
    // Every lazy part runs on core's lazy part (a client fetches it right after start): what that brings is not the
    // renderer's.
    const lazyCore = Object.keys(outputs).find((file) => outputs[file]?.entryPoint?.endsWith("core/client/lazy.ts"))
    const core = new Set(lazyCore === undefined ? [] : staticSources(outputs, lazyCore))
    const schema = (chunk: string) =>
      staticSources(outputs, chunk).filter((source) => /effect\/dist\/Schema\.js/.test(source) && !core.has(source))
    const rendererChunks = [
      main as string,
      chunkWith(outputs, "renderers/react/modal/Modal.tsx"),
      chunkWith(outputs, "views/Account.tsx"),
      chunkWith(outputs, "views/AllWallets.tsx")
    ]
    for (const chunk of rendererChunks) expect(schema(chunk), chunk).toEqual([])
    // The buttons reach none of it.
    expect(staticSources(outputs, main as string).filter((source) => /effect\/dist\/Schema\.js/.test(source))).toEqual(
      []
    )
  })
})
