/**
 * docs/react.md's "Server rendering" example runs as written on a server: its module is imported by a fresh Node
 * without browser globals (its `airlock-kit/*` imports pointing at the sources, as in run.test.ts), and its page is
 * rendered with `renderToString`. Its client's API is the sandbox's address, where nothing need listen: a failed
 * project fetch is an alert in the state, which the buttons do not show.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { entrySource } from "../fixtures/node/entries.ts"
import { runNode } from "../fixtures/node/runNode.ts"
import { extractExamples, root } from "./examples.ts"

const dir = join(root, "node_modules/.cache/airlock-docs-ssr")

/** The first example after the "Server rendering" heading of docs/react.md. */
const serverRenderingExample = () => {
  const text = readFileSync(join(root, "docs/react.md"), "utf8")
  const heading = text.slice(0, text.indexOf("\n## Server rendering\n")).split("\n").length
  return extractExamples("docs/react.md", text).find((example) => example.line > heading)
}

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe("docs/react.md's Server rendering example", () => {
  it("renders the disconnected buttons with renderToString in Node, logging nothing", { timeout: 60_000 }, async () => {
    const example = serverRenderingExample()
    expect(example?.code).toContain("export default function Page()")
    const code = (example?.code ?? "").replace(
      /from "(airlock-kit(?:\/[a-z]+)?)"/g,
      (whole, name: string) => `from ${JSON.stringify(entrySource(name) ?? whole)}`
    )
    mkdirSync(dir, { recursive: true })
    const file = join(dir, "Page.tsx")
    writeFileSync(file, code)
    const { html, logged, browserGlobals } = await runNode<{
      html: string
      logged: ReadonlyArray<string>
      browserGlobals: ReadonlyArray<string>
    }>("test/fixtures/node/renderModule.ts", file)
    expect(browserGlobals).toEqual([])
    expect(logged).toEqual([])
    const texts = [...html.matchAll(/<button[^>]*>(.*?)<\/button>/g)].map(([, inner]) =>
      (inner ?? "").replace(/<[^>]+>/g, "")
    )
    expect(texts).toEqual(["Connect Wallet", "EEthereum"])
  })
})
