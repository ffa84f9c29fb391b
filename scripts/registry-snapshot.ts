/**
 * Writes the wallet registry snapshot the production server ships (`server/registry/wallets.json` and its images in
 * `server/registry/images/`) from the wallet listings the `thirdweb` npm package carries (Apache-2.0), so the server
 * serves real wallets with no hosted registry. See docs/registry.md.
 *
 * Usage: `node scripts/registry-snapshot.ts [--from <package folder>] [--date YYYY-MM-DD]`
 * `--from` defaults to `node_modules/thirdweb`; `--date` (the day the snapshot was taken, kept in its provenance)
 * defaults to today. The same package and date give byte-identical output.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { pathToFileURL } from "node:url"
import * as Schema from "effect/Schema"
import { WalletListing } from "../core/schema/wallet.ts"

/** The part of one source listing the snapshot reads; every field is checked before use. */
interface SourceWallet {
  readonly id: string
  readonly name: string
  readonly homepage?: string | null
  readonly image_id?: string | null
  readonly rdns?: string | null
  readonly app?: Readonly<Record<string, string | null>>
  readonly mobile?: { readonly native?: string | null; readonly universal?: string | null }
  readonly desktop?: { readonly native?: string | null; readonly universal?: string | null }
}

const root = resolve(import.meta.dirname, "..")
const outDir = join(root, "server/registry")
const imageDir = join(outDir, "images")

const argument = (name: string): string | undefined => {
  const at = process.argv.indexOf(name)
  return at === -1 ? undefined : process.argv[at + 1]
}

const packageDir = resolve(argument("--from") ?? join(root, "node_modules/thirdweb"))
const date = argument("--date") ?? new Date().toISOString().slice(0, 10)
if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new Error(`--date must be YYYY-MM-DD, got ${date}`)
const generated = join(packageDir, "dist/esm/wallets/__generated__")
if (!existsSync(generated)) {
  throw new Error(`No wallet listings at ${generated}: install thirdweb (a devDependency) or pass --from <folder>`)
}

const pkg = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as {
  name: string
  version: string
  license: string
}
if (pkg.license !== "Apache-2.0") throw new Error(`Expected the Apache-2.0 licence, the package says ${pkg.license}`)

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null)
const imageIdPattern = /^[\w.:-]{1,128}$/

const load = async (file: string): Promise<Record<string, unknown>> =>
  (await import(pathToFileURL(file).href)) as Record<string, unknown>

// The source's own ordering (its most used wallets first) becomes the registry's `order`.
const infos = (await load(join(generated, "wallet-infos.js"))).default as ReadonlyArray<{ id: string }>
const decode = Schema.decodeUnknownSync(WalletListing)

const wallets: Array<WalletListing> = []
const images = new Map<string, Buffer>()
for (const info of infos) {
  const folder = join(generated, "wallet", info.id)
  if (!existsSync(join(folder, "index.js"))) continue // the source's own in-app and smart wallets: no listing
  const source = (await load(join(folder, "index.js"))).wallet as SourceWallet
  const app = source.app ?? {}
  const rdns = text(source.rdns)
  const hasExtension = [app.chrome, app.firefox, app.edge, app.safari, app.opera].some((l) => text(l) !== null)
  let imageId = text(source.image_id)
  const dataUrl = existsSync(join(folder, "image.js")) ? text((await load(join(folder, "image.js"))).default) : null
  const webp = dataUrl?.match(/^data:image\/webp;base64,([A-Za-z0-9+/=]+)$/)?.[1]
  if (imageId === null || !imageIdPattern.test(imageId) || webp === undefined) imageId = null
  else images.set(imageId, Buffer.from(webp, "base64"))
  const listing = decode({
    id: source.id,
    name: source.name,
    image_id: imageId,
    homepage: text(source.homepage),
    mobile_link: text(source.mobile?.native) ?? text(source.mobile?.universal),
    desktop_link: text(source.desktop?.native) ?? text(source.desktop?.universal),
    webapp_link: text(app.browser),
    app_store: text(app.ios),
    play_store: text(app.android),
    chrome_store: text(app.chrome),
    rdns,
    // The source lists wallets for EVM apps but not which networks each one supports: unknown, not none.
    chains: null,
    // A browser extension with an rdns announces itself through EIP-6963 under that rdns.
    injected: rdns !== null && hasExtension ? [{ namespace: "eip155", injected_id: rdns }] : null,
    badge_type: null,
    order: wallets.length
  })
  wallets.push(listing)
}

const ids = new Set(wallets.map((w) => w.id))
if (ids.size !== wallets.length) throw new Error("The source lists a wallet id twice")

const snapshot = {
  provenance: {
    source: `${pkg.name}@${pkg.version} (npm), dist/esm/wallets/__generated__`,
    licence: `${pkg.license}; wallet names and logos are their owners' trademarks`,
    date,
    count: wallets.length
  },
  wallets
}

mkdirSync(imageDir, { recursive: true })
for (const file of readdirSync(imageDir)) rmSync(join(imageDir, file))
for (const [id, bytes] of [...images].sort(([a], [b]) => (a < b ? -1 : 1))) {
  writeFileSync(join(imageDir, `${id}.webp`), bytes)
}
writeFileSync(join(outDir, "wallets.json"), `${JSON.stringify(snapshot, null, 1)}\n`)
console.log(`Wrote ${wallets.length} wallets and ${images.size} images from ${pkg.name}@${pkg.version}`)
