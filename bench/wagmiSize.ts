/**
 * What `airlock-kit/wagmi` costs, run by `npm run bench` after the size report: the entry bundled alone by esbuild
 * (it imports only types: nothing of core and nothing of wagmi comes with it), gzip -9, and a check that none of
 * its modules is in the plain bench page's bundle (an app that does not use it must not pay for it).
 */
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { gzipSync } from "node:zlib"
import * as esbuild from "esbuild"
import { appBuild } from "./fixtures/esbuild.ts"

/** What `airlock-kit/wagmi` may weigh, in KB gzip. */
const WAGMI_BUDGET_KB = 2

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const kb = (bytes: number) => (bytes / 1000).toFixed(2)
const wagmiModule = /^adapters\/wagmi\//

const alone = await esbuild.build({
  ...appBuild,
  metafile: true,
  write: false,
  entryPoints: [join(root, "adapters/wagmi/index.ts")],
  outdir: join(root, "bench/out/wagmi")
})
const code = alone.outputFiles?.find((file) => file.path.endsWith(".js"))?.contents ?? new Uint8Array()
const bytes = gzipSync(code, { level: 9 }).length
const foreign = Object.keys(alone.metafile.inputs).filter((input) => !wagmiModule.test(input))

const plain = await esbuild.build({
  ...appBuild,
  metafile: true,
  write: false,
  splitting: true,
  entryPoints: { page: join(root, "bench/fixtures/page.tsx") },
  outdir: join(root, "bench/out/wagmi-plain"),
  external: ["react", "react-dom", "react/jsx-runtime", "react-dom/client", "scheduler"]
})
const inPlain = Object.keys(plain.metafile.inputs).filter((input) => wagmiModule.test(input))

console.log("")
console.log("airlock-kit/wagmi (esbuild, gzip -9):")
console.log(`  the entry alone: ${kb(bytes)} KB, ${Object.keys(alone.metafile.inputs).length} module(s)`)
if (foreign.length > 0) {
  console.log(`  It bundles modules beyond its own: ${foreign.join(", ")}`)
  process.exitCode = 1
}
if (inPlain.length > 0) {
  console.log(`  The plain page bundles airlock-kit/wagmi modules: ${inPlain.join(", ")}`)
  process.exitCode = 1
} else console.log("  None of airlock-kit/wagmi is in the plain page's bundle.")
if (bytes > WAGMI_BUDGET_KB * 1000) {
  console.log(`  Over its ${WAGMI_BUDGET_KB} KB budget.`)
  process.exitCode = 1
}
