/**
 * Builds the demo dapp with Vite into memory (no files written), so parallel sandboxes never race on one output
 * folder and a fresh clone needs no build step. The page reads its runtime configuration from `/config.json`, so one
 * build serves every port layout; it is made once per process.
 *
 * Run alone: `npx node sandbox/demo/build.ts` prints the files and their sizes.
 */
import react from "@vitejs/plugin-react"
import { build, defaultClientConditions, type Plugin, type Rollup } from "vite"
import { walletScriptPath } from "./src/config.ts"

/** One built file. */
export interface DemoAsset {
  readonly body: Uint8Array
  readonly contentType: string
}

/** The built site: URL path (`/index.html`, `/assets/…`) to file. */
export type DemoSite = ReadonlyMap<string, DemoAsset>

/** The demo's Vite root. */
export const demoRoot = import.meta.dirname

const contentTypes: Readonly<Record<string, string>> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  json: "application/json; charset=utf-8",
  png: "image/png",
  woff2: "font/woff2",
  map: "application/json; charset=utf-8"
}

/** Content type by file extension. @default "application/octet-stream" */
export const contentTypeOf = (path: string): string =>
  contentTypes[path.slice(path.lastIndexOf(".") + 1)] ?? "application/octet-stream"

const toSite = (outputs: ReadonlyArray<Rollup.OutputChunk | Rollup.OutputAsset>): DemoSite => {
  const encoder = new TextEncoder()
  const site = new Map<string, DemoAsset>()
  for (const file of outputs) {
    const body =
      file.type === "chunk"
        ? encoder.encode(file.code)
        : typeof file.source === "string"
          ? encoder.encode(file.source)
          : file.source
    site.set(`/${file.fileName}`, { body, contentType: contentTypeOf(file.fileName) })
  }
  return site
}

// Added after bundling: Vite would otherwise try (and warn it cannot) bundle a classic script. A classic script runs
// while the page parses, before any module script, so the wallet is listening before the app asks.
const walletScriptTag: Plugin = {
  name: "airlock-sandbox-wallet-script",
  transformIndexHtml: {
    order: "post",
    handler: () => [{ tag: "script", attrs: { src: walletScriptPath }, injectTo: "head" }]
  }
}

let built: Promise<DemoSite> | undefined

/**
 * Builds the demo (once per process) and returns its files.
 * @example
 * ```ts
 * const site = await buildDemo()
 * site.get("/index.html")
 * ```
 */
export const buildDemo = (): Promise<DemoSite> => {
  built ??= build({
    root: demoRoot,
    configFile: false,
    logLevel: "warn",
    // `airlock-kit/*` imports resolve to this package's own sources through package.json `exports` (self-reference) and
    // its `airlock-source` condition; without it they would resolve to the unbuilt `dist/`.
    resolve: { conditions: ["airlock-source", ...defaultClientConditions] },
    plugins: [react(), walletScriptTag],
    build: {
      write: false,
      emptyOutDir: false,
      target: "es2022",
      reportCompressedSize: false,
      modulePreload: { polyfill: false }
    }
  }).then((result) => {
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ("output" in r ? r.output : []))
    if (outputs.length === 0) throw new Error("buildDemo: Vite returned no files")
    return toSite(outputs)
  })
  built.catch(() => {
    built = undefined
  })
  return built
}

if (import.meta.main) {
  const started = performance.now()
  const site = await buildDemo()
  for (const [path, asset] of site) console.log(`${path} ${asset.body.byteLength} bytes`)
  console.log(`built in ${Math.round(performance.now() - started)} ms`)
}
