/**
 * `npm run build`: the publishable package in `dist/` — ESM JavaScript and `.d.ts` files from `tsc -p
 * tsconfig.build.json` (relative `.ts` imports rewritten to `.js`), plus the React stylesheet. `package.json#exports`
 * sends consumers there through the `types` / `default` conditions; this repo resolves the `airlock-source` condition
 * to the TypeScript sources instead, so nothing here needs a build to run. `npm pack` runs this (`prepack`).
 *
 * `npx airlock-server` runs from dist/ too, so what the server reads at run time lands next to its modules: the wallet
 * registry snapshot (`server/registry/wallets.json`, `images/`) and the secure site's browser scripts, bundled here
 * because an installed package has no esbuild (server/frame/build.ts prefers these files).
 */
import { execFileSync } from "node:child_process"
import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { bundleFrameScriptsFromSource, prebuiltFrameFolder } from "../server/frame/build.ts"

const root = join(import.meta.dirname, "..")
const dist = join(root, "dist")

rmSync(dist, { recursive: true, force: true })
execFileSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"], {
  cwd: root,
  stdio: "inherit"
})

// tsc rewrites `.ts` specifiers in the JavaScript it emits but keeps them in declarations; consumers' TypeScript
// (any `moduleResolution`) expects the `.js` the runtime files carry.
const relativeTs = /((?:from|import)\s*\(?\s*["'])(\.{1,2}\/[^"']+)\.tsx?(["'])/g
const rewrite = (dir: string): void => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) rewrite(path)
    else if (entry.name.endsWith(".d.ts")) {
      const text = readFileSync(path, "utf8")
      const next = text.replace(relativeTs, "$1$2.js$3")
      if (next !== text) writeFileSync(path, next)
    }
  }
}
rewrite(dist)

copyFileSync(join(root, "renderers/react/theme/styles.css"), join(dist, "renderers/react/theme/styles.css"))
// `import "airlock-kit/react/styles.css"` type-checks in apps that check side-effect imports.
writeFileSync(join(dist, "renderers/react/theme/styles.css.d.ts"), "export {}\n")

// server/registry/snapshot.ts reads these beside itself.
copyFileSync(join(root, "server/registry/wallets.json"), join(dist, "server/registry/wallets.json"))
cpSync(join(root, "server/registry/images"), join(dist, "server/registry/images"), { recursive: true })

const frameScripts = join(dist, "server/frame", prebuiltFrameFolder)
mkdirSync(frameScripts, { recursive: true })
const { sdk, callback } = await bundleFrameScriptsFromSource()
writeFileSync(join(frameScripts, "sdk.js"), sdk)
writeFileSync(join(frameScripts, "callback.js"), callback)
console.log(`built ${dist}`)
