import { execFile } from "node:child_process"
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createServer, type Server } from "node:http"
import { tmpdir } from "node:os"
import { extname, join } from "node:path"
import { promisify } from "node:util"
import * as esbuild from "esbuild"
import type { Browser } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Sandbox, startSandbox } from "../../sandbox/index.ts"
import { listenLocal } from "../../server/http/listen.ts"
import { launchChromium, watchPage } from "./browser.ts"
import {
  type InstalledServer,
  runBin,
  serverPeerNames,
  serverPeerVersions,
  startInstalledServer
} from "./packageServer.ts"

const run = promisify(execFile)
const root = join(import.meta.dirname, "../..")
const repoPackage = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  version: string
  devDependencies: Record<string, string>
}
const tsc = join(root, "node_modules/typescript/bin/tsc")

// The package as a consumer gets it: `npm pack` (which builds dist/ through `prepack`), installed from the tarball
// into an app whose only other dependencies come from the registry. Nothing of this repository's sources is reachable
// from the app: a missing dist file, a `.ts` import left in the output or a wrong exports map fails here.
describe("the published package", () => {
  let work: string
  let app: string
  let sandbox: Sandbox
  let browser: Browser
  let server: { port: number; stop: () => Promise<void> } | undefined
  let airlockServer: InstalledServer | undefined

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), "airlock-pack-"))
    app = join(work, "app")
    const [packed, started, launched] = await Promise.all([
      run("npm", ["pack", "--json", "--pack-destination", work], { cwd: root, maxBuffer: 64 * 1024 * 1024 }),
      startSandbox({ quiet: true, dataDir: join(work, "sandbox") }),
      launchChromium()
    ])
    sandbox = started
    browser = launched
    // `prepack`'s build prints before npm's JSON report.
    const report = packed.stdout.slice(packed.stdout.search(/^\[/m))
    const [{ filename }] = JSON.parse(report) as [{ filename: string }]
    mkdirSync(app)
    writeFileSync(
      join(app, "package.json"),
      JSON.stringify({
        name: "consumer",
        private: true,
        type: "module",
        dependencies: {
          "airlock-kit": `file:${join(work, filename)}`,
          react: repoPackage.devDependencies.react,
          "react-dom": repoPackage.devDependencies["react-dom"],
          // What an operator adds for `npx airlock-server` (optional peers: a dapp's install goes without them).
          ...serverPeerVersions(repoPackage.devDependencies)
        }
      })
    )
    // Registry packages come from npm's cache when `npm ci` has filled it (CI), else from the registry.
    await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts"], {
      cwd: app,
      maxBuffer: 64 * 1024 * 1024
    })
  }, 300_000)

  afterAll(async () => {
    await airlockServer?.stop("SIGKILL").catch(() => undefined)
    await server?.stop()
    await browser?.close()
    await sandbox?.stop()
    if (work) rmSync(work, { recursive: true, force: true })
  })

  const installed = () => join(app, "node_modules/airlock-kit")

  it("ships built JavaScript, declarations and the stylesheet for every export, and no TypeScript sources", () => {
    const manifest = JSON.parse(readFileSync(join(installed(), "package.json"), "utf8")) as {
      version: string
      exports: Record<string, string | Record<string, string>>
    }
    expect(manifest.version).toBe(repoPackage.version)
    const targets = Object.entries(manifest.exports).flatMap(([subpath, target]) =>
      typeof target === "string"
        ? [[subpath, "default", target]]
        : Object.entries(target)
            .filter(([condition]) => condition !== "airlock-source")
            .map(([condition, path]) => [subpath, condition, path])
    )
    const missing = targets.filter(([, , path]) => !existsSync(join(installed(), path as string)))
    expect(missing).toEqual([])
    expect(existsSync(join(installed(), "core"))).toBe(false)
    expect(existsSync(join(installed(), "renderers"))).toBe(false)
  })

  it("runs createAirlock headless from a plain Node script, against the sandbox", async () => {
    writeFileSync(
      join(app, "headless.js"),
      `import { createAirlock, formatBalance } from "airlock-kit"
import { mainnet } from "airlock-kit/networks"
const airlock = createAirlock({
  projectId: ${JSON.stringify(sandbox.urls.projectId)},
  networks: [mainnet],
  adapters: [{ namespace: "eip155" }],
  endpoints: { walletApi: ${JSON.stringify(sandbox.urls.api)}, blockchainApi: ${JSON.stringify(sandbox.urls.api)} }
})
await airlock.ready
const state = airlock.getState()
console.log(JSON.stringify({ status: state.status, network: state.activeNetworks.eip155?.name, balance: formatBalance("1.23999", "ETH") }))
await airlock.destroy()
`
    )
    const { stdout } = await run(process.execPath, ["headless.js"], { cwd: app })
    expect(JSON.parse(stdout)).toEqual({ status: "ready", network: "Ethereum", balance: "1.239 ETH" })
  })

  it("type-checks an app against the published declarations (bundler resolution, no source condition)", async () => {
    writeFileSync(
      join(app, "check.ts"),
      `import { createAirlock, formatBalance, type AirlockState } from "airlock-kit"
import { mainnet } from "airlock-kit/networks"
import { ConnectButton } from "airlock-kit/react"
import "airlock-kit/react/styles.css"
const airlock = createAirlock({ networks: [mainnet], endpoints: { walletApi: "https://a.example", blockchainApi: "https://a.example" } })
const status: AirlockState["status"] = airlock.getState().status
const text: string = formatBalance("1", "ETH")
// @ts-expect-error formatBalance returns a string: the declarations are real types, not \`any\`
const wrong: number = formatBalance("1", "ETH")
export { ConnectButton, status, text, wrong }
`
    )
    writeFileSync(
      join(app, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "ESNext",
          moduleResolution: "bundler",
          lib: ["ES2023", "DOM"],
          jsx: "react-jsx",
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: []
        },
        files: ["check.ts"]
      })
    )
    const result = await run(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: app }).then(
      () => "",
      (error: { stdout: string }) => error.stdout
    )
    expect(result).toBe("")
  })

  it("bundles a page with airlock-kit/react and renders ConnectButton in Chromium, in the theme's font", async () => {
    writeFileSync(
      join(app, "page.jsx"),
      `import { createAirlock } from "airlock-kit"
import { mainnet } from "airlock-kit/networks"
import { AirlockProvider, ConnectButton } from "airlock-kit/react"
import "airlock-kit/react/styles.css"
import { createRoot } from "react-dom/client"
const airlock = createAirlock({
  projectId: ${JSON.stringify(sandbox.urls.projectId)},
  networks: [mainnet],
  adapters: [{ namespace: "eip155" }],
  endpoints: { walletApi: ${JSON.stringify(sandbox.urls.api)}, blockchainApi: ${JSON.stringify(sandbox.urls.api)} }
})
createRoot(document.getElementById("root")).render(<AirlockProvider client={airlock}><ConnectButton /></AirlockProvider>)
`
    )
    const out = join(app, "out")
    // The app's own resolution only: `absWorkingDir` is the app, and no `airlock-source` condition is set.
    await esbuild.build({
      absWorkingDir: app,
      entryPoints: ["page.jsx"],
      outdir: out,
      bundle: true,
      splitting: true,
      format: "esm",
      jsx: "automatic",
      define: { "process.env.NODE_ENV": '"production"' },
      logLevel: "silent"
    })
    writeFileSync(
      join(out, "index.html"),
      `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/page.css"></head><body style="font-family: serif"><div id="root"></div><script type="module" src="/page.js"></script></body></html>`
    )
    const types: Record<string, string> = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css" }
    const http: Server = createServer((request, response) => {
      if (request.url === "/favicon.ico") return void response.writeHead(204).end()
      const file = join(out, request.url === "/" ? "index.html" : (request.url ?? "").slice(1))
      if (!file.startsWith(out) || !existsSync(file)) return void response.writeHead(404).end()
      response.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" })
      response.end(readFileSync(file))
    })
    server = await listenLocal(http, 0)

    const page = await browser.newPage()
    const record = watchPage(page)
    await page.goto(`http://127.0.0.1:${server.port}/`)
    const button = page.getByRole("button", { name: "Connect Wallet" })
    await button.waitFor({ timeout: 15_000 })
    // The page is serif; the button brings its own font stack.
    const font = await button.evaluate((element) => getComputedStyle(element).fontFamily)
    expect(font).not.toBe("serif")
    // The modal, its flows and services are lazy chunks of the package: opening proves they resolve from dist/.
    await button.click()
    await page.getByRole("dialog", { name: "Connect Wallet" }).waitFor({ timeout: 15_000 })
    expect(record.errors).toEqual([])
    expect(record.foreignRequests).toEqual([])
    await page.close()
  })

  it("runs `airlock-server` from the installed package: ready, the wallet snapshot, the secure site, clean SIGTERM", async () => {
    const projectId = "package-test"
    const origin = "https://dapp.example"
    airlockServer = await startInstalledServer({
      app,
      dataDir: join(work, "airlock-data"),
      projects: [{ id: projectId, allowedOrigins: [origin] }]
    })
    const { api, frame } = airlockServer
    const get = (url: string) => fetch(url, { headers: { origin }, signal: AbortSignal.timeout(10_000) })

    const wallets = await get(`${api}/getWallets?projectId=${projectId}&page=1&entries=5`)
    expect(wallets.status).toBe(200)
    const listing = (await wallets.json()) as { count: number; data: Array<{ id: string; image_id?: string | null }> }
    // The shipped snapshot has hundreds of real wallets; the sandbox's registry has a handful.
    expect(listing.count).toBeGreaterThan(100)
    expect(listing.data).toHaveLength(5)
    // Its logos ship too: the image route embeds the snapshot's WebP rather than drawing a letter tile.
    const withLogo = listing.data.find((wallet) => wallet.image_id != null)
    const logo = await get(`${api}/getWalletImage/${withLogo?.image_id}?projectId=${projectId}`)
    expect(logo.status).toBe(200)
    expect(await logo.text()).toContain("data:image/webp;base64,")
    // A project the config file does not list is refused: the file was read.
    expect((await get(`${api}/getWallets?projectId=someone-else&page=1&entries=5`)).status).toBe(403)

    const sdk = await get(`${frame}/sdk.js`)
    expect(sdk.status).toBe(200)
    expect(sdk.headers.get("content-type")).toContain("javascript")
    expect((await sdk.text()).length).toBeGreaterThan(10_000)

    const exit = await airlockServer.stop("SIGTERM")
    airlockServer = undefined
    expect(exit.code, exit.output).toBe(0)
    expect(exit.output).toContain("airlock-server draining")
  }, 180_000)

  it("`airlock-server` without the server's peer packages names them and how to install them, and exits 1", async () => {
    // The package alone, as a dapp installs it: none of its optional peers next to it.
    const bare = join(work, "bare/node_modules/airlock-kit")
    cpSync(installed(), bare, { recursive: true })
    const exit = await runBin(join(bare, "bin/airlock-server.js"), join(work, "bare"))
    expect(exit.code, exit.output).toBe(1)
    expect(exit.output).toContain("npm install")
    for (const name of serverPeerNames) expect(exit.output).toContain(name)
    expect(exit.output).not.toMatch(/\n\s+at /)
    // Optional peers: npm installs none of them for a dapp that only uses the client.
    const manifest = JSON.parse(readFileSync(join(bare, "package.json"), "utf8")) as {
      peerDependenciesMeta: Record<string, { optional?: boolean }>
    }
    for (const name of serverPeerNames) expect(manifest.peerDependenciesMeta[name]?.optional, name).toBe(true)
  }, 60_000)
})
