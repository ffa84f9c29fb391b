/**
 * The headless examples of README.md and docs/ run, as written, against the sandbox API: every block that neither
 * renders React nor imports a file of this repository, nor is marked ```ts no-run (a block for the reader's own host,
 * or one that only declares types) or ```ts renderer (a DOM renderer: run in Chromium by renderer.browser.test.ts). Two substitutions only: `airlock-kit/*` imports point at the
 * sources (through `shim.ts`, which records each client), and the sandbox's `http://127.0.0.1:4400` becomes the
 * port this test's API listens on. A fragment may use `airlock-kit` and `network` from an earlier example: they are
 * provided as a client on the sandbox and mainnet.
 *
 * Each example must finish without throwing; a line `expression // "value"` (or `// true` / `// false`) must give
 * that value; and no client it made may show an alert while it lives (an unknown project id, a refused
 * origin and the like show one).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type AirlockClient, createAirlock } from "../../core/index.ts"
import { mainnet } from "../../core/networks/index.ts"
import type { ApiServer } from "../../server/api/server.ts"
import { startTestApi } from "../server/api/fixture.ts"
import { allExamples, type Example, root } from "./examples.ts"
import { clients } from "./shim.ts"

const entries: Record<string, string> = {
  "airlock-kit": join(root, "test/docs/shim.ts"),
  "airlock-kit/networks": join(root, "core/networks/index.ts"),
  "airlock-kit/focus": join(root, "core/anatomy/viewFocus.ts"),
  "airlock-kit/evm": join(root, "adapters/evm/index.ts"),
  "airlock-kit/walletconnect": join(root, "adapters/walletconnect/index.ts"),
  "airlock-kit/solana": join(root, "adapters/solana/index.ts"),
  "airlock-kit/embedded": join(root, "adapters/embedded/index.ts"),
  "airlock-kit/server": join(root, "server/index.ts"),
  "airlock-kit/siwx": join(root, "core/siwx/index.ts"),
  "airlock-kit/onramp": join(root, "core/onramp/index.ts"),
  "airlock-kit/smart-sessions": join(root, "core/smartSessions/index.ts"),
  "airlock-kit/appkit": join(root, "adapters/appkit/index.ts"),
  "airlock-kit/effect": join(root, "core/effect.ts"),
  "airlock-kit/testing": join(root, "core/testing/index.ts"),
  ...Object.fromEntries(
    ["en", "ar", "de", "es", "fr", "it", "ja", "ko", "pt-BR", "tr", "zh-CN", "zh-TW"].map((tag) => [
      `airlock-kit/locales/${tag}`,
      join(root, `core/i18n/locales/${tag}.ts`)
    ])
  )
}

/**
 * Headless: every import is one of the package's own entries (not `airlock-kit/react`), effect or vitest (and, beside
 * `airlock-kit/server`, viem and Node's built-ins); not a block for
 * the reader's host (`no-run`) nor a DOM renderer (`renderer`, run in Chromium).
 */
const isHeadless = (example: Example): boolean => {
  const specifiers = [...example.code.matchAll(/^import\s[^"]*"([^"]+)"/gm)].map((match) => match[1] as string)
  // A server of the reader's own (docs/server.md) also runs: it uses Node's built-ins and viem beside `airlock-kit/server`.
  const server = specifiers.includes("airlock-kit/server")
  return (
    !example.info.includes("no-run") &&
    !example.info.includes("renderer") &&
    !example.info.includes("browser") &&
    !/<[A-Z][A-Za-z]*[\s/>]/.test(example.code) &&
    specifiers.every(
      (specifier) =>
        specifier in entries ||
        /^(effect(\/|$)|vitest$)/.test(specifier) ||
        (server && /^(viem(\/|$)|node:)/.test(specifier))
    )
  )
}

/** `expression // "value"`, `// true`, `// false`: the comment states what the expression gives. */
const stated = /^([^\s/][^\n]*?\))\s+\/\/ ("(?:[^"\\]|\\.)*"|true|false)(?=\s|$)[^\n]*$/gm

const prepare = (example: Example, api: string): string =>
  example.code
    .replace(/from "(airlock-kit(?:\/[a-z-]+(?:\/[A-Za-z-]+)?)?)"/g, (whole, specifier: string) =>
      specifier in entries ? `from ${JSON.stringify(entries[specifier])}` : whole
    )
    .replaceAll("http://127.0.0.1:4400", api)
    .replace(stated, (_line, expression: string, value: string) => {
      return `__docsExpect(${expression}, ${value}, ${JSON.stringify(expression)})`
    })

describe("the headless examples in README.md and docs/", () => {
  let api: ApiServer & { dir: string }
  let dir: string
  let fragmentClient: AirlockClient
  const examples = allExamples().filter(isHeadless)

  beforeAll(async () => {
    api = await startTestApi()
    dir = mkdtempSync(join(tmpdir(), "airlock-docs-run-"))
    fragmentClient = createAirlock({
      projectId: "airlock-demo",
      networks: [mainnet],
      adapters: [{ namespace: "eip155" }],
      endpoints: { walletApi: api.url, blockchainApi: api.url }
    })
    Object.assign(globalThis, {
      airlock: fragmentClient,
      network: mainnet,
      __docsExpect: (actual: unknown, value: unknown, expression: string) =>
        expect(actual, `${expression} gives what its comment says`).toEqual(value)
    })
  })

  afterAll(async () => {
    await Promise.all([...clients.map(({ client }) => client), fragmentClient].map((client) => client?.destroy()))
    for (const name of ["airlock", "network", "__docsExpect"]) Reflect.deleteProperty(globalThis, name)
    await api?.stop()
    if (dir) rmSync(dir, { recursive: true, force: true })
    rmSync(api.dir, { recursive: true, force: true })
  })

  it("include the README's and docs/headless.md's client examples", () => {
    const files = new Set(examples.map((example) => example.file))
    expect(files).toContain("docs/headless.md")
    expect(files).toContain("docs/testing.md")
    expect(files).toContain("docs/swap.md")
    expect(examples.length).toBeGreaterThanOrEqual(8)
  })

  it.each(examples.map((example) => [`${example.file}:${example.line}`, example] as const))(
    "%s runs against the sandbox",
    { timeout: 30_000 },
    async (_name, example) => {
      const made = clients.length
      const file = join(dir, `${example.file.replace(/\W+/g, "-")}-L${example.line}.ts`)
      writeFileSync(file, `${prepare(example, api.url)}\nexport {}\n`)
      await import(file)
      for (const { client, alerts } of clients.slice(made)) {
        // A client the example made with invalid options on purpose rejects `ready`; any other shows no alert.
        await client.ready.catch(() => undefined)
        expect(alerts, "alerts shown while the example ran").toEqual([])
      }
    }
  )
})
