/**
 * Bundles the Sandbox Wallet (`inject.ts`) into one self-contained IIFE with esbuild, optionally preceded by its
 * configuration, for a `<script>` in the demo or Playwright's `page.addInitScript`.
 *
 * Run alone: `npx node sandbox/wallet/build.ts` writes `.sandbox/wallet.js` (no configuration baked in).
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { build } from "esbuild"
import type { SandboxWalletConfig } from "./config.ts"

export type { SandboxWalletConfig, WalletChain, WalletMode, WalletSolanaChain } from "./config.ts"

let bundle: Promise<string> | undefined

/** The bundled wallet script without configuration; built once per process. */
export const bundleWallet = (): Promise<string> => {
  bundle ??= build({
    entryPoints: [join(import.meta.dirname, "inject.ts")],
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    // kit keeps its error message table in a production bundle too (34 KB either way); "development" makes its
    // errors readable ("Transaction signature verification failure") instead of bare codes, for 1.3 KB more
    define: { "process.env.NODE_ENV": '"development"' }
  }).then((result) => result.outputFiles[0]!.text)
  return bundle
}

/**
 * The wallet script; with a configuration, it starts by setting `window.__sandboxWallet` to it (a value the page
 * already set wins, field by field).
 *
 * @example
 * ```ts
 * const script = await buildWalletScript({ chains: [{ chainId: 1, rpcUrl }], mode: "approve" })
 * await page.addInitScript({ content: script })
 * ```
 */
export const buildWalletScript = async (config?: SandboxWalletConfig): Promise<string> => {
  const code = await bundleWallet()
  if (!config) return code
  const prelude = `window.__sandboxWallet=Object.assign(${JSON.stringify(config)},window.__sandboxWallet);`
  return `${prelude}\n${code}`
}

/** Writes the unconfigured bundle to a file and returns its path. @default path `.sandbox/wallet.js` */
export const writeWalletScript = async (path = join(import.meta.dirname, "..", "..", ".sandbox", "wallet.js")) => {
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, await bundleWallet())
  return path
}

if (import.meta.main) {
  const path = await writeWalletScript()
  console.log(`wrote ${path} (${(await bundleWallet()).length} bytes)`)
}
