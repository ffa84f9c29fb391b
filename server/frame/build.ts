/**
 * The secure site's browser scripts: the frame page's script (`page/main.ts`, served at `/sdk.js`) and the social
 * callback's (`page/callback.ts`, at `/social-callback.js`). The published package ships them prebuilt
 * (`npm run build` writes `scripts/sdk.js` and `scripts/callback.js` next to this file in dist/), since esbuild is a
 * development tool an installed server does not have; in the repository they are bundled with esbuild, once per
 * process.
 */
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"

/** The secure site's scripts. */
export interface FrameScripts {
  /** The frame page: talks to the app, logs in, holds the key, signs. */
  readonly sdk: string
  /** The social callback: posts the result to the app window that opened the popup, then closes. */
  readonly callback: string
}

/** Where `npm run build` puts the prebuilt scripts, relative to this module's folder. */
export const prebuiltFrameFolder = "scripts"

const prebuilt = (): FrameScripts | undefined => {
  const folder = join(import.meta.dirname, prebuiltFrameFolder)
  const sdk = join(folder, "sdk.js")
  const callback = join(folder, "callback.js")
  if (!existsSync(sdk) || !existsSync(callback)) return undefined
  return { sdk: readFileSync(sdk, "utf8"), callback: readFileSync(callback, "utf8") }
}

const bundle = async (): Promise<FrameScripts> => {
  // Loaded only here: the package does not depend on esbuild, and its prebuilt scripts make it unnecessary.
  const { build } = await import("esbuild")
  const result = await build({
    entryPoints: {
      sdk: join(import.meta.dirname, "page", "main.ts"),
      callback: join(import.meta.dirname, "page", "callback.ts")
    },
    outdir: "/frame-out",
    bundle: true,
    write: false,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none"
  })
  const text = (name: string) => {
    const file = result.outputFiles.find((output) => output.path.endsWith(`/${name}.js`))
    if (file === undefined) throw new Error(`frame build: ${name}.js missing`)
    return file.text
  }
  return { sdk: text("sdk"), callback: text("callback") }
}

let bundled: Promise<FrameScripts> | undefined

/**
 * The scripts: the prebuilt files when present (the published package), else bundled from `page/` with esbuild.
 * Read or built once per process.
 * @example
 * ```ts
 * const { sdk } = await bundleFrameScripts()
 * ```
 */
export const bundleFrameScripts = (): Promise<FrameScripts> => {
  bundled ??= Promise.resolve().then(() => prebuilt() ?? bundle())
  return bundled
}

/**
 * Bundles the scripts from `page/` with esbuild, ignoring any prebuilt files: what `npm run build` writes to dist/.
 * @example
 * ```ts
 * const { sdk, callback } = await bundleFrameScriptsFromSource()
 * ```
 */
export const bundleFrameScriptsFromSource = (): Promise<FrameScripts> => bundle()
