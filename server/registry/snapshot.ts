/**
 * The wallet registry snapshot the production server ships: real wallet listings (`wallets.json`) and their logos
 * (`images/<image_id>.webp`), written by `scripts/registry-snapshot.ts`. Provenance and licence: docs/registry.md.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import * as Schema from "effect/Schema"
import { WalletListing } from "../../core/schema/wallet.ts"

/** Where the snapshot came from, as its header records it. */
export const SnapshotProvenance = Schema.Struct({
  source: Schema.String,
  licence: Schema.String,
  /** The day the snapshot was taken, YYYY-MM-DD. */
  date: Schema.String,
  count: Schema.Number
})
/** Where the snapshot came from. */
export type SnapshotProvenance = typeof SnapshotProvenance.Type

const SnapshotFile = Schema.Struct({ provenance: SnapshotProvenance, wallets: Schema.Array(WalletListing) })

const folder = import.meta.dirname
const imageFolder = join(folder, "images")

let cached: { readonly provenance: SnapshotProvenance; readonly wallets: ReadonlyArray<WalletListing> } | undefined

/**
 * The snapshot's header and wallets, read and decoded with the client's schema once per process.
 * @example
 * ```ts
 * const { provenance, wallets } = registrySnapshot()
 * wallets.find((w) => w.rdns === "io.metamask")?.name // "MetaMask"
 * ```
 */
export const registrySnapshot = (): {
  readonly provenance: SnapshotProvenance
  readonly wallets: ReadonlyArray<WalletListing>
} => {
  cached ??= Schema.decodeUnknownSync(SnapshotFile)(JSON.parse(readFileSync(join(folder, "wallets.json"), "utf8")))
  return cached
}

/** One image: its media type and bytes. */
export interface RegistryImage {
  readonly type: string
  readonly bytes: Buffer
}

let imageIds: ReadonlySet<string> | undefined
const images = new Map<string, RegistryImage>()

/**
 * The snapshot's logo for `imageId`, or undefined when the snapshot has none (read from disk once, then kept).
 * @example
 * ```ts
 * snapshotImage("e30d09fe-c0dd-4b61-81e2-d6dc09eb9700")?.type // "image/webp"
 * ```
 */
export const snapshotImage = (imageId: string): RegistryImage | undefined => {
  imageIds ??= new Set(
    existsSync(imageFolder)
      ? readdirSync(imageFolder)
          .filter((f) => f.endsWith(".webp"))
          .map((f) => f.slice(0, -".webp".length))
      : []
  )
  // Only names listed in the folder are read, so an id can never reach outside it.
  if (!imageIds.has(imageId)) return undefined
  let image = images.get(imageId)
  if (image === undefined) {
    image = { type: "image/webp", bytes: readFileSync(join(imageFolder, `${imageId}.webp`)) }
    images.set(imageId, image)
  }
  return image
}
