/**
 * Bundles the secure site's browser scripts with esbuild, once per process: the frame page's script (`page/main.ts`,
 * served at `/sdk.js`) and the social callback's (`page/callback.ts`, at `/social-callback.js`).
 */
import { join } from "node:path"
import { build } from "esbuild"

/** The secure site's scripts. */
export interface FrameScripts {
  /** The frame page: talks to the app, logs in, holds the key, signs. */
  readonly sdk: string
  /** The social callback: posts the result to the app window that opened the popup, then closes. */
  readonly callback: string
}

let bundled: Promise<FrameScripts> | undefined

/**
 * The bundled scripts; built once per process.
 * @example
 * ```ts
 * const { sdk } = await bundleFrameScripts()
 * ```
 */
export const bundleFrameScripts = (): Promise<FrameScripts> => {
  bundled ??= build({
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
  }).then((result) => {
    const text = (name: string) => {
      const file = result.outputFiles.find((output) => output.path.endsWith(`/${name}.js`))
      if (file === undefined) throw new Error(`frame build: ${name}.js missing`)
      return file.text
    }
    return { sdk: text("sdk"), callback: text("callback") }
  })
  return bundled
}
